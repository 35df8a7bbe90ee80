import { notFound } from '@tanstack/react-router';

// docs/api.md "Conventions": ids in paths are positive integers below 2^31; anything else names no page.
const MAX_ID = 2 ** 31 - 1;

export function parseId(raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (id > MAX_ID) throw notFound();
  return id;
}

/** The `params` option of the company screens: `$company_id` as a number, or the not-found page. */
export const companyIdParams = {
  parse: ({ company_id }: { company_id: string }) => ({ company_id: parseId(company_id) }),
  stringify: ({ company_id }: { company_id: number }) => ({ company_id: String(company_id) }),
};
