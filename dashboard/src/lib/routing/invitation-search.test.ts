import { describe, expect, it } from 'vitest';
import { validateSignUpSearch } from './invitation-search';

describe('validateSignUpSearch', () => {
  it('keeps an invitation token and its address', () => {
    expect(validateSignUpSearch({ invitation: 'aB3_-x', email: 'lin@example.com' })).toEqual({
      invitation: 'aB3_-x',
      email: 'lin@example.com',
    });
  });

  it('drops an address without a token, and keeps a token without an address', () => {
    expect(validateSignUpSearch({ email: 'lin@example.com' })).toEqual({});
    expect(validateSignUpSearch({ invitation: 'abc', email: 'not an address' })).toEqual({
      invitation: 'abc',
    });
    expect(validateSignUpSearch({ invitation: 'abc', email: `${'x'.repeat(250)}@example.com` })).toEqual({
      invitation: 'abc',
    });
  });

  it('drops a token that is not URL-safe, empty or too long', () => {
    for (const invitation of ['', 'a b', 'a/b', '../x', 'x'.repeat(201), 42])
      expect(validateSignUpSearch({ invitation, email: 'lin@example.com' })).toEqual({});
  });
});
