import type { UserCompany } from '@footfall/contract';

/**
 * Where a signed-in user's own pages start: the sites page when they have several sites (or none yet, to
 * add one), else their one site's dashboard.
 */
export function userHomePath(companies: readonly UserCompany[]): string {
  const [only, ...others] = companies;
  return only && others.length === 0 ? `/dashboard/${only.id}` : '/sites';
}
