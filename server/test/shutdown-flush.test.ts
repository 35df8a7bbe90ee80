import { expect, it, vi } from 'vitest';
import { useCluster } from './support/cluster';
import { createTrackedCompany, pageview, storedEvents, track } from './support/tracking';

// A server that stops commits what it accepted: the write buffer is drained when the app closes, so every
// event answered 202 is stored for the servers that remain.

// Each test builds its servers on a new database, which takes a while on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
const cluster = useCluster();

it('events accepted by a server that closes while they wait for their commit are stored', async () => {
  const { start } = await cluster();
  const [a, b] = [await start(), await start()];
  const company = await createTrackedCompany(a.app);
  const sent = Array.from({ length: 40 }, (_, i) =>
    track(a.app, pageview(company, `https://shop.example/${i}`)),
  );
  await a.app.close();
  const statuses = await Promise.all(sent.map(async (response) => (await response).statusCode));
  const accepted = statuses.filter((status) => status === 202).length;
  expect(accepted).toBeGreaterThan(0);
  expect(statuses.filter((status) => status !== 202 && status !== 503)).toEqual([]);
  expect(await storedEvents(b.app, company.id)).toHaveLength(accepted);
});
