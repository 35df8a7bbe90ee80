import { describe, expect, it } from 'vitest';
import { builds, openPage } from './page';

/** The stub the installation docs give, run by the host page before the tracker loads. */
const STUB =
  'window.footfall=window.footfall||function(){(window.footfall.q=window.footfall.q||[]).push(arguments)}';

describe.each(builds)('the %s tracker', (build) => {
  it('sends a custom event with its props through window.footfall', async () => {
    const page = await openPage({ build });
    page.footfall('signup', { props: { plan: 'pro', seats: 3, trial: false } });
    expect(page.eventsOfType('event')).toEqual([
      {
        company: 'KEY',
        type: 'event',
        name: 'signup',
        props: { plan: 'pro', seats: 3, trial: false },
        url: 'https://shop.example/products?sort=price',
        screen_width: 1280,
      },
    ]);
  });

  it('sends a custom event without props', async () => {
    const page = await openPage({ build });
    page.footfall('newsletter');
    expect(page.eventsOfType('event')[0]?.name).toBe('newsletter');
    expect(page.eventsOfType('event')[0]).not.toHaveProperty('props');
  });

  it('replays the calls the stub queued before it loaded, in order, after the first pageview', async () => {
    const page = await openPage({
      build,
      hostScript: `${STUB}; footfall('cta_seen'); footfall('signup', {props: {plan: 'team'}});`,
    });
    expect(page.events().map((event) => [event.type, event.name, event.props])).toEqual([
      ['pageview', undefined, undefined],
      ['event', 'cta_seen', undefined],
      ['event', 'signup', { plan: 'team' }],
    ]);
    page.footfall('later');
    expect(page.events().at(-1)?.name).toBe('later');
  });
});
