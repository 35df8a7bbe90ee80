import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlOf } from '../../../test/support/recorded-request';
import {
  fetchWithJar,
  type ScriptedServer,
  startScriptedServer,
} from '../../../test/support/scripted-server';
import { createApiClient } from '../../api/client';
import { memoryCookies } from '../../api/cookies';
import { getInvitation } from '../../api/invitations';
import { loadInvitation } from './load-invitation';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());

function client() {
  const cookies = memoryCookies({});
  return createApiClient({ baseUrl: server.url, fetch: fetchWithJar(cookies), cookies });
}

const preview = {
  company_name: 'Acme',
  email: 'lin@example.com',
  role: 'viewer',
  invited_by: 'Ada',
  expires_at: '2026-12-01T00:00:00.000Z',
};

describe('loadInvitation', () => {
  it('answers what a valid link offers', async () => {
    server.answer(() => ({ body: { data: preview } }));
    await expect(loadInvitation(client(), 'tok_1')).resolves.toEqual({ status: 'valid', preview });
    expect(server.received.at(-1)?.url).toBe(urlOf((client) => getInvitation(client, 'tok_1')));
  });

  it("answers the server's words for a link that cannot be used", async () => {
    server.answer(() => ({ status: 400, body: { message: 'This invitation is invalid or has expired.' } }));
    await expect(loadInvitation(client(), 'gone')).resolves.toEqual({
      status: 'invalid',
      message: 'This invitation is invalid or has expired.',
    });
  });

  it('lets a server fault reach the error view', async () => {
    server.answer(() => ({ status: 500, body: { message: 'Server Error' } }));
    await expect(loadInvitation(client(), 'tok_1')).rejects.toMatchObject({ status: 500 });
  });
});
