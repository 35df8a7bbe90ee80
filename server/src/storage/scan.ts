import type { Breakdown } from '@footfall/contract';
import type { ParsedFilters } from '@footfall/contract/rules';
import { EVENT_KINDS, type Goal } from '@footfall/db';
import { type Day, type Hour, indexAt } from '../calendar/local-days';
import type { Column } from './columns';
import { GoalTally, PageEngagement, PropKeyTally, PropValueTally } from './conversion-tallies';
import { SegmentGoals, SegmentProps } from './conversions';
import { type Counts, type DayStats, noTotals } from './day-stats';
import { funnelVisitors } from './funnel-scan';
import { countedVisits, readEvents, type SegmentConversions } from './scan-filters';
import { type Segment, VISIT_TEXT, type VisitTextColumn } from './segment';
import { HourTally, Tally } from './tally';

/** What a scan counts beyond the filters: conversions on goals, a property's values, the keys, a funnel. */
export interface ScanQuery {
  filters: ParsedFilters;
  /** The company's goals: each gets its conversions counted, and the `goal` filter names them by id. */
  goals?: readonly Goal[];
  /** The custom event property whose values are counted. */
  propsKey?: string;
  /** Whether every property key of the custom events counted is tallied. */
  propKeys?: boolean;
  /** A funnel's steps, as indexes into `goals`. */
  funnel?: readonly number[];
  /**
   * Only conversions, properties and funnel are wanted (the unfiltered detail reads the rest from the
   * rollups; a funnel's report needs nothing else): the visit breakdowns and hours are left out.
   */
  conversionsOnly?: boolean;
  /** Whether each goal's conversions are counted (a funnel's report only needs its steps). */
  countGoals?: boolean;
}

/** The breakdowns read from a visit's own columns. */
const VISIT_BREAKDOWNS: [Breakdown, VisitTextColumn][] = [
  ['entry_pages', 'entry'],
  ['exit_pages', 'exit'],
  ['sources', 'source'],
  ['referrers', 'referrer'],
  ['utm_sources', 'utmSource'],
  ['utm_mediums', 'utmMedium'],
  ['utm_campaigns', 'utmCampaign'],
  ['countries', 'country'],
  ['browsers', 'browser'],
  ['os', 'os'],
  ['devices', 'device'],
  ['languages', 'language'],
];

/**
 * Adds up one local day of a segment with the query's filters. `hours`, when given, are the day's
 * wall-clock hours, for an hourly timeseries: a visit counts (with its bounce and duration) in the hour it
 * started, a pageview or custom event in the hour it happened. Events count on the day of their visit
 * (visits never span two days: visitor ids change at the company's midnight).
 */
export function scanDay(segment: Segment, day: Day, query: ScanQuery, hours: readonly Hour[] = []): DayStats {
  const {
    filters,
    goals = [],
    propsKey,
    propKeys: keysWanted = false,
    funnel,
    conversionsOnly = false,
    countGoals = true,
  } = query;
  const { visits, events, dictionaries } = segment;
  const props = new SegmentProps(segment);
  const conversions: SegmentConversions = {
    goals: new SegmentGoals(segment, goals, props),
    goalIndex: new Map(goals.map((goal, index) => [goal.id, index])),
    props,
  };
  const eventRead = readEvents(segment, filters);
  const counted = countedVisits(segment, filters, eventRead, day, conversions);
  const totals = noTotals();
  const hourStarts = hours.map((hour) => hour.startsAt - segment.startsAt);
  const hourTally = new HourTally(hours.length);
  const tallies = VISIT_BREAKDOWNS.map(([, column]) => new Tally(dictionaries[VISIT_TEXT[column][0]].length));
  const breakdownColumns = VISIT_BREAKDOWNS.map(([, column]) => visits[column]);
  let lastVisitor = -1;
  for (let i = 0; i < (conversionsOnly ? 0 : segment.visitCount); i++) {
    if (counted[i] === 0) continue;
    const visitor = visits.visitor[i] as number;
    const bounce = visits.bounce[i] as number;
    const duration = visits.duration[i] as number;
    totals.visits++;
    totals.bounces += bounce;
    totals.durationMs += duration;
    if (visitor !== lastVisitor) {
      totals.visitors++;
      lastVisitor = visitor;
    }
    if (hours.length > 0) {
      const hour = indexAt(hourStarts, visits.start[i] as number);
      if (hour >= 0) hourTally.addVisit(hour, visitor, bounce, duration);
    }
    for (let b = 0; b < breakdownColumns.length; b++) {
      const key = (breakdownColumns[b] as Column)[i] as number;
      const tally = tallies[b] as Tally;
      if (key !== 0) tally.add(key, visitor, tally.visits);
    }
  }
  const pages = new Tally(dictionaries.pages.length);
  const names = new Tally(dictionaries.names.length);
  const engagement = new PageEngagement(dictionaries.pages.length);
  const goalTally = new GoalTally(countGoals ? conversions.goals.count : 0);
  const propValues = propsKey === undefined ? undefined : new PropValueTally(props, propsKey);
  const propKeys = keysWanted ? new PropKeyTally(props) : undefined;
  // Conversions alone need the events only for goals or properties.
  const eventsWanted =
    !conversionsOnly || goalTally.size > 0 || propValues !== undefined || propKeys !== undefined;
  for (let i = 0; i < (eventsWanted ? segment.eventCount : 0); i++) {
    const visit = events.visit[i] as number;
    if (eventRead[i] === 0 || counted[visit] === 0) continue;
    const visitor = visits.visitor[visit] as number;
    const kind = events.kind[i];
    if (goalTally.size > 0)
      goalTally.addConversions(conversions.goals, segment, i, kind as number, visitor, visit);
    if (conversionsOnly) {
      if (kind === EVENT_KINDS.event) {
        propValues?.add(events.props[i] as number, visitor);
        propKeys?.add(events.props[i] as number, visitor);
      }
      continue;
    }
    if (kind === EVENT_KINDS.engagement) {
      engagement.add(events.page[i] as number, events.engaged[i] as number, events.scroll[i] as number);
    } else if (kind === EVENT_KINDS.pageview) {
      totals.pageviews++;
      pages.add(events.page[i] as number, visitor, pages.pageviews);
      // An hour's visitors are those whose visit started in it: its pageviews add none.
      if (hours.length > 0) {
        const hour = indexAt(hourStarts, events.at[i] as number);
        if (hour >= 0) hourTally.add(hour, -1, hourTally.pageviews);
      }
    } else if (events.name[i] !== 0) {
      totals.events++;
      names.add(events.name[i] as number, visitor, names.events);
      propValues?.add(events.props[i] as number, visitor);
      propKeys?.add(events.props[i] as number, visitor);
      if (hours.length > 0) {
        const hour = indexAt(hourStarts, events.at[i] as number);
        if (hour >= 0) hourTally.add(hour, -1, hourTally.events);
      }
    }
  }
  const breakdowns = new Map<Breakdown, Map<string, Counts>>();
  const keep = (name: Breakdown, counts: Map<string, Counts>) => {
    if (counts.size > 0 && !conversionsOnly) breakdowns.set(name, counts);
  };
  VISIT_BREAKDOWNS.forEach(([name, column], b) => {
    const dictionary = dictionaries[VISIT_TEXT[column][0]];
    keep(
      name,
      (tallies[b] as Tally).toMap((id) => dictionary[id]),
    );
  });
  keep(
    'pages',
    pages.toMap((id) => dictionaries.pages[id]),
  );
  keep(
    'events',
    names.toMap((id) => dictionaries.names[id]),
  );
  return {
    date: day.date,
    totals,
    hours: hourTally.toTotals((id) => hours[id]?.label),
    breakdowns,
    engagement: engagement.toMap((id) => dictionaries.pages[id]),
    goals: goalTally.toCounts(),
    props: propValues?.toMap() ?? new Map(),
    propKeys: propKeys?.toMap() ?? new Map(),
    funnel:
      funnel === undefined
        ? []
        : funnelVisitors(segment, funnel, counted, eventRead, (g, i) => conversions.goals.converts(g, i)),
  };
}
