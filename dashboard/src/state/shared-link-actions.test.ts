import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { urlOf } from '../../test/support/recorded-request';
import { fetchWithJar, type ScriptedServer, startScriptedServer } from '../../test/support/scripted-server';
import { createApiClient, type FailedRequest } from '../api/client';
import { memoryCookies } from '../api/cookies';
import { getSharedAnalyticsDetail } from '../api/shared-views';
import { accessTokenOf, sharedAccessStore } from './shared-access';
import { createSharedLinkActions } from './shared-link-actions';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  sharedAccessStore.setState(() => ({ tokens: {} }));
});

/** The actions over a client whose viewer is also signed in (a session token in the cookie). */
function setUp() {
  const cookies = memoryCookies({ token: 'session.jwt.token', 'XSRF-TOKEN': 'x' });
  const failures: FailedRequest[] = [];
  const client = createApiClient({
    baseUrl: server.url,
    fetch: fetchWithJar(cookies),
    cookies,
    onError: (failure) => failures.push(failure),
  });
  return { actions: createSharedLinkActions(client), failures };
}

const ACCESS = { access_token: 'ffs_4.99.abc', expires_at: '2999-01-01T00:00:00.000Z' };

describe("a shared link's requests", () => {
  it("unlock, then send the link's access token and never the viewer's session", async () => {
    const { actions } = setUp();
    server.answer((request) =>
      request.url.endsWith('/unlock') ? { body: { data: ACCESS } } : { body: { data: { summary: {} } } },
    );
    await actions.fetchSite('tok_en-1234567890abcdef');
    await actions.unlock('tok_en-1234567890abcdef', 'open sesame');
    expect(accessTokenOf('tok_en-1234567890abcdef')).toBe(ACCESS.access_token);
    await actions.fetchDetail('tok_en-1234567890abcdef', { period: '7d' });
    const [site, unlock, detail] = server.received;
    expect(site?.headers.authorization).toBeUndefined();
    expect(unlock?.headers.authorization).toBeUndefined();
    expect(JSON.parse(unlock?.body ?? '')).toEqual({ password: 'open sesame' });
    expect(detail?.url).toBe(
      urlOf((client) => getSharedAnalyticsDetail(client, 'tok_en-1234567890abcdef', { period: '7d' })),
    );
    expect(detail?.headers.authorization).toBe(`Bearer ${ACCESS.access_token}`);
  });

  it('answer a link that no longer works as gone, and a refused access token as locked, forgetting it', async () => {
    const { actions, failures } = setUp();
    server.answer(() => ({ status: 404, body: { message: 'Not found.' } }));
    expect(await actions.fetchSite('gone-token-1234567890')).toBe('gone');
    expect(await actions.fetchDetail('gone-token-1234567890', {})).toBe('gone');

    sharedAccessStore.setState(() => ({ tokens: { 'locked-token-123456789': 'ffs_1.2.old' } }));
    server.answer(() => ({ status: 401, body: { message: 'Unauthenticated.' } }));
    expect(await actions.fetchDetail('locked-token-123456789', {})).toBe('locked');
    expect(accessTokenOf('locked-token-123456789')).toBeUndefined();
    // Silent: the error catalogue's sign-out is for the team's screens, not for a link's viewer.
    expect(failures.map((failure) => failure.silent)).toEqual([true, true, true]);
  });

  it('pass a wrong password on as the API said it, for the form', async () => {
    const { actions } = setUp();
    server.answer(() => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { password: ['The password is incorrect.'] } },
    }));
    await expect(actions.unlock('tok_en-1234567890abcdef', 'wrong')).rejects.toMatchObject({
      status: 422,
      errors: { password: ['The password is incorrect.'] },
    });
    expect(accessTokenOf('tok_en-1234567890abcdef')).toBeUndefined();
  });
});
