// Pages that open with their own full-width hero: the header sits over the hero and the footer is
// left out. The listing paths belong to the public site's theme and are kept
// so those pages behave as specified if they are ever added.
const EXACT_PATHS = new Set([
  '/home',
  '/terms-and-conditions',
  '/privacy-policy',
  '/listing/half-map/grid',
  '/listing/half-map/list',
]);

/** Whether `pathname` uses the header-top layout: header over the page, no footer. */
export function isHeaderTopPath(pathname: string): boolean {
  // A trailing slash is the same page to the router, so it must not change the layout either.
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return EXACT_PATHS.has(path) || path === '/blogs' || path.startsWith('/blogs/');
}
