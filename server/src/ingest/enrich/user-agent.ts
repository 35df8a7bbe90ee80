import { AUTOMATED_USER_AGENT } from '@footfall/contract/constants';
import { isbot } from 'isbot';
// Version 1 on purpose: ua-parser-js 2.x is AGPL-3.0, which a self-hosted MIT product cannot ship.
import { LRUCache } from 'lru-cache';
import UAParser from 'ua-parser-js';

export const DEVICES = ['desktop', 'mobile', 'tablet'] as const;
export type Device = (typeof DEVICES)[number];

/** What the ingestion pipeline keeps of a user agent; names are ua-parser-js's (`Chrome`, `Mac OS`, `iOS`…). */
export interface UserAgentInfo {
  readonly isBot: boolean;
  readonly browser: string | null;
  readonly os: string | null;
  readonly device: Device;
}

export interface UserAgentParserOptions {
  /** Distinct user agents remembered, the least recently seen forgotten first; 10 000 by default. */
  readonly cacheSize?: number;
}

/** Longer user agents are parsed but not cached, so that unique giant headers cannot inflate the cache. */
const MAX_CACHED_LENGTH = 512;

const BOT: UserAgentInfo = Object.freeze({ isBot: true, browser: null, os: null, device: 'desktop' });

/**
 * Makes a memoising user-agent parser. A missing, empty or blank user agent answers `isBot: true`: live
 * browsers always send one, so its absence marks a script. Imports are different (docs/api.md "Imports": a missing
 * `user_agent` there does not make an event a bot), so the import path must not use `isBot` for them.
 * Bots answer null names: they are never stored, and skipping ua-parser-js saves most of a cache miss.
 */
export function createUserAgentParser(
  options: UserAgentParserOptions = {},
): (ua: string | undefined) => UserAgentInfo {
  const cache = new LRUCache<string, UserAgentInfo>({ max: options.cacheSize ?? 10_000 });
  // One parser instance, re-pointed with setUA: cheaper than a new instance and its full result per call.
  const parser = new UAParser();

  const analyse = (ua: string): UserAgentInfo => {
    // Automation isbot's list does not name (jsdom, SlimerJS) and the headless signatures it does, so that
    // the rule survives changes to that list: the contract's, which the test page warns a browser of.
    if (ua.trim() === '' || AUTOMATED_USER_AGENT.test(ua) || isbot(ua)) return BOT;
    parser.setUA(ua);
    return Object.freeze({
      isBot: false,
      browser: parser.getBrowser().name ?? null,
      os: parser.getOS().name ?? null,
      device: deviceOf(parser.getDevice().type),
    });
  };

  return (ua) => {
    if (typeof ua !== 'string' || ua.length === 0) return BOT;
    if (ua.length > MAX_CACHED_LENGTH) return analyse(ua);
    let info = cache.get(ua);
    if (info === undefined) {
      info = analyse(ua);
      cache.set(ua, info);
    }
    return info;
  };
}

/** ua-parser-js device types: wearables count as mobile; consoles, TVs and the unnamed rest as desktop. */
function deviceOf(type: string | undefined): Device {
  if (type === 'mobile' || type === 'wearable') return 'mobile';
  if (type === 'tablet') return 'tablet';
  return 'desktop';
}
