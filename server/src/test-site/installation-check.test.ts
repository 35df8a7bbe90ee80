import { INSTALLATION_MAX_HOSTNAMES } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { installationCheck } from './installation-check';

const NOW = Date.parse('2026-06-01T10:30:00.000Z');
const SINCE = NOW - 30 * 60_000;
const count = (hostname: string, events: number, minutesAgo: number) => ({
  hostname,
  events,
  lastEventAt: NOW - minutesAgo * 60_000,
});

describe('installationCheck', () => {
  it('counts a subdomain toward the most specific own host that contains it, www. aside', () => {
    const check = installationCheck(
      ['shop.example', 'blog.shop.example'],
      [count('www.shop.example', 2, 5), count('blog.shop.example', 1, 1), count('a.blog.shop.example', 4, 9)],
      SINCE,
      NOW,
    );
    expect(check.hosts.map((host) => [host.host, host.events, host.last_event_at])).toEqual([
      ['shop.example', 2, '2026-06-01T10:25:00.000Z'],
      ['blog.shop.example', 5, '2026-06-01T10:29:00.000Z'],
    ]);
    expect(check.hosts[1]?.hostnames.map((row) => row.hostname)).toEqual([
      'blog.shop.example',
      'a.blog.shop.example',
    ]);
    expect(check).toMatchObject({
      status: 'receiving',
      since: '2026-06-01T10:00:00.000Z',
      checked_at: '2026-06-01T10:30:00.000Z',
      other_hosts: [],
    });
  });

  it('does not take a host that merely ends like an own host for a subdomain', () => {
    const check = installationCheck(['shop.example'], [count('myshop.example', 3, 1)], SINCE, NOW);
    expect(check.status).toBe('not-yet');
    expect(check.other_hosts).toEqual([
      { hostname: 'myshop.example', events: 3, last_event_at: '2026-06-01T10:29:00.000Z' },
    ]);
  });

  it('lists at most 20 other hostnames, latest first, then by name', () => {
    const counts = Array.from({ length: 25 }, (_, i) =>
      count(`h${String(i).padStart(2, '0')}.test`, 1, i % 5),
    );
    const others = installationCheck(['shop.example'], counts, SINCE, NOW).other_hosts;
    expect(others).toHaveLength(INSTALLATION_MAX_HOSTNAMES);
    expect(others.slice(0, 3).map((row) => row.hostname)).toEqual(['h00.test', 'h05.test', 'h10.test']);
  });
});
