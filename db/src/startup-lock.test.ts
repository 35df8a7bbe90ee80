import { describe, expect, it } from 'vitest';
import { useTestDb } from '../test/support/use-test-db';
import { createDb } from './create-db';
import { duringStartup } from './startup-lock';

const ctx = useTestDb();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('start-up work of servers started together', () => {
  // SQLite is one server: its start-up work just runs.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'runs one server at a time, the later ones finding what the first made',
    async () => {
      // Each "server" its own connections, as separate processes would have.
      const servers = await Promise.all([createDb(ctx.url), createDb(ctx.url), createDb(ctx.url)]);
      const spans: [number, number][] = [];
      let created = 0;
      let found = 0;
      const secret = `startup-${Date.now()}`;
      try {
        await Promise.all(
          servers.map((db) =>
            duringStartup(db, async () => {
              const start = performance.now();
              const { instanceSecrets } = db.schema;
              const existing = await db.orm.select().from(instanceSecrets);
              await pause(30);
              if (existing.some((row) => row.name === secret)) found += 1;
              else {
                await db.orm
                  .insert(instanceSecrets)
                  .values({ name: secret, value: 'x', createdAt: new Date() });
                created += 1;
              }
              spans.push([start, performance.now()]);
            }),
          ),
        );
      } finally {
        await Promise.all(servers.map((db) => db.close()));
      }
      expect({ created, found }).toEqual({ created: 1, found: 2 });
      spans.sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < spans.length; i++) {
        expect(spans[i]?.[0]).toBeGreaterThanOrEqual(spans[i - 1]?.[1] as number);
      }
    },
  );

  it('agrees on one shared secret whichever server offers its own first', async () => {
    const offers = await Promise.all(
      ['a', 'b', 'c'].map((candidate) =>
        ctx.repos.instanceSecrets.getOrCreate('agreement', `candidate-${candidate}`, new Date()),
      ),
    );
    expect(new Set(offers).size).toBe(1);
    expect(await ctx.repos.instanceSecrets.getOrCreate('agreement', 'late', new Date())).toBe(offers[0]);
  });
});
