import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Repositories } from '@footfall/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** A piece of work the server repeats: maintenance, due reports, alert checks, deliveries to retry. */
export interface ScheduledTask {
  /** Unique among the tasks; names the task's lease in the database. */
  name: string;
  /** The least time between two runs, across every server sharing the database. */
  everyMs: number;
  /** The work; `now` is the app's clock at the tick. A rejection is logged and the task runs again when due. */
  run(now: Date): Promise<unknown>;
}

export interface Scheduler {
  /** Who this server is in the leases table: host, process and a random part (two apps in one process differ). */
  readonly holder: string;
  add(task: ScheduledTask): void;
  /**
   * Runs, one after the other, every task that is due at the app's `now()` and whose lease this server
   * takes; answers the names of those it ran. The timer calls it; tests call it after moving the clock.
   */
  tick(): Promise<string[]>;
  /** Settles when no tick is running. */
  idle(): Promise<void>;
}

/** How often the timer looks for due tasks: a minute is the finest interval a task can use. */
export const DEFAULT_TICK_MS = 30_000;

/**
 * One scheduler per app. A task's lease is taken for `everyMs` when it is due: whichever server ticks first
 * takes it and runs the task, the others find it held until the next run is due. So with several servers on
 * one PostgreSQL each task runs once per interval, on one of them, and when that server stops another takes
 * the next run. A run longer than its interval keeps its lease (it is extended as the run ends); tasks make
 * their own work safe to repeat (reports and deliveries are claimed row by row), so the lease decides who
 * does the work, and the claims make sure a crash mid-run neither loses nor doubles it.
 */
export function createScheduler(app: {
  repos: Pick<Repositories, 'schedulerLeases'>;
  log: FastifyBaseLogger;
  now(): Date;
}): Scheduler {
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const tasks: ScheduledTask[] = [];
  let ticking: Promise<string[]> | undefined;

  async function runTask(task: ScheduledTask, now: Date): Promise<boolean> {
    const leases = app.repos.schedulerLeases;
    if (!(await leases.acquire(task.name, holder, now, new Date(now.getTime() + task.everyMs)))) return false;
    try {
      await task.run(now);
    } catch (error) {
      app.log.warn({ err: error, task: task.name }, 'a scheduled task failed');
    }
    // A run that outlasted its interval holds its lease until the next run is due from its end.
    const end = app.now();
    if (end.getTime() - now.getTime() > task.everyMs) {
      await leases.extend(task.name, holder, new Date(end.getTime() + task.everyMs));
    }
    return true;
  }

  async function runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const task of tasks) {
      try {
        if (await runTask(task, app.now())) ran.push(task.name);
      } catch (error) {
        // The lease itself could not be read (the database is away): the next tick tries again.
        app.log.warn({ err: error, task: task.name }, 'a scheduled task could not be started');
      }
    }
    return ran;
  }

  return {
    holder,
    add(task) {
      if (tasks.some((known) => known.name === task.name))
        throw new Error(`Task ${task.name} is scheduled twice.`);
      tasks.push(task);
    },
    tick() {
      // One tick at a time in a process: a slow tick makes the timer's next one wait for it.
      ticking ??= runDue().finally(() => {
        ticking = undefined;
      });
      return ticking;
    },
    async idle() {
      await ticking;
    },
  };
}

/**
 * Starts ticking once the app is ready (a first tick at once, then every `tickMs`; the timer never keeps the
 * process alive) and waits for a running tick when the app closes. `tickMs` 0 leaves ticking to the caller.
 */
export function startScheduler(app: FastifyInstance, scheduler: Scheduler, tickMs: number): void {
  if (tickMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let closing = false;
  const tick = () => {
    if (!closing) void scheduler.tick();
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, tickMs).unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await scheduler.idle();
  });
}
