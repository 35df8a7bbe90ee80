// The report's figures, changes and dates are written by the contract's formatting module
// (`@footfall/contract/format`), as the dashboard writes them; only what a mail alone needs is here.

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's English name from its ISO code; the code itself when it names none. */
export function countryName(code: string): string {
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}
