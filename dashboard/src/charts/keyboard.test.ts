import { describe, expect, it } from 'vitest';
import { moveIndex } from './keyboard';

describe('moveIndex', () => {
  it('moves one bucket with the left and right arrows and stops at the ends', () => {
    expect(moveIndex('ArrowLeft', 5, 10)).toBe(4);
    expect(moveIndex('ArrowRight', 5, 10)).toBe(6);
    expect(moveIndex('ArrowLeft', 0, 10)).toBe(0);
    expect(moveIndex('ArrowRight', 9, 10)).toBe(9);
  });

  it('starts from the latest bucket with the left arrow and from the first with the right arrow', () => {
    expect(moveIndex('ArrowLeft', null, 10)).toBe(9);
    expect(moveIndex('ArrowRight', null, 10)).toBe(0);
  });

  it('jumps to the ends with Home and End, and a tenth of the way with Page Up and Page Down', () => {
    expect(moveIndex('Home', 5, 30)).toBe(0);
    expect(moveIndex('End', 5, 30)).toBe(29);
    expect(moveIndex('PageUp', 20, 30)).toBe(17);
    expect(moveIndex('PageDown', 28, 30)).toBe(29);
  });

  it('hides the highlight with Escape, and leaves Escape alone when nothing is highlighted', () => {
    expect(moveIndex('Escape', 3, 10)).toBeNull();
    expect(moveIndex('Escape', null, 10)).toBeUndefined();
  });

  it('leaves other keys, and every key on an empty chart, to the browser', () => {
    expect(moveIndex('Tab', 3, 10)).toBeUndefined();
    expect(moveIndex('ArrowDown', 3, 10)).toBeUndefined();
    expect(moveIndex('ArrowLeft', null, 0)).toBeUndefined();
  });
});
