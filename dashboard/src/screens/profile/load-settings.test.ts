import type { MembershipRole } from '@footfall/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { urlOf } from '../../../test/support/recorded-request';
import {
  fetchWithJar,
  type ScriptedServer,
  startScriptedServer,
} from '../../../test/support/scripted-server';
import { listApiKeys } from '../../api/api-keys';
import { createApiClient } from '../../api/client';
import { getCompany } from '../../api/companies';
import { memoryCookies } from '../../api/cookies';
import { listGoals } from '../../api/goals';
import { listInvitations } from '../../api/invitations';
import { listMembers } from '../../api/members';
import { listSharedLinks } from '../../api/shared-links';
import { loadSettings } from './load-settings';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

/** What the settings screen may ask of company 7. */
const urls = {
  company: urlOf((client) => getCompany(client, 7)),
  members: urlOf((client) => listMembers(client, 7)),
  keys: urlOf((client) => listApiKeys(client, 7)),
  invitations: urlOf((client) => listInvitations(client, 7)),
  goals: urlOf((client) => listGoals(client, 7)),
  sharedLinks: urlOf((client) => listSharedLinks(client, 7)),
};

/** A server where the caller has `role` in company 7, and refuses what that role may not read. */
function answerAs(role: MembershipRole) {
  server.answer((request) => {
    if (request.url === urls.company) return { body: { data: { id: 7, name: 'Acme', role } } };
    if (request.url === urls.members) return { body: { data: [{ user_id: 1, role: 'owner' }] } };
    if (role === 'viewer') return { status: 403, body: { message: 'Only the owner and admins.' } };
    if (request.url === urls.keys) return { body: { data: [{ id: 3 }] } };
    if (request.url === urls.goals) return { body: { data: [{ id: 9 }] } };
    if (request.url === urls.sharedLinks) return { body: { data: [{ id: 11 }] } };
    return { body: { data: [{ id: 5 }] } };
  });
}

function client() {
  const cookies = memoryCookies({ token: 't' });
  return createApiClient({ baseUrl: server.url, fetch: fetchWithJar(cookies), cookies });
}

describe('the settings screen data', () => {
  it('asks a viewer for the company and its members only, never for what would be refused', async () => {
    answerAs('viewer');
    const data = await loadSettings(client(), 7);
    expect(server.received.map((request) => request.url).sort()).toEqual([urls.company, urls.members].sort());
    expect(data).toMatchObject({
      keys: null,
      invitations: null,
      goals: null,
      sharedLinks: null,
      members: [{ user_id: 1 }],
    });
  });

  it.each(['admin', 'owner'] as const)(
    'gives an %s the keys, the pending invitations, the goals and the shared links too',
    async (role) => {
      answerAs(role);
      const data = await loadSettings(client(), 7);
      expect(server.received.map((request) => request.url).sort()).toEqual(Object.values(urls).sort());
      expect(data).toMatchObject({
        keys: [{ id: 3 }],
        invitations: [{ id: 5 }],
        goals: [{ id: 9 }],
        sharedLinks: [{ id: 11 }],
      });
    },
  );
});
