import { describe, expect, it } from 'vitest';
import { InvalidEvent } from './invalid-event';
import { parseEvents } from './parse';

const event = { company: 'key', type: 'pageview', url: 'https://a.example/p?q=1' };

function failure(body: unknown): InvalidEvent {
  try {
    parseEvents(typeof body === 'string' ? body : JSON.stringify(body));
  } catch (error) {
    if (error instanceof InvalidEvent) return error;
    throw error;
  }
  throw new Error('expected the body to be refused as invalid');
}

describe('parseEvents', () => {
  it('reads one event or a batch, with the URL parsed', () => {
    const [one] = parseEvents(JSON.stringify(event));
    expect(one?.url.hostname).toBe('a.example');
    expect(parseEvents(JSON.stringify([event, event]))).toHaveLength(2);
  });

  it('drops nulls, unknown fields, and engagement fields of other events', () => {
    const [parsed] = parseEvents(
      JSON.stringify({ ...event, title: null, other: 1, engaged_ms: 5, props: { a: null } }),
    );
    expect(parsed).toEqual({ company: 'key', type: 'pageview', url: new URL(event.url) });
  });

  it('defaults the engagement measures of an engagement event to zero', () => {
    const [parsed] = parseEvents(JSON.stringify({ ...event, type: 'engagement' }));
    expect(parsed).toMatchObject({ engaged_ms: 0, scroll_depth: 0 });
  });

  it('names the field and its index in a batch', () => {
    const error = failure([event, { ...event, url: 'mailto:x@y.z' }]);
    expect(error.message).toBe(
      'Invalid event: [1].url must be an absolute http or https URL of at most 2000 characters.',
    );
    expect(error.errors).toEqual({ '[1].url': [expect.stringContaining('[1].url')] });
  });

  it('requires a name for custom events', () => {
    expect(failure({ ...event, type: 'event' }).message).toMatch(/name is required/);
  });

  it('refuses empty and oversized batches, non-objects and broken JSON', () => {
    expect(failure([]).message).toMatch(/1 to 100/);
    expect(failure(Array(101).fill(event)).message).toMatch(/1 to 100/);
    expect(failure([event, 'x']).message).toMatch(/\[1\] must be an event object/);
    expect(failure('{').message).toMatch(/not valid JSON/);
  });

  it('shares one parsed URL between events sent with the same URL', () => {
    const body = (url: string) => JSON.stringify({ company: 'key', type: 'pageview', url });
    const [first] = parseEvents(body('https://a.example/shared?utm_source=x'));
    const [second] = parseEvents(body('https://a.example/shared?utm_source=x'));
    expect(second?.url).toBe(first?.url);
    expect(second?.url.searchParams.get('utm_source')).toBe('x');
    expect(failure({ ...event, url: 'ftp://a.example/shared' }).message).toMatch(/url must be/);
  });

  it('removes prototype-poisoning keys instead of copying them', () => {
    const [parsed] = parseEvents(
      `{"company":"key","type":"pageview","url":"https://a.example/","__proto__":{"x":1}}`,
    );
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(parsed).not.toHaveProperty('x');
    const [withProps] = parseEvents(
      `{"company":"key","type":"event","name":"e","url":"https://a.example/","props":{"__proto__":"x","constructor":"y","prototype":"z","plan":"pro"}}`,
    );
    expect(Object.keys(withProps?.props ?? {})).toEqual(['plan']);
    expect(JSON.stringify(withProps?.props)).toBe('{"plan":"pro"}');
  });
});
