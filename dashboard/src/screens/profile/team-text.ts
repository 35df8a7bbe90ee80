import type { MembershipRole } from '@footfall/contract';
import { ROLE_LABELS } from '../../lib/format/roles';

/** "an admin", "a viewer", "the owner": a role inside a sentence. */
export function roleInSentence(role: MembershipRole): string {
  const name = ROLE_LABELS[role].name.toLowerCase();
  if (role === 'owner') return `the ${name}`;
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}

/** The message of a failed action shown beside it (server faults also raise the catalogue's alert). */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
