import type { FailedRequest } from '../api/client';
import { createApiClient } from '../api/client';
import { documentCookies } from '../api/cookies';
import { readToken } from '../api/token';
import { createAdminActions } from '../state/admin-actions';
import { createAnalyticsActions } from '../state/analytics-actions';
import { createAnalyticsStore } from '../state/analytics-store';
import { createAuthActions } from '../state/auth-actions';
import { createAuthStore, trackActivity } from '../state/auth-store';
import { createSharedLinkActions } from '../state/shared-link-actions';

// The app's single instances: the stores, the API client with the browser's cookies, and the actions over
// them. What reacts to failed requests (alerts, sign-out, redirects) needs the router, so it is plugged in
// from main.tsx with `onFailedRequest` rather than imported here.

export const cookies = documentCookies;
export const authStore = createAuthStore(readToken(cookies) ?? null);
export const analyticsStore = createAnalyticsStore();

let failureHandler: ((failure: FailedRequest) => void) | undefined;

/** Sets what happens when a request fails (the error catalogue), besides the caller getting the error. */
export function onFailedRequest(handler: (failure: FailedRequest) => void): void {
  failureHandler = handler;
}

export const http = createApiClient({
  baseUrl: '',
  // Called through a function so tests and devtools that patch window.fetch are honoured.
  fetch: (input, init) => fetch(input, init),
  cookies,
  onActivity: (started) => trackActivity(authStore, started),
  onError: (failure) => failureHandler?.(failure),
});

export const auth = createAuthActions({
  client: http,
  auth: authStore,
  analytics: analyticsStore,
  cookies,
  secure: window.location.protocol === 'https:',
});

export const analytics = createAnalyticsActions({ client: http, analytics: analyticsStore });

export const adminActions = createAdminActions({
  client: http,
  auth: authStore,
  cookies,
  secure: window.location.protocol === 'https:',
});

export const sharedLinks = createSharedLinkActions(http);
