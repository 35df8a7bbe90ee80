import { describe, expect, it } from 'vitest';
import { registration, unique, useTestDb } from '../../../test/support/use-test-db';
import { isUniqueViolation } from '../../dialect';
import type { NewCheckoutSession } from '../../schema/types';

describe('the checkout sessions repository', () => {
  const t = useTestDb();
  const now = new Date('2026-11-20T10:00:00.000Z');

  async function newSession(overrides: Partial<NewCheckoutSession> = {}) {
    const { company } = await t.repos.users.register(registration());
    const starter = await t.repos.plans.findBySlug('starter');
    if (!starter) throw new Error('seeded plans missing');
    return t.repos.checkoutSessions.create({
      id: unique('cs'),
      provider: 'test',
      companyId: company.id,
      planId: starter.id,
      status: 'open',
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      ...overrides,
    });
  }

  it('creates a session and finds it by its id and by the provider id', async () => {
    const session = await newSession();
    expect(session).toMatchObject({ status: 'open', externalId: null, completedAt: null, userId: null });
    expect(await t.repos.checkoutSessions.findById(session.id)).toEqual(session);
    const externalId = unique('cs_test');
    await t.repos.checkoutSessions.setExternalId(session.id, externalId);
    expect((await t.repos.checkoutSessions.findByExternalId(externalId))?.id).toBe(session.id);
    expect(await t.repos.checkoutSessions.findById('cs_missing')).toBeUndefined();
    expect(await t.repos.checkoutSessions.findByExternalId('cs_test_missing')).toBeUndefined();
  });

  it('deletes the unfinished sessions started before a time, and keeps completed and newer ones', async () => {
    const longAgo = new Date('2026-09-01T10:00:00.000Z');
    const old = await Promise.all(
      (['open', 'canceled', 'expired', 'complete'] as const).map((status) =>
        newSession({ status, createdAt: longAgo }),
      ),
    );
    const recent = await newSession({ status: 'canceled' });
    const before = new Date('2026-10-01T00:00:00.000Z');
    expect(await t.repos.checkoutSessions.deleteUnfinished(before)).toBeGreaterThanOrEqual(3);
    const kept = await Promise.all(
      [...old, recent].map(async (session) => Boolean(await t.repos.checkoutSessions.findById(session.id))),
    );
    expect(kept).toEqual([false, false, false, true, true]);
  });

  it('keeps provider ids unique', async () => {
    const externalId = unique('cs_test');
    await newSession({ externalId });
    await expect(newSession({ externalId })).rejects.toSatisfy(isUniqueViolation);
  });

  it('completes an open session once: a second completion gets nothing', async () => {
    const session = await newSession();
    const done = new Date(now.getTime() + 60_000);
    const completed = await t.repos.checkoutSessions.complete(session.id, done);
    expect(completed).toMatchObject({ id: session.id, status: 'complete', completedAt: done });
    expect(await t.repos.checkoutSessions.complete(session.id, done)).toBeUndefined();
  });

  it('completes an expired session only when asked to honour it', async () => {
    const session = await newSession();
    expect(await t.repos.checkoutSessions.expire(session.id)).toMatchObject({ status: 'expired' });
    expect(await t.repos.checkoutSessions.complete(session.id, now)).toBeUndefined();
    const honoured = await t.repos.checkoutSessions.complete(session.id, now, ['open', 'expired']);
    expect(honoured?.status).toBe('complete');
  });

  it('cancels and expires only open sessions', async () => {
    const canceled = await newSession();
    expect(await t.repos.checkoutSessions.cancel(canceled.id)).toMatchObject({ status: 'canceled' });
    expect(await t.repos.checkoutSessions.expire(canceled.id)).toBeUndefined();
    expect(await t.repos.checkoutSessions.complete(canceled.id, now)).toBeUndefined();
    expect((await t.repos.checkoutSessions.findById(canceled.id))?.status).toBe('canceled');

    const complete = await newSession({ status: 'complete', completedAt: now });
    expect(await t.repos.checkoutSessions.cancel(complete.id)).toBeUndefined();
    expect(await t.repos.checkoutSessions.expire(complete.id)).toBeUndefined();
  });

  it('reopens a completed session to the status it left', async () => {
    const session = await newSession();
    await t.repos.checkoutSessions.complete(session.id, now);
    const reopened = await t.repos.checkoutSessions.reopen(session.id, 'open');
    expect(reopened).toMatchObject({ status: 'open', completedAt: null });
    expect(await t.repos.checkoutSessions.reopen(session.id, 'open')).toBeUndefined();
  });

  it('refuses a status outside the four', async () => {
    await expect(newSession({ status: 'paid' as 'open' })).rejects.toThrow();
  });
});
