import type { SharedAccess } from '@footfall/contract';
import { Store } from '@tanstack/react-store';

// The access tokens of password-protected shared links (docs/api.md "Shared links"), one per link, kept in
// sessionStorage: a reload or a move between the shared pages keeps the link open, closing the tab forgets
// it. The store lets the share page show the password form again the moment a token stops working.

const KEY_PREFIX = 'footfall.share.';

export interface SharedAccessState {
  /** Access tokens by link token. */
  tokens: Record<string, string>;
}

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // A frame whose storage the browser blocks: the link asks for its password on each load.
    return undefined;
  }
}

function readStored(linkToken: string): string | undefined {
  const raw = storage()?.getItem(KEY_PREFIX + linkToken);
  if (!raw) return undefined;
  try {
    const access = JSON.parse(raw) as Partial<SharedAccess>;
    const isLive = typeof access.expires_at === 'string' && Date.parse(access.expires_at) > Date.now();
    return isLive && typeof access.access_token === 'string' ? access.access_token : undefined;
  } catch {
    return undefined;
  }
}

export const sharedAccessStore = new Store<SharedAccessState>({ tokens: {} });

/** The live access token of a link, if this tab has unlocked it. */
export function accessTokenOf(linkToken: string): string | undefined {
  const known = sharedAccessStore.state.tokens[linkToken];
  if (known) return known;
  const stored = readStored(linkToken);
  if (stored) sharedAccessStore.setState((state) => ({ tokens: { ...state.tokens, [linkToken]: stored } }));
  return stored;
}

export function rememberAccess(linkToken: string, access: SharedAccess): void {
  storage()?.setItem(KEY_PREFIX + linkToken, JSON.stringify(access));
  sharedAccessStore.setState((state) => ({ tokens: { ...state.tokens, [linkToken]: access.access_token } }));
}

/** Forgets a token the server refused (expired, or its link's password changed). */
export function forgetAccess(linkToken: string): void {
  storage()?.removeItem(KEY_PREFIX + linkToken);
  sharedAccessStore.setState(({ tokens: { [linkToken]: _gone, ...rest } }) => ({ tokens: rest }));
}
