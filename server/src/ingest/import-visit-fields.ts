import { DEVICES, type Device } from './enrich/user-agent';
import type { VisitAttributes } from './types';

// The visit fields an import line may state instead of leaving them to be worked out (docs/api.md
// "Imports"): an export writes them, since what the referrer list, the user-agent parser and the site's own
// hosts say may have changed since the events were first stored.

/** What a line states about its visit; absent fields are worked out as before. */
export interface StatedVisitFields {
  source?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmContent?: string;
  utmTerm?: string;
  browser?: string;
  os?: string;
  device?: Device;
}

const TEXT_LIMITS = {
  source: ['source', 2000],
  utm_source: ['utmSource', 300],
  utm_medium: ['utmMedium', 300],
  utm_campaign: ['utmCampaign', 300],
  utm_content: ['utmContent', 300],
  utm_term: ['utmTerm', 300],
  browser: ['browser', 100],
  os: ['os', 100],
} as const satisfies Record<string, [keyof StatedVisitFields, number]>;

/** The texts read here, which must keep the text rule like the line's other texts. */
export const STATED_VISIT_TEXTS = [...Object.keys(TEXT_LIMITS), 'device'];

/** The visit fields a line states, or why the line is rejected. */
export function statedVisitFields(record: Record<string, unknown>): StatedVisitFields | string {
  const stated: StatedVisitFields = {};
  for (const [field, [key, limit]] of Object.entries(TEXT_LIMITS)) {
    const value = record[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || value.length === 0 || value.length > limit)
      return `${field} must be a string of 1 to ${limit} characters`;
    stated[key] = value;
  }
  const device = record.device;
  if (device !== undefined && device !== null) {
    if (typeof device !== 'string' || !(DEVICES as readonly string[]).includes(device))
      return `device must be one of ${DEVICES.join(', ')}`;
    stated.device = device as Device;
  }
  return stated;
}

/** The worked-out attributes with what the line states put in their place. */
export function withStatedFields(worked: VisitAttributes, stated: StatedVisitFields): VisitAttributes {
  return {
    ...worked,
    source: stated.source ?? worked.source,
    utmSource: stated.utmSource ?? worked.utmSource,
    utmMedium: stated.utmMedium ?? worked.utmMedium,
    utmCampaign: stated.utmCampaign ?? worked.utmCampaign,
    utmContent: stated.utmContent ?? worked.utmContent,
    utmTerm: stated.utmTerm ?? worked.utmTerm,
    browser: stated.browser ?? worked.browser,
    os: stated.os ?? worked.os,
    device: stated.device ?? worked.device,
  };
}
