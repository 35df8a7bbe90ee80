/** A column of numbers, in the narrowest typed array that holds them all. */
export type Column = Uint8Array | Uint16Array | Uint32Array | Float64Array;

/** The narrowest column for `values`: unsigned integers in 1, 2 or 4 bytes, anything else in 8. */
export function narrowest(values: readonly number[]): Column {
  let max = 0;
  let whole = true;
  for (const value of values) {
    if (value > max) max = value;
    if (!(value >= 0 && Number.isInteger(value))) whole = false;
  }
  if (!whole || max >= 2 ** 32) return Float64Array.from(values);
  if (max < 2 ** 8) return Uint8Array.from(values);
  if (max < 2 ** 16) return Uint16Array.from(values);
  return Uint32Array.from(values);
}

/** How a column is stored: 0 when all its values are 0 (nothing stored), else its bytes per value. */
export function widthOf(column: Column): 0 | 1 | 2 | 4 | 8 {
  if (column instanceof Uint8Array && column.every((value) => value === 0)) return 0;
  return column.BYTES_PER_ELEMENT as 1 | 2 | 4 | 8;
}

/** A column of `length` values of `width` bytes over `bytes` (aligned to `width`), as `widthOf` stored it. */
export function columnOf(width: number, buffer: ArrayBuffer, offset: number, length: number): Column {
  switch (width) {
    case 0:
      return new Uint8Array(length);
    case 1:
      return new Uint8Array(buffer, offset, length);
    case 2:
      return new Uint16Array(buffer, offset, length);
    case 4:
      return new Uint32Array(buffer, offset, length);
    case 8:
      return new Float64Array(buffer, offset, length);
    default:
      throw new Error(`a column ${width} bytes wide`);
  }
}
