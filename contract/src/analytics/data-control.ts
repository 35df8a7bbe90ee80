import { type Static, Type } from '@sinclair/typebox';

/** `…/data?from=&to=`: local days of the site's zone, `YYYY-MM-DD`, `to` on or after `from`, not after today. */
export const DataRangeQuery = Type.Object({
  from: Type.String({ maxLength: 10 }),
  to: Type.String({ maxLength: 10 }),
});
export type DataRangeQuery = Static<typeof DataRangeQuery>;

/** What deleting the days removes (`DELETE`), or would remove (`GET`). */
export const DataRangeCounts = Type.Object({
  from: Type.String(),
  to: Type.String(),
  /** Stored events (pageviews, custom events, engagement pings), raw and packed. */
  events: Type.Integer(),
  visits: Type.Integer(),
});
export type DataRangeCounts = Static<typeof DataRangeCounts>;

export const DataRangeAnswer = Type.Object({ data: DataRangeCounts });
export type DataRangeAnswer = Static<typeof DataRangeAnswer>;
