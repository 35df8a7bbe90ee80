/** The longest slug made from a title; long titles make unwieldy URLs. */
const DERIVED_SLUG_MAX = 80;

/** `Reading your "Sources" report!` → `reading-your-sources-report`; `post` when nothing is left. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, DERIVED_SLUG_MAX)
    .replace(/-+$/, '');
  return slug === '' ? 'post' : slug;
}

/** `base` when free, else `base-2`, `base-3`… the first one not in `taken`. */
export function firstFreeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  let suffix = 2;
  while (used.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}
