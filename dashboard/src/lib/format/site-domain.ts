import { HOSTNAME_PATTERN } from '@footfall/contract/constants';

const HOSTNAME = new RegExp(HOSTNAME_PATTERN);

/**
 * The host a person means by what they typed as their site's domain: `https://www.Example.com/shop` is
 * `www.example.com`; undefined when no hostname can be read from it.
 */
export function siteDomain(typed: string): string | undefined {
  const text = typed.trim();
  if (text === '') return undefined;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname;
  } catch {
    return undefined;
  }
  const lower = host.toLowerCase().replace(/\.$/, '');
  return HOSTNAME.test(lower) ? lower : undefined;
}
