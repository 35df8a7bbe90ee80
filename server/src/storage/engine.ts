import type { Day, Hour } from '../calendar/local-days';
import type { DayStats } from './day-stats';
import type { ScanQuery } from './scan';

/** What an engine needs of a company: which one, and the zone its days are local to. */
export interface EngineCompany {
  id: number;
  timezone: string;
}

/** How a period's days are to be summed. */
export interface DaySumsOptions {
  /** The wall-clock hours of those days, for an hourly series; none otherwise. */
  hours?: readonly Hour[];
  /** The company's first day with data (`firstDay`): the days before it are empty without a read. */
  firstDay: string | undefined;
  /** The moment of the question (epoch ms): whether today's stored sums are still fresh. */
  now: number;
}

/**
 * The engine the analytics read their figures through: the company's first day and each day's sums under
 * a query's filters (with its goals, property, keys or funnel). Everything above it (periods, comparisons,
 * the answer's shape) is the same whichever engine counts; `relationalEngine` counts in the relational
 * database's raw rows, packed days and rollups.
 */
export interface AnalyticsEngine {
  firstDay(company: EngineCompany): Promise<string | undefined>;
  daySums(
    company: EngineCompany,
    days: readonly Day[],
    scan: ScanQuery,
    options: DaySumsOptions,
  ): Promise<DayStats[]>;
}
