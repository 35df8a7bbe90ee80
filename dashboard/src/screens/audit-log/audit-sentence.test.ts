import { AUDIT_ACTIONS, type AuditEvent } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { ACTION_GROUP_LABELS, auditSentence } from './audit-sentence';

const ann = { kind: 'user', id: 1, name: 'Ann Lee', email: 'ann@example.com' } as const;
const entry = (event: Partial<AuditEvent>): Pick<AuditEvent, 'actor' | 'action' | 'target' | 'details'> => ({
  actor: ann,
  action: 'site.updated',
  target: null,
  details: {},
  ...event,
});

describe('audit sentences', () => {
  it('say what changed, from what to what', () => {
    expect(auditSentence(entry({ details: { timezone: { from: 'UTC', to: 'Europe/Paris' } } }))).toBe(
      'Ann Lee changed the time zone from UTC to Europe/Paris.',
    );
    expect(
      auditSentence(
        entry({
          details: { public_stats: { from: false, to: true }, name: { from: 'A', to: 'B' } },
        }),
      ),
    ).toBe('Ann Lee changed the public stats from off to on and the name from A to B.');
  });

  it('name members, roles and the things changed', () => {
    expect(
      auditSentence(
        entry({
          action: 'member.role_changed',
          target: { type: 'member', id: '2', label: 'bo@example.com' },
          details: { role: { from: 'viewer', to: 'admin' } },
        }),
      ),
    ).toBe('Ann Lee made bo@example.com an admin (was a viewer).');
    expect(
      auditSentence(entry({ action: 'goal.created', target: { type: 'goal', id: '3', label: 'Signup' } })),
    ).toBe('Ann Lee created the goal “Signup”.');
    expect(
      auditSentence(
        entry({
          action: 'plan.changed',
          actor: { kind: 'admin', id: 1, name: 'Grace', email: null },
          details: { plan: { from: 'Free', to: 'Starter' } },
        }),
      ),
    ).toBe('Administrator Grace moved the site from the Free plan to Starter.');
  });

  it('have words for every action of the contract and a label for every group', () => {
    for (const action of AUDIT_ACTIONS) {
      const sentence = auditSentence(entry({ action }));
      expect(sentence, action).toMatch(/^Ann Lee [a-z].*\.$/);
      expect(ACTION_GROUP_LABELS[action.split('.')[0] ?? ''], action).toBeDefined();
    }
  });
});
