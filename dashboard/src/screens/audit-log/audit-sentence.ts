import type { AuditAction, AuditEvent } from '@footfall/contract';
import { formatNumber } from '@footfall/contract/format';

// Each audit entry as a sentence: "Ann Lee changed the time zone from UTC to Europe/Paris". The actor is
// named apart (the screens set it in bold); the rest is the predicate below, one for every action of the
// contract's closed list, so a new action is a type error here until it has its words.

type Change = { from: unknown; to: unknown };

/** The settings' names as a sentence says them. */
const FIELD_NAMES: Record<string, string> = {
  name: 'name',
  website: 'website',
  domains: 'allowed domains',
  timezone: 'time zone',
  public_stats: 'public stats',
  listed: 'directory listing',
  description: 'description',
  logo_url: 'logo',
  category: 'category',
  event_name: 'event',
  page_path: 'page',
  prop: 'property',
  revenue_currency: 'revenue currency',
  kind: 'kind',
  filters: 'filters',
  threshold: 'threshold',
  goal_id: 'goal',
  channel_ids: 'channels',
  enabled: 'switch',
  email: 'e-mail address',
  role: 'role',
  retention_days: 'retention',
};

function value(raw: unknown): string {
  if (raw === null || raw === undefined || raw === '') return 'none';
  if (raw === true) return 'on';
  if (raw === false) return 'off';
  if (Array.isArray(raw)) return raw.length === 0 ? 'none' : raw.map(value).join(', ');
  if (typeof raw === 'object') {
    return Object.entries(raw as Record<string, unknown>)
      .map(([key, inner]) => `${key} ${value(inner)}`)
      .join(', ');
  }
  return String(raw);
}

function isChange(raw: unknown): raw is Change {
  return typeof raw === 'object' && raw !== null && 'from' in raw && 'to' in raw;
}

/** "the time zone from UTC to Europe/Paris and the name from A to B"; beyond two, only the fields' names. */
export function describeChanges(details: Record<string, unknown>): string {
  const changes = Object.entries(details).filter((entry): entry is [string, Change] => isChange(entry[1]));
  const name = (field: string) => FIELD_NAMES[field] ?? field.replaceAll('_', ' ');
  if (changes.length === 0) return '';
  if (changes.length > 2) {
    const names = changes.map(([field]) => name(field));
    return `the ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  }
  return changes
    .map(([field, change]) => `the ${name(field)} from ${value(change.from)} to ${value(change.to)}`)
    .join(' and ');
}

const quoted = (label: string | null | undefined) => (label ? `“${label}”` : '');
const article = (role: unknown) =>
  role === 'admin' ? 'an admin' : role === 'owner' ? 'the owner' : 'a viewer';
const ALERT_KINDS: Record<string, string> = {
  spike: 'a traffic spike alert',
  drop: 'a traffic drop alert',
  goal: 'a goal alert',
};

/** Who made the change, as the sentence starts. */
export function auditActorName(event: Pick<AuditEvent, 'actor'>): string {
  const { kind, name, email } = event.actor;
  if (kind === 'system') return 'Footfall';
  const who = name ?? email ?? 'Someone';
  if (kind === 'admin') return `Administrator ${who}`;
  if (kind === 'api_key') return `The API key ${quoted(who)}`;
  return who;
}

/** What they did: the rest of the sentence, without a full stop. */
export function auditPredicate(event: Pick<AuditEvent, 'action' | 'target' | 'details'>): string {
  const label = event.target?.label ?? null;
  const details = event.details;
  const changes = describeChanges(details);
  const thing = (noun: string) => `the ${noun}${label ? ` ${quoted(label)}` : ''}`;
  const edited = (noun: string) => `changed ${thing(noun)}${changes ? `: ${changes}` : ''}`;
  const sentences: Record<AuditAction, () => string> = {
    'site.created': () => `created ${thing('site')}`,
    'site.updated': () => (changes ? `changed ${changes}` : `changed the site’s settings`),
    'site.deleted': () => `deleted ${thing('site')}${details.with_account ? ' with their account' : ''}`,
    'site.suspended': () => `suspended ${thing('site')}`,
    'site.unsuspended': () => `lifted the suspension of ${thing('site')}`,
    'site.retention_changed': () =>
      changes ? `changed ${changes}` : 'changed how long the site keeps its data',
    'member.invited': () => `invited ${label ?? 'someone'} as ${article(details.role)}`,
    'member.invitation_resent': () => `sent the invitation to ${label ?? 'someone'} again`,
    'member.invitation_revoked': () => `revoked the invitation to ${label ?? 'someone'}`,
    'member.joined': () => `joined the team as ${article(details.role)}`,
    'member.role_changed': () => {
      const role = details.role as Change | undefined;
      return `made ${label ?? 'a member'} ${article(role?.to)}${role ? ` (was ${article(role.from)})` : ''}`;
    },
    'member.removed': () => `removed ${label ?? 'a member'} from the team`,
    'member.left': () => 'left the team',
    'ownership.transferred': () => `handed the site over to ${label ?? 'another member'}`,
    'api_key.created': () => `created ${thing('API key')}`,
    'api_key.revoked': () => `revoked ${thing('API key')}`,
    'goal.created': () => `created ${thing('goal')}`,
    'goal.updated': () => edited('goal'),
    'goal.deleted': () => `deleted ${thing('goal')}`,
    'funnel.created': () => `created ${thing('funnel')}`,
    'funnel.deleted': () => `deleted ${thing('funnel')}`,
    'segment.created': () => `saved ${thing('segment')}`,
    'segment.updated': () => edited('segment'),
    'segment.deleted': () => `deleted ${thing('segment')}`,
    'shared_link.created': () =>
      `shared the dashboard with ${thing('link')}${details.protected ? ', protected by a password' : ''}`,
    'shared_link.revoked': () => `revoked ${thing('shared link')}`,
    'annotation.created': () => `added ${thing('note')}`,
    'annotation.deleted': () => `deleted ${thing('note')}`,
    'alert.created': () => `created ${ALERT_KINDS[label ?? ''] ?? 'an alert'}`,
    'alert.updated': () =>
      `changed ${ALERT_KINDS[label ?? ''] ?? 'an alert'}${changes ? `: ${changes}` : ''}`,
    'alert.deleted': () => `deleted ${ALERT_KINDS[label ?? ''] ?? 'an alert'}`,
    'alert_channel.created': () => `added ${thing('alert channel')}`,
    'alert_channel.updated': () => {
      const parts = [changes, details.address_changed ? 'its address' : ''].filter(Boolean);
      return `changed ${thing('alert channel')}${parts.length ? `: ${parts.join(' and ')}` : ''}`;
    },
    'alert_channel.deleted': () => `deleted ${thing('alert channel')}`,
    'email_report.changed': () => {
      const turned = ['weekly', 'monthly'].flatMap((kind) => {
        const change = details[kind];
        return isChange(change)
          ? [`${change.to ? 'turned on' : 'turned off'} the ${kind} e-mail report`]
          : [];
      });
      return turned.length ? turned.join(' and ') : 'changed their e-mail reports';
    },
    'import.completed': () => {
      const stored = Number(details.stored ?? 0);
      const rejected = Number(details.rejected ?? 0);
      const events = `${formatNumber(stored)} event${stored === 1 ? '' : 's'}`;
      return `imported ${events}${rejected ? ` (${formatNumber(rejected)} line${rejected === 1 ? '' : 's'} refused)` : ''}`;
    },
    'plan.changed': () => {
      const plan = details.plan as Change | undefined;
      return plan
        ? `moved the site from the ${value(plan.from)} plan to ${value(plan.to)}`
        : `changed the plan to ${label ?? 'another'}`;
    },
    'data.exported': () => 'exported the site’s data',
    'data.deleted_range': () =>
      details.from && details.to
        ? `deleted the data from ${value(details.from)} to ${value(details.to)}`
        : 'deleted a range of the site’s data',
    'account.name_changed': () => `changed their ${changes.replace(/^the /, '') || 'name'}`,
    'account.email_changed': () => `changed their ${changes.replace(/^the /, '') || 'e-mail address'}`,
    'account.password_changed': () => 'changed their password',
    'account.password_reset': () => 'reset their password with an e-mailed link',
    'account.session_revoked': () => `signed out a session${label ? ` (${label})` : ''}`,
    'account.sessions_revoked': () => 'signed out every other session',
    'account.deleted': () => 'deleted their account',
    'account.suspended': () => `suspended the account of ${label ?? 'a user'}`,
    'account.unsuspended': () => `lifted the suspension of ${label ?? 'a user'}`,
    'account.two_factor_enabled': () => 'turned on two-factor sign-in',
    'account.two_factor_disabled': () => 'turned off two-factor sign-in',
    'account.recovery_codes_regenerated': () => 'made new recovery codes',
    'account.recovery_code_used': () => 'signed in with a recovery code',
    'account.sso_linked': () => `linked single sign-on${label ? ` (${label})` : ''}`,
  };
  return sentences[event.action]();
}

/** The whole sentence, with its full stop. */
export function auditSentence(event: Pick<AuditEvent, 'actor' | 'action' | 'target' | 'details'>): string {
  return `${auditActorName(event)} ${auditPredicate(event)}.`;
}

/** The kinds of change the filter offers: each group of actions, in words. */
export const ACTION_GROUP_LABELS: Record<string, string> = {
  site: 'Site settings',
  member: 'Members and invitations',
  ownership: 'Ownership',
  api_key: 'API keys',
  goal: 'Goals',
  funnel: 'Funnels',
  segment: 'Segments',
  shared_link: 'Shared links',
  annotation: 'Notes',
  alert: 'Alerts',
  alert_channel: 'Alert channels',
  email_report: 'E-mail reports',
  import: 'Imports',
  plan: 'Plan',
  data: 'Exports and deletions',
  account: 'Accounts',
};
