import { type SyncRule, textRule } from './rules-core';

// One @, no spaces, and a domain of dotted labels ending in a TLD of two letters or more.
const EMAIL = /^[^\s@]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}$/u;

/** A practical e-mail address: `local@domain.tld`. */
export function email(): SyncRule {
  return textRule('email', (text) => EMAIL.test(text), 'must be a valid email');
}

/** An absolute http or https URL with a host. */
export function url(): SyncRule {
  return textRule('url', isHttpUrl, 'is not a valid URL');
}

function isHttpUrl(text: string): boolean {
  // The URL parser trims whitespace and reads 'http:example.com' as 'http://example.com/'; neither
  // is what was typed.
  if (/\s/.test(text) || !/^https?:\/\//i.test(text)) return false;
  try {
    const parsed = new URL(text);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}
