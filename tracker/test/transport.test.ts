import { describe, expect, it } from 'vitest';
import { builds, openPage } from './page';

describe.each(builds)('the %s tracker', (build) => {
  it('sends each event as a JSON string through navigator.sendBeacon (a text/plain body)', async () => {
    const page = await openPage({ build });
    page.footfall('signup');
    expect(page.sent.map((sent) => sent.via)).toEqual(['beacon', 'beacon']);
    const [sent] = page.sent;
    expect(typeof sent?.body).toBe('string');
    expect(JSON.parse(sent?.body as string)).toMatchObject({ company: 'KEY', type: 'pageview' });
  });

  it('falls back to a keepalive fetch without custom headers when sendBeacon is missing', async () => {
    const page = await openPage({ build, navigator: { sendBeacon: undefined } });
    page.footfall('signup');
    expect(page.sent.map((sent) => sent.via)).toEqual(['fetch', 'fetch']);
    const [sent] = page.sent;
    expect(sent?.url).toBe('https://stats.footfall.example/api/save-company-visitor-analytics');
    expect(sent?.init).toEqual({ method: 'POST', body: sent?.body, keepalive: expect.anything() });
    expect(sent?.init?.keepalive).toBeTruthy();
    expect(typeof sent?.body).toBe('string');
  });

  it('falls back to fetch when sendBeacon refuses the event', async () => {
    const page = await openPage({ build, navigator: { sendBeacon: () => false } });
    expect(page.sent.map((sent) => [sent.via, sent.event.type])).toEqual([['fetch', 'pageview']]);
  });

  it('swallows a failed fetch instead of leaving an unhandled rejection', async () => {
    const page = await openPage({
      build,
      navigator: { sendBeacon: undefined },
      before: (window) => {
        (window as unknown as { fetch: unknown }).fetch = () =>
          window.Promise.reject(new window.TypeError('offline'));
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(page.errors).toEqual([]);
  });
});
