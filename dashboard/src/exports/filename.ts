import type { DateRange, ExportFilter } from './types';

/** Longest slug kept from a company name, so file names stay readable in a downloads list. */
const SLUG_MAX = 40;

/**
 * Lower-case ASCII words joined by hyphens: accents are dropped (`Café Crème` → `cafe-creme`) and anything
 * else becomes a separator. Text with no Latin letters or digits at all gives ''.
 */
export function slug(text: string, maxLength = SLUG_MAX): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}

/**
 * The name a download is saved under: `footfall-acme-2026-10-26-to-2026-11-24.csv`, with an optional
 * `label` after the company (`footfall-acme-api-usage-….csv`). One day gives one date. Every part is
 * slugged, so the name is plain ASCII that any file system and e-mail client accepts.
 */
export function exportFilename(companyName: string, range: DateRange, ext: string, label?: string): string {
  const days = [...new Set([slug(range.from, 10), slug(range.to, 10)])].filter(Boolean);
  const dates = days.join('-to-');
  const parts = ['footfall', slug(companyName), label ? slug(label) : '', dates].filter(Boolean);
  const extension = slug(ext.replace(/^\./, ''), 8) || 'txt';
  return `${parts.join('-')}.${extension}`;
}

/**
 * What a filtered export adds to its name: the segment's name when one is in force, else each filter's
 * field and value (`source-google-country-germany-de`), cut with the other slugs; nothing without filters.
 */
export function filtersLabel(filters: readonly ExportFilter[]): string {
  const segment = filters.find((filter) => filter.label === 'Segment');
  const parts = segment ? [segment.value] : filters.map((filter) => `${filter.label} ${filter.value}`);
  return slug(parts.join(' '));
}
