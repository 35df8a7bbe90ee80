import { describe, expect, it } from 'vitest';
import { invitationReader } from './invitation-reader';

describe('invitationReader', () => {
  it('tells the invited address (in any case) from another account and from nobody', () => {
    expect(invitationReader('lin@example.com', 'Lin@Example.com')).toBe('invited');
    expect(invitationReader('lin@example.com', 'ada@example.com')).toBe('other-account');
    expect(invitationReader('lin@example.com', undefined)).toBe('signed-out');
  });
});
