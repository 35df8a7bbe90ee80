import { downloadBlob } from './download';

// Browser only: a chart on screen as a PNG image. The chart's SVG takes its colours and fonts from the
// page's CSS (custom properties, classes), which an SVG drawn as an image cannot see, so the computed
// values are copied onto a clone first. End-to-end tests in Chromium cover this file.

export interface PngOptions {
  /** Device pixels per CSS pixel; 2 keeps lines sharp on high-density screens and in print. */
  scale?: number;
  /** Any CSS colour; defaults to the first opaque background behind the chart, else white. */
  background?: string;
}

/**
 * Every property that decides how an SVG shape, gradient stop or text is painted: SVG 2's presentation
 * properties, less those about geometry and events. All of them, not the few the charts' stylesheet sets
 * today: one left out falls back to its initial value in the image, with nothing to show it is missing
 * until someone looks (a gradient stop without `stop-color` is opaque black, so the chart's translucent
 * area came out solid black).
 */
const INLINED_PROPERTIES = [
  'display',
  'visibility',
  'opacity',
  'color',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-opacity',
  'paint-order',
  'vector-effect',
  'stop-color',
  'stop-opacity',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'marker-start',
  'marker-mid',
  'marker-end',
  'shape-rendering',
  'color-interpolation',
  'color-interpolation-filters',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'font-stretch',
  'font-variant-numeric',
  'letter-spacing',
  'word-spacing',
  'text-anchor',
  'text-decoration',
  'text-rendering',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'direction',
  'writing-mode',
] as const;

function inlineStyles(source: Element, target: Element): void {
  const computed = getComputedStyle(source);
  const style = (target as SVGElement).style;
  for (const property of INLINED_PROPERTIES) {
    const value = computed.getPropertyValue(property);
    if (value) style.setProperty(property, value);
  }
}

/** A standalone copy of `svg`: its computed styles inlined and its on-screen size made explicit. */
function standaloneSvg(svg: SVGSVGElement, width: number, height: number): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  inlineStyles(svg, clone);
  const sources = svg.querySelectorAll('*');
  const targets = clone.querySelectorAll('*');
  sources.forEach((source, index) => {
    const target = targets[index];
    if (target) inlineStyles(source, target);
  });
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  if (!clone.hasAttribute('viewBox')) clone.setAttribute('viewBox', `0 0 ${width} ${height}`);
  return new XMLSerializer().serializeToString(clone);
}

/** The first opaque background colour behind `element`, which is what the chart is seen against. */
function backgroundBehind(element: Element): string {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const color = getComputedStyle(node).backgroundColor;
    if (color && color !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(color)) return color;
  }
  return '#ffffff';
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The chart could not be drawn as an image'));
    image.src = url;
  });
}

function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The chart image could not be encoded'))),
      'image/png',
    );
  });
}

/** `svg` as it looks on screen, rasterised to a PNG at `scale` over an opaque background. */
export async function svgToPngBlob(svg: SVGSVGElement, options: PngOptions = {}): Promise<Blob> {
  const scale = options.scale ?? 2;
  const box = svg.getBoundingClientRect();
  const width = Math.max(1, Math.round(box.width));
  const height = Math.max(1, Math.round(box.height));
  // A data: URL, not a blob: one, because the app's Content-Security-Policy allows data: images only.
  // Web fonts cannot load inside an SVG image; the chart falls back to the system fonts it names.
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(standaloneSvg(svg, width, height))}`;
  const image = await loadImage(url);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The chart image could not be drawn: no canvas context');
  // PNG keeps transparency, and a transparent chart turns black in some viewers and PDF readers: white
  // first, so even a translucent background colour ends up opaque.
  for (const fill of ['#ffffff', options.background ?? backgroundBehind(svg)]) {
    context.fillStyle = fill;
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvasToPng(canvas);
}

/** What the exported image says around the chart, so that it reads on its own in a slide or a mail. */
export interface PngFrame {
  /** `Demo Company · Visitors per day`. */
  title: string;
  /** `Nov 3 – Dec 2, 2026 · Source: Google`. */
  subtitle: string;
  /** The chart's series as they are drawn: a solid line for the period, a dashed one for the previous. */
  legend: { label: string; dashed?: boolean }[];
}

/**
 * Where the chart sits in a framed image, in CSS pixels: a margin all round (the value axis's labels no
 * longer touch the edge), two lines of title above, the legend below.
 */
export const PNG_FRAME_LAYOUT = { margin: 24, header: 52, legend: 32 } as const;

/** The chart with its title, period, filters and legend around it, as a PNG at twice its on-screen size. */
export async function framedPngBlob(svg: SVGSVGElement, frame: PngFrame, scale = 2): Promise<Blob> {
  const chart = await createImageBitmap(await svgToPngBlob(svg, { scale }));
  const { margin, header, legend } = PNG_FRAME_LAYOUT;
  const width = chart.width / scale + 2 * margin;
  const height = chart.height / scale + 2 * margin + header + legend;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The chart image could not be drawn: no canvas context');
  context.scale(scale, scale);
  const styles = getComputedStyle(svg);
  const text = styles.getPropertyValue('--text').trim() || '#111827';
  const muted = styles.getPropertyValue('--text-muted').trim() || '#6b7280';
  const font = styles.fontFamily || 'sans-serif';
  for (const fill of ['#ffffff', backgroundBehind(svg)]) {
    context.fillStyle = fill;
    context.fillRect(0, 0, width, height);
  }
  context.textBaseline = 'alphabetic';
  context.fillStyle = text;
  context.font = `600 16px ${font}`;
  context.fillText(frame.title, margin, margin + 16, width - 2 * margin);
  context.fillStyle = muted;
  context.font = `13px ${font}`;
  context.fillText(frame.subtitle, margin, margin + 38, width - 2 * margin);
  context.drawImage(chart, margin, margin + header, chart.width / scale, chart.height / scale);
  drawLegend(context, frame.legend, {
    x: margin,
    y: height - margin - legend / 2 + 4,
    line: getComputedStyle(svg.querySelector('.ff-chart-line') ?? svg).stroke || text,
    compare: getComputedStyle(svg.querySelector('.ff-chart-line-compare') ?? svg).stroke || muted,
    color: muted,
    font,
  });
  return canvasToPng(canvas);
}

function drawLegend(
  context: CanvasRenderingContext2D,
  entries: PngFrame['legend'],
  at: { x: number; y: number; line: string; compare: string; color: string; font: string },
): void {
  let x = at.x;
  context.font = `13px ${at.font}`;
  for (const entry of entries) {
    context.strokeStyle = entry.dashed ? at.compare : at.line;
    context.lineWidth = 2;
    context.setLineDash(entry.dashed ? [5, 4] : []);
    context.beginPath();
    context.moveTo(x, at.y - 4);
    context.lineTo(x + 22, at.y - 4);
    context.stroke();
    context.fillStyle = at.color;
    context.fillText(entry.label, x + 30, at.y);
    x += 30 + context.measureText(entry.label).width + 24;
  }
  context.setLineDash([]);
}

/** Downloads the chart, framed with its title, period, filters and legend, as a PNG at twice its size. */
export async function exportPng(svg: SVGSVGElement, frame: PngFrame, filename: string): Promise<void> {
  downloadBlob(await framedPngBlob(svg, frame), filename);
}
