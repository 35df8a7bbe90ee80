import type { Segment } from './segment';

// A funnel over a segment (docs/api.md "Funnels"): a visit reaches step k when it holds conversions on steps
// 1…k at times that never go back (other activity may come between). Each step takes an event of its own;
// events of the same millisecond may serve in any order.

/**
 * How many steps, from `next`, the events `[from, to)` (all of one time) can take in a row: the largest t
 * for which steps next…next+t-1 each get a distinct event converting on it. A bipartite matching (Kuhn's),
 * since one event may convert on several goals; groups are a handful of events.
 */
function stepsWithin(
  from: number,
  to: number,
  steps: readonly number[],
  next: number,
  converts: (step: number, event: number) => boolean,
): number {
  const owner = new Int32Array(to - from).fill(-1);
  const assign = (step: number, seen: Uint8Array): boolean => {
    for (let e = from; e < to; e++) {
      if (seen[e - from] === 1 || !converts(steps[step] as number, e)) continue;
      seen[e - from] = 1;
      const held = owner[e - from] as number;
      if (held === -1 || assign(held, seen)) {
        owner[e - from] = step;
        return true;
      }
    }
    return false;
  };
  let taken = 0;
  while (next + taken < steps.length && assign(next + taken, new Uint8Array(to - from))) taken++;
  return taken;
}

/**
 * Distinct visitors reaching each step, among the counted visits and the events the filters read. Events
 * come sorted by visit and time, visits by visitor; taking as many steps as possible at each moment is
 * never worse, since what can follow from a later step is what could follow from an earlier one.
 */
export function funnelVisitors(
  segment: Segment,
  steps: readonly number[],
  counted: Uint8Array,
  eventRead: Uint8Array,
  converts: (goal: number, event: number) => boolean,
): number[] {
  const { events, visits } = segment;
  const reached = new Array<number>(steps.length).fill(0);
  const lastVisitor = new Int32Array(steps.length).fill(-1);
  const { eventCount } = segment;
  // Made once: a closure made per visit costs more than the walk itself.
  const readConverts = (goal: number, event: number) => eventRead[event] === 1 && converts(goal, event);
  let first = 0;
  while (first < eventCount) {
    const visit = events.visit[first] as number;
    if (counted[visit] === 0) {
      while (first < eventCount && events.visit[first] === visit) first++;
      continue;
    }
    let next = 0;
    let e = first;
    for (; e < eventCount && events.visit[e] === visit; e++) {
      if (next === steps.length) continue;
      const at = events.at[e];
      if (e + 1 < eventCount && events.visit[e + 1] === visit && events.at[e + 1] === at) {
        // Events of the same millisecond: matched together, then skipped past.
        let to = e + 1;
        while (to < eventCount && events.visit[to] === visit && events.at[to] === at) to++;
        next += stepsWithin(e, to, steps, next, readConverts);
        e = to - 1;
      } else if (eventRead[e] === 1 && converts(steps[next] as number, e)) next++;
    }
    first = e;
    const visitor = visits.visitor[visit] as number;
    for (let step = 0; step < next; step++) {
      if (lastVisitor[step] !== visitor) {
        lastVisitor[step] = visitor;
        (reached[step] as number)++;
      }
    }
  }
  return reached;
}
