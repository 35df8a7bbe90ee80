import type { AlertPayload } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { alertMail, slackMessage } from './channel-messages';

const payload: AlertPayload = {
  type: 'spike',
  site: { id: 7, name: 'Ada & Co', domain: 'ada.example' },
  alert: { id: 3, kind: 'spike', threshold: 50, goal_id: null, event_name: null, value: 61 },
  message: '61 visitors at once on Ada & Co, more than 50.',
  occurred_at: '2026-12-01T21:43:08.034Z',
  dashboard_url: 'https://footfall.example/dashboard/7',
};

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('alertMail', () => {
  it('tells the moment in the site’s zone, named, never as a raw timestamp', () => {
    const mail = alertMail(payload, 'ops@example.com', 'Europe/Berlin');
    expect(plain(mail.text)).toContain('— Footfall, Dec 1, 2026, 10:43 PM GMT+1');
    expect(plain(mail.html)).toContain(
      '<time datetime="2026-12-01T21:43:08.034Z">Dec 1, 2026, 10:43 PM GMT+1</time>',
    );
    expect(mail.text).not.toContain('2026-12-01T21:43');
    // Past midnight in Tokyo: the site's own day.
    expect(plain(alertMail(payload, 'ops@example.com', 'Asia/Tokyo').text)).toContain(
      'Dec 2, 2026, 6:43 AM GMT+9',
    );
  });
});

describe('slackMessage', () => {
  it('gives the moment as Slack’s date token, shown in each reader’s zone, with a readable fallback', () => {
    const context = (slackMessage(payload).blocks as { elements?: { text: string }[] }[])[1]?.elements?.[0];
    expect(plain(context?.text ?? '')).toContain(
      '<!date^1796161388^{date_short_pretty} at {time}|Dec 1, 2026, 9:43 PM UTC>',
    );
  });
});
