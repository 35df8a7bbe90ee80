import type { AlertChannel, Goal } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { channelNames, deliveryStatusText, ruleSummary } from './alert-text';

const goal: Goal = {
  id: 4,
  name: 'Signup',
  kind: 'event',
  event_name: 'signup',
  page_path: null,
  prop: null,
  revenue_currency: null,
  created_at: '2026-01-01T00:00:00.000Z',
} as Goal;

const channel = (id: number, name: string) => ({ id, name }) as AlertChannel;

describe('alert text', () => {
  it('says when each kind of alert fires', () => {
    expect(ruleSummary({ kind: 'spike', threshold: 50, goal_id: null, event_name: null }, [])).toBe(
      'More than 50 visitors on the site at once',
    );
    expect(ruleSummary({ kind: 'drop', threshold: 1, goal_id: null, event_name: null }, [])).toBe(
      'No events for 1 hour',
    );
    expect(ruleSummary({ kind: 'goal', threshold: 10, goal_id: 4, event_name: null }, [goal])).toBe(
      '10 conversions on “Signup” in a day',
    );
    expect(ruleSummary({ kind: 'goal', threshold: 3, goal_id: null, event_name: 'Download' }, [])).toBe(
      '3 “Download” events in a day',
    );
  });

  it('names the channels an alert sends to, skipping deleted ones', () => {
    const channels = [channel(1, 'Ops'), channel(2, 'Slack')];
    expect(channelNames({ channel_ids: [2, 1, 9] }, channels)).toBe('Slack, Ops');
    expect(channelNames({ channel_ids: [] }, channels)).toBe('no channel');
  });

  it('says when a pending delivery is tried next', () => {
    expect(deliveryStatusText({ status: 'sent', next_attempt_at: null })).toBe('sent');
    expect(
      deliveryStatusText({ status: 'pending', next_attempt_at: '2026-03-01T10:00:00.000Z' }, 'en-GB'),
    ).toMatch(/^pending, next try 1 Mar 2026/);
  });
});
