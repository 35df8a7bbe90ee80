import { describe, expect, it, vi } from 'vitest';
import { type SyncRule, validateField, validateFieldSync } from './rules-core';
import { dimensions, ext, type ImageSizeReader, image, mimes, readImageSize, size } from './rules-files';

function check(rule: SyncRule, value: unknown): string | null {
  return validateFieldSync([rule], value, { label: 'avatar' });
}

function passes(rule: SyncRule, value: unknown): boolean {
  return check(rule, value) === null;
}

function file(name: string, type = '', bytes = 1): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe('size', () => {
  it('accepts files up to the given size in KB of 1024 bytes', () => {
    expect(passes(size(2), file('a.png', 'image/png', 2048))).toBe(true);
    expect(check(size(2), file('a.png', 'image/png', 2049))).toBe(
      'The avatar field size must be less than 2KB',
    );
  });

  it('checks every file of a list', () => {
    expect(passes(size(1), [file('a.txt', '', 10), file('b.txt', '', 1025)])).toBe(false);
    expect(passes(size(1), [file('a.txt', '', 10), file('b.txt', '', 1024)])).toBe(true);
  });

  it('fails on values that are not files', () => {
    expect(passes(size(1), 'a.png')).toBe(false);
    expect(passes(size(1), [file('a.png'), 'b.png'])).toBe(false);
  });
});

describe('mimes', () => {
  it('accepts listed MIME types, ignoring case and parameters', () => {
    const rule = mimes(['application/pdf', 'text/plain']);
    expect(passes(rule, file('a.pdf', 'application/pdf'))).toBe(true);
    expect(passes(rule, new Blob(['x'], { type: 'text/plain;charset=utf-8' }))).toBe(true);
    expect(check(rule, file('a.png', 'image/png'))).toBe('The avatar field must have a valid file type');
  });

  it('treats type/* as any subtype of that type only', () => {
    const rule = mimes(['image/*']);
    expect(passes(rule, file('a.webp', 'image/webp'))).toBe(true);
    expect(passes(rule, file('a.svg', 'image/svg+xml'))).toBe(true);
    expect(passes(rule, file('a.mp4', 'video/mp4'))).toBe(false);
    expect(passes(rule, file('a.txt', 'imagery/text'))).toBe(false);
  });

  it('rejects a file whose type is unknown', () => {
    expect(passes(mimes(['image/*']), file('a.png'))).toBe(false);
  });
});

describe('ext', () => {
  it('accepts listed extensions, with or without a dot, whatever the case', () => {
    const rule = ext(['png', '.JPG', 'tar.gz']);
    for (const name of ['a.png', 'A.PNG', 'photo.jpg', 'backup.tar.gz'])
      expect(passes(rule, file(name))).toBe(true);
    expect(check(rule, file('a.gif'))).toBe('The avatar field is not a valid file');
  });

  it('rejects a name that merely ends with the letters of an extension', () => {
    expect(passes(ext(['png']), file('apng'))).toBe(false);
  });

  it('rejects a Blob, which has no name', () => {
    expect(passes(ext(['png']), new Blob(['x'], { type: 'image/png' }))).toBe(false);
  });
});

describe('image', () => {
  it('accepts image MIME types and rejects others', () => {
    expect(passes(image(), file('a.bin', 'image/png'))).toBe(true);
    expect(check(image(), file('a.png', 'application/pdf'))).toBe('The avatar field must be an image');
  });

  it('falls back on the extension when the type is unknown', () => {
    expect(passes(image(), file('photo.JPEG'))).toBe(true);
    expect(passes(image(), file('notes.txt'))).toBe(false);
  });
});

describe('dimensions', () => {
  const reader =
    (width: number, height: number): ImageSizeReader =>
    async () => ({ width, height });

  it('accepts an image of exactly the given width and height', async () => {
    const rule = dimensions(200, 100, { reader: reader(200, 100) });
    await expect(validateField([rule], file('a.png', 'image/png'), { label: 'avatar' })).resolves.toBeNull();
  });

  it('rejects an image of any other size, naming the expected one', async () => {
    for (const [width, height] of [
      [100, 200],
      [201, 100],
      [200, 99],
    ] as const) {
      const rule = dimensions(200, 100, { reader: reader(width, height) });
      await expect(validateField([rule], file('a.png', 'image/png'), { label: 'avatar' })).resolves.toBe(
        'The avatar field must be 200 pixels by 100 pixels',
      );
    }
  });

  it('reads every file of a list and fails if one does not fit', async () => {
    const sizes = new Map([
      ['a.png', { width: 10, height: 10 }],
      ['b.png', { width: 10, height: 11 }],
    ]);
    const read = vi.fn<ImageSizeReader>(
      async (blob) => sizes.get(blob instanceof File ? blob.name : '') ?? { width: 0, height: 0 },
    );
    const rule = dimensions(10, 10, { reader: read });
    await expect(
      validateField([rule], [file('a.png'), file('b.png')], { label: 'avatar' }),
    ).resolves.not.toBeNull();
    expect(read).toHaveBeenCalledTimes(2);
    await expect(validateField([rule], [file('a.png')], { label: 'avatar' })).resolves.toBeNull();
  });

  it('fails when the reader cannot decode the file', async () => {
    const rule = dimensions(10, 10, { reader: () => Promise.reject(new Error('not an image')) });
    await expect(validateField([rule], file('a.png'), { label: 'avatar' })).resolves.toBe(
      'The avatar field must be 10 pixels by 10 pixels',
    );
  });

  it('lets an empty value through without reading anything', async () => {
    const read = vi.fn<ImageSizeReader>(async () => ({ width: 1, height: 1 }));
    await expect(
      validateField([dimensions(10, 10, { reader: read })], [], { label: 'avatar' }),
    ).resolves.toBeNull();
    expect(read).not.toHaveBeenCalled();
  });

  it('is asynchronous, and by default reads the size through createImageBitmap', async () => {
    const close = vi.fn();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 3, height: 4, close })),
    );
    try {
      expect(dimensions(3, 4).async).toBe(true);
      await expect(readImageSize(file('a.png'))).resolves.toEqual({ width: 3, height: 4 });
      expect(close).toHaveBeenCalledOnce();
      await expect(validateField([dimensions(3, 4)], file('a.png'), { label: 'avatar' })).resolves.toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('empty values', () => {
  it('pass every file rule, so an optional upload may be left empty', () => {
    for (const rule of [size(1), mimes(['image/png']), ext(['png']), image()]) {
      expect(passes(rule, null)).toBe(true);
      expect(passes(rule, [])).toBe(true);
    }
  });
});
