const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/**
 * An ISO 3166-1 alpha-2 code's English name ("DE" → "Germany"), as the dashboard, its exports and the mails
 * all name a country; the code itself when it names none.
 */
export function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
