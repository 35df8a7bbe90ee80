import { describe, expect, it } from 'vitest';
import { inPlaceOf, isInPlaceUpdate, type RouterMoment } from './in-place-update';

const OVERVIEW = '/_main/_authenticated/dashboard/$company_id/';
const moment = (change: Partial<RouterMoment>): RouterMoment => ({
  isLoading: true,
  shownRoute: OVERVIEW,
  loadingRoute: OVERVIEW,
  href: '/dashboard/1?period=7d',
  resolvedHref: '/dashboard/1',
  ...change,
});

describe('an update in place', () => {
  it('is a load of another address of the screen shown: its search, a funnel', () => {
    expect(isInPlaceUpdate(moment({}))).toBe(true);
    const funnels = '/_main/_authenticated/dashboard/$company_id/funnels/{-$funnel_id}';
    expect(
      isInPlaceUpdate(
        moment({
          shownRoute: funnels,
          loadingRoute: funnels,
          href: '/dashboard/1/funnels/4',
          resolvedHref: '/dashboard/1/funnels/3',
        }),
      ),
    ).toBe(true);
  });

  it('is not a navigation to another screen, nothing loading, or the first load', () => {
    expect(
      isInPlaceUpdate(moment({ loadingRoute: '/_main/_authenticated/dashboard/$company_id/detail' })),
    ).toBe(false);
    expect(isInPlaceUpdate(moment({ isLoading: false }))).toBe(false);
    expect(isInPlaceUpdate(moment({ resolvedHref: undefined, shownRoute: undefined }))).toBe(false);
    // The same address again (a reload of what is shown) is not a change to fade for.
    expect(isInPlaceUpdate(moment({ resolvedHref: '/dashboard/1?period=7d' }))).toBe(false);
  });

  it("asks a loader's requests to stay out of the full-page loader only when the screen stays", () => {
    expect(inPlaceOf('stay')).toEqual({ inPlace: true });
    expect(inPlaceOf('enter')).toEqual({ inPlace: false });
    expect(inPlaceOf('preload')).toEqual({ inPlace: false });
  });
});
