import { describe, expect, it } from 'vitest';
import { shareText } from './quota-meter';

describe('shareText', () => {
  it('shows whole percents', () => {
    expect(shareText(0)).toBe('0%');
    expect(shareText(0.425)).toBe('43%');
    expect(shareText(1.2)).toBe('120%');
  });

  it('shows a little use as <1%, never as 0%', () => {
    expect(shareText(0.004)).toBe('<1%');
    expect(shareText(0.00001)).toBe('<1%');
  });
});
