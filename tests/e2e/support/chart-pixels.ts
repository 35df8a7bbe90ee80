// Reading the time chart's pixels: where to look (just under its line, clear of the other lines), what an
// image shows there (decoded by the browser, so no PNG decoder is needed), and whether that colour is the
// series colour laid thinly over the background, as the chart's translucent area is.
import { crc32 } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';

/** A point in CSS pixels from the chart's top-left corner. */
export interface Point {
  x: number;
  y: number;
}

export type Rgb = [number, number, number];

/** How far under the line a probe sits: below the stroke, well inside the area. */
const PROBE_DEPTH = 8;

/**
 * Up to `count` points just under the line's highest stretches (where the area's fill is strongest), each
 * at least 20 px from the others and clear of grid lines, of notes and of the previous period's line. Also answers
 * the line's colour, the series colour.
 */
export async function pointsUnderLine(
  chart: Locator,
  count = 5,
): Promise<{ points: Point[]; series: Rgb; background: Point }> {
  const found = await chart.evaluate(
    (svg, { count, depth }) => {
      const box = svg.getBoundingClientRect();
      const along = (selector: string) => {
        const path = svg.querySelector<SVGGeometryElement>(selector);
        const matrix = path?.getScreenCTM();
        if (!path || !matrix) return [];
        const length = path.getTotalLength();
        return Array.from({ length: 600 }, (_, index) => {
          const point = path.getPointAtLength((length * index) / 599).matrixTransform(matrix);
          return { x: point.x - box.left, y: point.y - box.top };
        });
      };
      const line = along('.ff-chart-line');
      const previous = along('.ff-chart-line-compare');
      const rules = [...svg.querySelectorAll('.ff-chart-gridline, .ff-chart-baseline')].map(
        (rule) => rule.getBoundingClientRect().top - box.top,
      );
      const plot = svg.querySelector('.ff-chart-area')?.getBoundingClientRect() ?? box;
      // Notes lay their own colour over the area (a band over a stretch, a rule at a day): look elsewhere.
      const notes = [...svg.querySelectorAll('.ff-chart-note-band, .ff-chart-note-rule')].map((mark) => {
        const { left, right } = mark.getBoundingClientRect();
        return { left: left - box.left - 4, right: right - box.left + 4 };
      });
      const near = (points: { x: number; y: number }[], x: number, y: number, gap: number) =>
        points.some((point) => Math.abs(point.x - x) < gap && Math.abs(point.y - y) < gap);
      const chosen: { x: number; y: number }[] = [];
      for (const point of [...line].sort((a, b) => a.y - b.y)) {
        const x = Math.round(point.x);
        const y = Math.round(point.y + depth);
        if (chosen.some((other) => Math.abs(other.x - x) < 20)) continue;
        if (x < plot.left - box.left + 4 || x > plot.right - box.left - 4) continue;
        if (rules.some((rule) => Math.abs(rule - y) < 4)) continue;
        if (notes.some((note) => x >= note.left && x <= note.right)) continue;
        if (near(previous, x, y, 6) || near(line, x, y, depth - 2)) continue;
        chosen.push({ x, y });
        if (chosen.length === count) break;
      }
      const stroke = getComputedStyle(svg.querySelector('.ff-chart-line') as Element).stroke;
      // The top-left corner is margin, where nothing is drawn: the background.
      return { points: chosen, stroke, background: { x: 1, y: 1 } };
    },
    { count, depth: PROBE_DEPTH },
  );
  const channels = found.stroke.match(/\d+(\.\d+)?/g)?.map(Number) ?? [];
  if (channels.length < 3) throw new Error(`unexpected line colour ${found.stroke}`);
  return { points: found.points, series: channels.slice(0, 3) as Rgb, background: found.background };
}

/** The colours of a PNG image at `points`, given in CSS pixels of an image drawn at `scale`. */
export async function pixelsAt(page: Page, png: Buffer, points: Point[], scale: number): Promise<Rgb[]> {
  return page.evaluate(
    async ({ base64, points, scale }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }), {
        colorSpaceConversion: 'none',
      });
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas context');
      context.drawImage(image, 0, 0);
      return points.map(({ x, y }) => {
        // The middle of the device pixels that the CSS pixel covers.
        const data = context.getImageData(
          Math.floor((x + 0.5) * scale),
          Math.floor((y + 0.5) * scale),
          1,
          1,
        ).data;
        return [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0] as [number, number, number];
      });
    },
    { base64: png.toString('base64'), points, scale },
  );
}

/**
 * Where `pixel` lies on the way from `background` (0) to `series` (1), and how far off that way it is: a
 * translucent fill of the series colour gives an amount between 0 and 1 and almost no offset.
 */
export function blendOf(pixel: Rgb, background: Rgb, series: Rgb): { amount: number; offBy: number } {
  const way = minus(series, background);
  const seen = minus(pixel, background);
  const amount = dot(seen, way) / dot(way, way);
  const rest = minus(seen, [amount * way[0], amount * way[1], amount * way[2]]);
  return { amount, offBy: Math.sqrt(dot(rest, rest)) };
}

function minus(a: Rgb, b: Rgb): Rgb {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

function dot(a: Rgb, b: Rgb): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/** Whether every channel of `a` is within `tolerance` of `b`'s. */
export function closeColours(a: Rgb, b: Rgb, tolerance: number): boolean {
  return minus(a, b).every((difference) => Math.abs(difference) <= tolerance);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * The images a PDF file embeds, each made back into a PNG file. jsPDF stores an opaque PNG's pixels as RGB
 * rows with PNG's own row filters, deflated (`/FlateDecode` with a PNG `/Predictor`): exactly the data of a
 * PNG file's IDAT chunk, so a PNG header around it is all a browser needs to decode it.
 */
export function pdfImagesAsPng(pdf: Buffer): Buffer[] {
  const text = pdf.toString('latin1');
  const images: Buffer[] = [];
  for (const match of text.matchAll(/<<([^>]*\/Subtype \/Image[^>]*(?:>>[^>]*)*?)>>\s*stream\r?\n/g)) {
    const dictionary = match[1] ?? '';
    if (!/\/ColorSpace \/DeviceRGB/.test(dictionary) || !/\/Predictor 1[0-5]/.test(dictionary)) continue;
    const width = Number(/\/Width (\d+)/.exec(dictionary)?.[1]);
    const height = Number(/\/Height (\d+)/.exec(dictionary)?.[1]);
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
    const start = (match.index ?? 0) + match[0].length;
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    // 8 bits a channel, RGB, deflate, adaptive filters, no interlace.
    header.set([8, 2, 0, 0, 0], 8);
    images.push(
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', header),
        chunk('IDAT', pdf.subarray(start, start + length)),
        chunk('IEND', Buffer.alloc(0)),
      ]),
    );
  }
  return images;
}
