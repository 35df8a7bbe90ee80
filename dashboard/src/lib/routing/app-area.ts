// The signed-in analytics app: a site's screens and the sites list. There the header and footer are an
// analytics app's frame, and the public site's calls to action (Add Listing, the newsletter) step back.
const APP_PREFIXES = [
  '/dashboard',
  '/sites',
  '/test-site',
  '/api-count-report',
  '/alerts',
  '/audit-log',
  '/user-plans',
  '/user-profile',
  '/account',
];

/** Whether `pathname` is a screen of the signed-in analytics app. */
export function isAppPath(pathname: string): boolean {
  return APP_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
