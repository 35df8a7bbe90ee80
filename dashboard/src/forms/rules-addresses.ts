import { siteDomain } from '../lib/format/site-domain';
import { type SyncRule, textRule } from './rules-core';

// Limits of an address on the wire (RFC 5321), in octets: the domain is counted in its ASCII (punycode)
// form, which is what DNS and mail servers see, the local part in UTF-8.
const MAX_LOCAL_PART = 64;
const MAX_LABEL = 63;
const MAX_ADDRESS = 254;

// Any character but spaces and @ (quoted local parts are not taken), in runs joined by single dots: a
// leading, trailing or doubled dot would make the address unreadable to mail servers.
const LOCAL_PART = /^[^\s@.]+(?:\.[^\s@.]+)*$/u;
// Letters and decimal digits of any script with inner hyphens; a combining mark goes with the character
// before it (Devanagari vowel signs). \p{Nd}, not \p{N}: a domain has no ½ or ².
const DOMAIN_LABEL = /^[\p{L}\p{Nd}](?:[\p{L}\p{M}\p{Nd}-]*[\p{L}\p{M}\p{Nd}])?$/u;
// A top-level domain of two letters or more, in any script, or its punycode form (xn--p1ai for .рф).
const TOP_LEVEL_DOMAIN = /^(?:(?:\p{L}\p{M}*){2,}|xn--[a-z\d](?:[a-z\d-]*[a-z\d])?)$/iu;

/** A practical e-mail address: `local@domain.tld`, within the lengths mail servers accept. */
export function email(): SyncRule {
  return textRule('email', isEmailAddress, 'must be a valid email');
}

function isEmailAddress(text: string): boolean {
  const at = text.lastIndexOf('@');
  if (at === -1) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (!LOCAL_PART.test(local) || !isEmailDomain(domain)) return false;
  const asciiDomain = toAsciiDomain(domain);
  if (asciiDomain === null || asciiDomain.split('.').some((label) => label.length > MAX_LABEL)) return false;
  const localOctets = new TextEncoder().encode(local).length;
  return localOctets <= MAX_LOCAL_PART && localOctets + 1 + asciiDomain.length <= MAX_ADDRESS;
}

function isEmailDomain(domain: string): boolean {
  const labels = domain.split('.');
  const tld = labels.pop() ?? '';
  return labels.length > 0 && labels.every((label) => DOMAIN_LABEL.test(label)) && TOP_LEVEL_DOMAIN.test(tld);
}

/** The domain as the URL parser writes it: lower case, with internationalised labels in punycode. */
function toAsciiDomain(domain: string): string | null {
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
}

/** An absolute http or https URL with a host. */
export function url(): SyncRule {
  return textRule('url', isHttpUrl, 'is not a valid URL');
}

/**
 * A site's address as a person types it: an http(s) URL, or a bare domain (`example.com`, `example.com/shop`)
 * that `siteWebsite` sends with `https://` in front.
 */
export function website(): SyncRule {
  return textRule(
    'url',
    (text) => siteWebsite(text) !== undefined,
    'must be a domain such as example.com, or a URL',
  );
}

/**
 * The URL to store for a site's address as typed: an http(s) URL as it is, a bare domain (with or without a
 * path) after `https://`; undefined when it is neither. A bare domain's host is read as "Add a site" reads
 * it (`siteDomain`: a dotted name, so `localhost` is not a site); text with another scheme is refused.
 */
export function siteWebsite(typed: string): string | undefined {
  const text = typed.trim();
  if (isHttpUrl(text)) return text;
  // `mailto:`, `ftp://`, `javascript:`; a host and port (`example.com:8443`) is not a scheme.
  if (/^[a-z][a-z\d+.-]*:(?!\d+(?:[/?#]|$))/i.test(text)) return undefined;
  const candidate = `https://${text}`;
  return isHttpUrl(candidate) && siteDomain(text) !== undefined ? candidate : undefined;
}

function isHttpUrl(text: string): boolean {
  // The URL parser trims whitespace, reads 'http:example.com' as 'http://example.com/' and skips any
  // more slashes or backslashes before the host ('https:///example.com'); none of it is what was typed.
  if (/\s/.test(text) || !/^https?:\/\/(?![/\\])/i.test(text)) return false;
  try {
    const parsed = new URL(text);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && hasLabelledHost(parsed.hostname);
  } catch {
    return false;
  }
}

/**
 * Whether a parsed host is an IPv6 address or a name of non-empty labels. The parser keeps '..', '.com'
 * and 'a..b' as hosts, after decoding '%2e' and '。' to dots, so the labels are checked on its result.
 */
function hasLabelledHost(hostname: string): boolean {
  if (hostname.startsWith('[')) return true;
  // The root's trailing dot (example.com.) is allowed, as by ip_or_fqdn.
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  return name.split('.').every((label) => label !== '');
}
