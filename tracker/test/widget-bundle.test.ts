import { runInContext } from 'node:vm';
import { Window } from 'happy-dom';
import { describe, expect, it, vi } from 'vitest';
import { buildBundle } from './build';

const STATS = { visitors_30d: 1_520, pageviews_30d: 4_010, realtime: 0, sparkline: Array(30).fill(2) };

/** Loads the shipped widget.js into a fresh page, as `<script defer src=".../widget.js">` would. */
async function loadWidgetPage(html: string, respond: (url: string, window: Window) => Promise<Response>) {
  const code = await buildBundle('widget.js');
  const window = new Window({ url: 'https://blog.example/about' });
  const errors: unknown[] = [];
  window.addEventListener('error', (event) => errors.push((event as unknown as ErrorEvent).error));
  const requested: string[] = [];
  (window as unknown as { fetch: unknown }).fetch = (url: string) => {
    requested.push(url);
    return respond(url, window);
  };
  window.document.body.innerHTML = html;
  const script = window.document.createElement('script');
  script.setAttribute('src', 'https://stats.footfall.example/widget.js');
  Object.defineProperty(window.document, 'currentScript', { get: () => script, configurable: true });
  runInContext(code, window);
  Object.defineProperty(window.document, 'currentScript', { get: () => null, configurable: true });
  return { window, errors, requested };
}

const json = (window: Window, body: unknown, status = 200) =>
  Promise.resolve(new window.Response(JSON.stringify(body), { status }) as unknown as Response);

describe('the shipped widget.js', () => {
  it("renders every widget of the page from the script's own server", async () => {
    const { window, requested, errors } = await loadWidgetPage(
      '<div id="a" data-footfall-widget="ACME"></div><p>text</p><span id="b" data-footfall-widget="ACME" data-theme="dark"></span>',
      (_, window) => json(window, { data: STATS }),
    );
    await vi.waitFor(() => {
      expect(window.document.getElementById('b')?.shadowRoot?.querySelector('b')?.textContent).toBe('1.5k');
    });
    expect(window.document.getElementById('a')?.shadowRoot?.textContent).toContain('4k');
    expect(window.document.querySelector('#b')?.shadowRoot?.querySelector('.ff-dark')).not.toBeNull();
    expect(requested).toEqual(['https://stats.footfall.example/api/public/companies/ACME/stats']);
    expect(errors).toEqual([]);
  });

  it('mounts widgets added to the page after it loaded', async () => {
    const { window } = await loadWidgetPage('', (_, window) => json(window, { data: STATS }));
    const later = window.document.createElement('div');
    later.setAttribute('data-footfall-widget', 'LATER');
    window.document.body.append(later);
    await vi.waitFor(() => {
      expect(later.shadowRoot?.querySelector('b')?.textContent).toBe('1.5k');
    });
  });

  it('renders nothing and throws nothing when the stats are off or the network fails', async () => {
    const { window, requested, errors } = await loadWidgetPage(
      '<div id="off" data-footfall-widget="OFF"></div><div id="down" data-footfall-widget="DOWN"></div>',
      (url, window) =>
        url.includes('OFF')
          ? json(window, { message: 'Not found' }, 404)
          : Promise.reject(new Error('offline')),
    );
    await vi.waitFor(() => expect(requested).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const id of ['off', 'down']) {
      expect(window.document.getElementById(id)?.shadowRoot?.childNodes).toHaveLength(0);
    }
    expect(errors).toEqual([]);
  });
});
