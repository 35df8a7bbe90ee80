// @vitest-environment happy-dom
import type { PublicStats } from '@footfall/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountWidgets } from '../widget/mount';

const ORIGIN = 'https://stats.footfall.example';

const stats = (overrides: Partial<PublicStats> = {}): PublicStats => ({
  visitors_30d: 12_345,
  pageviews_30d: 48_210,
  realtime: 3,
  sparkline: Array.from({ length: 30 }, (_, day) => (day === 29 ? 900 : day * 10)),
  ...overrides,
});

let keys = 0;
/** A fresh tracking key per widget: stats are fetched once per key and page. */
const newKey = (): string => `key-${++keys}`;

const answer = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(() => answer({ data: stats() }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

async function showWidget(attributes = ''): Promise<HTMLElement> {
  const key = newKey();
  document.body.innerHTML = `<div id="w" data-footfall-widget="${key}" ${attributes}></div>`;
  await mountWidgets(ORIGIN);
  return document.getElementById('w') as HTMLElement;
}

const shadowText = (element: Element): string => element.shadowRoot?.textContent?.replace(/\s+/g, ' ') ?? '';

describe('the public stats widget', () => {
  it("fetches the company's public stats from the widget's server without cookies", async () => {
    const element = await showWidget();
    const key = element.getAttribute('data-footfall-widget');
    expect(fetchMock).toHaveBeenCalledWith(`${ORIGIN}/api/public/companies/${key}/stats`, {
      credentials: 'omit',
    });
  });

  it('renders inside an open shadow root, with its own stylesheet', async () => {
    const element = await showWidget();
    expect(element.shadowRoot?.mode).toBe('open');
    expect(element.childNodes).toHaveLength(0);
    expect(element.shadowRoot?.querySelector('style')?.textContent).toContain(':host{all:initial');
  });

  it('shows the 30-day visitors and pageviews, formatted', async () => {
    const element = await showWidget();
    const numbers = [...(element.shadowRoot?.querySelectorAll('b') ?? [])].map((b) => b.textContent);
    expect(numbers).toEqual(['12.3k', '48.2k']);
    expect(shadowText(element)).toContain('visitors');
    expect(shadowText(element)).toContain('pageviews');
  });

  it('draws the 30 days as a sparkline, the busiest day at the top', async () => {
    const element = await showWidget();
    const points = element.shadowRoot?.querySelector('polyline')?.getAttribute('points')?.split(' ') ?? [];
    expect(points).toHaveLength(30);
    expect(points[0]).toBe('0.0,30.0');
    expect(points[29]).toBe('120.0,2.0');
  });

  it('shows a live dot with the number online now when there are live visitors', async () => {
    const element = await showWidget();
    expect(element.shadowRoot?.querySelector('i')).not.toBeNull();
    expect(shadowText(element)).toContain('3 online now');
  });

  it('shows no live dot when nobody is online', async () => {
    fetchMock.mockImplementation(() => answer({ data: stats({ realtime: 0 }) }));
    const element = await showWidget();
    expect(element.shadowRoot?.querySelector('i')).toBeNull();
    expect(shadowText(element)).not.toContain('online');
  });

  it('links to Footfall for attribution, in a new tab', async () => {
    const element = await showWidget();
    const link = element.shadowRoot?.querySelector('a');
    expect(link?.textContent).toBe('Footfall');
    expect(link?.getAttribute('href')).toBe(`${ORIGIN}/`);
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener');
  });

  it.each([
    ['data-theme="dark"', 'ff-dark'],
    ['data-theme="light"', 'ff-light'],
    ['data-theme="auto"', 'ff-auto'],
    ['', 'ff-auto'],
    ['data-theme="neon"', 'ff-auto'],
  ])('uses the theme class of %s: %s', async (attribute, themeClass) => {
    const element = await showWidget(attribute);
    expect(element.shadowRoot?.querySelector('.ff')?.classList.contains(themeClass)).toBe(true);
  });

  it('follows the system preference in the auto theme', async () => {
    const element = await showWidget();
    expect(element.shadowRoot?.querySelector('style')?.textContent).toMatch(
      /@media\s*\(prefers-color-scheme:\s*dark\)\s*\{\s*\.ff-auto\{/,
    );
  });

  it.each([
    ['the stats are off or the key is unknown (404)', () => answer({ message: 'Not found' }, 404)],
    ['the server fails', () => answer({ message: 'Something went wrong' }, 500)],
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the answer is not stats', () => answer({ data: { visitors: 'many' } })],
    ['the answer is not JSON', () => Promise.resolve(new Response('<html>', { status: 200 }))],
  ])('stays empty and quiet when %s', async (_, respond) => {
    fetchMock.mockImplementation(respond);
    const element = await showWidget();
    expect(shadowText(element)).toBe('');
    expect(element.shadowRoot?.children).toHaveLength(0);
    expect(element.textContent).toBe('');
  });

  it('renders several widgets on one page, fetching each company once', async () => {
    const [first, second] = [newKey(), newKey()];
    document.body.innerHTML = `
      <div data-footfall-widget="${first}"></div>
      <div data-footfall-widget="${second}" data-theme="dark"></div>
      <div data-footfall-widget="${first}"></div>`;
    await mountWidgets(ORIGIN);
    const widgets = [...document.querySelectorAll('[data-footfall-widget]')];
    expect(widgets.map((widget) => widget.shadowRoot?.querySelector('b')?.textContent)).toEqual([
      '12.3k',
      '12.3k',
      '12.3k',
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('mounts each element once, however often it is found', async () => {
    const element = await showWidget();
    await mountWidgets(ORIGIN);
    expect(element.shadowRoot?.querySelectorAll('.ff')).toHaveLength(1);
  });
});
