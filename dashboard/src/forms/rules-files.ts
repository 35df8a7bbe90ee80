import { type AsyncRule, isEmpty, optionalRule, type RuleName, type SyncRule } from './rules-core';

/** The pixel size of a decoded image. */
export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/** Decodes an image enough to tell its size; rejects when the data is not an image it can decode. */
export type ImageSizeReader = (image: Blob) => Promise<ImageSize>;

/** The browser's reader, through `createImageBitmap`. */
export const readImageSize: ImageSizeReader = async (image) => {
  const bitmap = await createImageBitmap(image);
  try {
    return { width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
};

/** The files of a value: one `File`/`Blob`, an array of them or a `FileList`; `null` for anything else. */
function blobsOf(value: unknown): readonly Blob[] | null {
  if (value instanceof Blob) return [value];
  if (typeof FileList !== 'undefined' && value instanceof FileList) return Array.from(value);
  if (!Array.isArray(value)) return null;
  const blobs = value.filter((item): item is Blob => item instanceof Blob);
  return blobs.length === value.length ? blobs : null;
}

function fileRule(name: RuleName, wording: string, test: (file: Blob) => boolean): SyncRule {
  return optionalRule(name, (value, { label }) => {
    const files = blobsOf(value);
    return files?.every(test) ? null : `The ${label} field ${wording}`;
  });
}

/** Every file weighs at most `kilobytes` KB (of 1024 bytes). */
export function size(kilobytes: number): SyncRule {
  return fileRule('size', `size must be less than ${kilobytes}KB`, (file) => file.size <= kilobytes * 1024);
}

/** A MIME type without its parameters ('text/plain;charset=utf-8' is 'text/plain'), in lower case. */
function essence(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

/** Every file's MIME type is one of `types`, where 'image/*' stands for any image type. */
export function mimes(types: readonly string[]): SyncRule {
  const accepted = types.map(essence);
  return fileRule('mimes', 'must have a valid file type', (file) => {
    const type = essence(file.type);
    return (
      type !== '' &&
      accepted.some((mime) => (mime.endsWith('/*') ? type.startsWith(mime.slice(0, -1)) : type === mime))
    );
  });
}

function nameOf(file: Blob): string {
  return file instanceof File ? file.name.toLowerCase() : '';
}

/** Every file's name ends with one of `extensions` ('png' or '.png', 'tar.gz'), whatever the case. */
export function ext(extensions: readonly string[]): SyncRule {
  const endings = extensions.map((extension) => `.${extension.replace(/^\./, '').toLowerCase()}`);
  return fileRule('ext', 'is not a valid file', (file) =>
    endings.some((ending) => nameOf(file).endsWith(ending)),
  );
}

const IMAGE_NAME = /\.(?:avif|bmp|gif|jpe?g|png|svg|webp)$/;

/** Every file is an image: an image/* MIME type, or an image extension when the type is unknown. */
export function image(): SyncRule {
  return fileRule('image', 'must be an image', (file) =>
    file.type === '' ? IMAGE_NAME.test(nameOf(file)) : essence(file.type).startsWith('image/'),
  );
}

/** Options of {@link dimensions}. */
export interface DimensionsOptions {
  /** How to read an image's size; {@link readImageSize} unless given (tests pass a fake one). */
  readonly reader?: ImageSizeReader;
}

/** Every file is an image of exactly `width` × `height` pixels; a file that cannot be decoded fails. */
export function dimensions(width: number, height: number, options: DimensionsOptions = {}): AsyncRule {
  const reader = options.reader ?? readImageSize;
  const fits = async (file: Blob): Promise<boolean> => {
    try {
      const decoded = await reader(file);
      return decoded.width === width && decoded.height === height;
    } catch {
      return false;
    }
  };
  return {
    name: 'dimensions',
    async: true,
    async check(value, { label }) {
      if (isEmpty(value)) return null;
      const files = blobsOf(value);
      const passes = files !== null && (await Promise.all(files.map(fits))).every(Boolean);
      return passes ? null : `The ${label} field must be ${width} pixels by ${height} pixels`;
    },
  };
}
