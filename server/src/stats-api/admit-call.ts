import type { ApiKeyHolder } from '@footfall/db';
import type { FastifyRequest } from 'fastify';
import { todayIn } from '../calendar/local-days';
import { tooManyRequests } from '../errors';
import type { App } from '../types';
import { billingPeriod } from './billing-period';

/** The route pattern a call is counted under: `GET /api/v1/stats/:company_id` (HEAD counts as GET). */
export function endpointOf(request: FastifyRequest): string {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return `${method} ${request.routeOptions.url}`;
}

/**
 * Lets an authorized stats-API call through the plan's monthly quota and counts it, or refuses it with 429
 * and `Retry-After` = the time until the company's next month starts. A refused call is not counted.
 */
export async function admitCall(
  app: Pick<App, 'apiQuota' | 'now'>,
  key: ApiKeyHolder,
  endpoint: string,
): Promise<void> {
  const now = app.now().getTime();
  const period = billingPeriod(key.timezone, now);
  const call = {
    companyId: key.companyId,
    keyId: key.keyId,
    day: todayIn(key.timezone, now),
    endpoint,
    at: now,
  };
  if (!(await app.apiQuota.admit(call, period, key.apiCallsQuota))) {
    throw tooManyRequests(
      "The company's monthly stats API quota is used up; upgrade the plan.",
      period.endsAt - now,
    );
  }
}
