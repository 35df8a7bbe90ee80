import { expect, it } from 'vitest';
import { seedDemoTraffic } from '../src/bootstrap/demo-traffic';
import { useTestApp } from './support/app';
import { createTrackedCompany, storedEvents, storedSessions } from './support/tracking';

const t = useTestApp();

it('gives the demo company 30 days of varied sample traffic through the import path', async () => {
  const company = await createTrackedCompany(t.app, { website: 'https://demo.footfall.example' });
  const { enrichers, calendar, visitIds } = t.app.ingestion.deps;
  const now = t.clock.now().getTime();
  const result = await seedDemoTraffic(
    { repos: t.app.repos, enrichers, calendar, visitIds, importsUnderway: t.app.importsUnderway },
    company.trackingKey,
    now,
  );
  expect(result.stored).toBeGreaterThan(5_000);
  expect(result.rejected.length).toBeLessThan(result.stored / 100);

  const visits = await storedSessions(t.app, company.id);
  const distinct = (values: (string | null)[]) => new Set(values.filter((value) => value !== null));
  const days = distinct(visits.map((visit) => visit.startedAt.toISOString().slice(0, 10)));
  expect(days.size).toBeGreaterThanOrEqual(30);
  expect([...distinct(visits.map((visit) => visit.source))]).toEqual(
    expect.arrayContaining(['Google', 'Hacker News', 'Direct / None', 'newsletter']),
  );
  expect([...distinct(visits.map((visit) => visit.device))].sort()).toEqual(['desktop', 'mobile', 'tablet']);
  expect(distinct(visits.map((visit) => visit.country)).size).toBeGreaterThanOrEqual(10);
  expect(distinct(visits.map((visit) => visit.utmCampaign)).size).toBeGreaterThanOrEqual(2);
  expect(visits.some((visit) => visit.isBounce) && visits.some((visit) => !visit.isBounce)).toBe(true);
  const events = await storedEvents(t.app, company.id);
  expect(distinct(events.map((event) => event.name))).toEqual(new Set(['Signup', 'File Download']));
  expect(events.every((event) => event.ts.getTime() <= now + 60_000)).toBe(true);
});
