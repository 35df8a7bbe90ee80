import { type Static, Type } from '@sinclair/typebox';
import { limits } from '../accounts/auth';
import { ResourceId, Timestamp } from '../common';
import { MAX_FUNNEL_STEPS, MIN_FUNNEL_STEPS } from './funnel-constants';

export * from './funnel-constants';

/** `POST /api/companies/{id}/funnels` (docs/api.md "Funnels"): a name and the goals a visit converts on, in order. */
export const FunnelBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: limits.nameMax }),
  steps: Type.Array(Type.Integer({ minimum: 1 }), { minItems: MIN_FUNNEL_STEPS, maxItems: MAX_FUNNEL_STEPS }),
});
export type FunnelBody = Static<typeof FunnelBody>;

export const Funnel = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Goal ids, in order. */
  steps: Type.Array(Type.Integer()),
  created_at: Timestamp,
});
export type Funnel = Static<typeof Funnel>;

export const FunnelAnswer = Type.Object({ data: Funnel });
export type FunnelAnswer = Static<typeof FunnelAnswer>;

export const FunnelListAnswer = Type.Object({ data: Type.Array(Funnel) });
export type FunnelListAnswer = Static<typeof FunnelListAnswer>;

export const FunnelParams = Type.Object({ id: ResourceId, funnel_id: ResourceId });
export type FunnelParams = Static<typeof FunnelParams>;

/** One step of a funnel's report. */
export const FunnelStep = Type.Object({
  goal_id: Type.Integer(),
  name: Type.String(),
  /** Distinct visitors with a visit that reached this step (summed per day). */
  visitors: Type.Integer(),
  /** The previous step's visitors minus this one's; 0 for the first. */
  dropoff: Type.Integer(),
  /** `dropoff` / the previous step's visitors × 100, one decimal, half up; 0 when nothing entered. */
  dropoff_rate: Type.Number(),
});
export type FunnelStep = Static<typeof FunnelStep>;

/** `GET /api/companies/{id}/funnels/{funnel_id}/report`, with the detail's period and filter parameters. */
export const FunnelReport = Type.Object({
  funnel_id: Type.Integer(),
  name: Type.String(),
  range: Type.Object({ from: Type.String(), to: Type.String() }),
  steps: Type.Array(FunnelStep),
  /** The last step's visitors / the first step's × 100, one decimal, half up; 0 when nothing entered. */
  conversion_rate: Type.Number(),
});
export type FunnelReport = Static<typeof FunnelReport>;

export const FunnelReportAnswer = Type.Object({ data: FunnelReport });
export type FunnelReportAnswer = Static<typeof FunnelReportAnswer>;
