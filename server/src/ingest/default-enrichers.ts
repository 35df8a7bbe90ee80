import type { Enrichers } from './enrich';
import { sharedGeoLookup } from './enrich/geo';
import { parseReferrer } from './enrich/referrer';
import { createUserAgentParser } from './enrich/user-agent';

/** The real lookups: ua-parser-js with isbot, the offline country database and the referrer list. */
export function createDefaultEnrichers(): Enrichers {
  const geo = sharedGeoLookup();
  return {
    parseUserAgent: createUserAgentParser({ cacheSize: 10_000 }),
    country: (ip) => geo.country(ip),
    referrer: parseReferrer,
  };
}
