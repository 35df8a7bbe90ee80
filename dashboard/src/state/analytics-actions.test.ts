import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchWithJar, type ScriptedServer, startScriptedServer } from '../../test/support/scripted-server';
import { createApiClient } from '../api/client';
import { memoryCookies } from '../api/cookies';
import { createAnalyticsActions } from './analytics-actions';
import { createAnalyticsStore } from './analytics-store';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

function setUp() {
  const cookies = memoryCookies({ token: 'session.jwt.token', 'XSRF-TOKEN': 'x' });
  const client = createApiClient({
    baseUrl: server.url,
    fetch: fetchWithJar(cookies),
    cookies,
    onError: () => {},
  });
  return createAnalyticsActions({ client, analytics: createAnalyticsStore() });
}

describe("a site's time zone", () => {
  it('is asked once, and a zone saved in the settings replaces it without asking again', async () => {
    const actions = setUp();
    server.answer(() => ({ body: { data: { id: 3, timezone: 'UTC' } } }));
    expect(await actions.companyZone(3)).toBe('UTC');
    expect(await actions.companyZone(3)).toBe('UTC');
    expect(server.received).toHaveLength(1);
    actions.noteCompanyZone(3, 'Asia/Tokyo');
    expect(await actions.companyZone(3)).toBe('Asia/Tokyo');
    expect(server.received).toHaveLength(1);
  });
});
