import { expect, it, vi } from 'vitest';
import { useCluster } from './support/cluster';

// The scheduled work (the hourly maintenance pass — pruning, packing, rollups through retention, the audit
// log — the reports and the alerts) runs on one server of those sharing a database: each task's lease is
// taken in one statement, so two servers ticking at the same moment run each due task exactly once.

// Each file builds its servers on a new database, which takes a while on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
const cluster = useCluster();
const HOUR = 60 * 60 * 1000;
const TASKS = ['alert-deliveries', 'alert-evaluation', 'email-reports', 'maintenance'];

it.runIf(process.env.TEST_DATABASE_URL)(
  'two servers ticking together run each due task exactly once',
  async () => {
    const { start, clock } = await cluster();
    const [a, b] = [await start(), await start()];
    const tickTogether = async () => (await Promise.all([a, b].map((s) => s.app.scheduler.tick()))).flat();

    expect((await tickTogether()).sort()).toEqual(TASKS);
    // Nothing is due again before its interval, whoever ticks.
    expect(await tickTogether()).toEqual([]);
    for (let round = 0; round < 3; round += 1) {
      clock.advance(HOUR);
      expect((await tickTogether()).sort()).toEqual(TASKS);
    }
  },
);
