import { tooManyRequests } from '../errors';
import { hitLimits, type WindowLimit } from './fixed-windows';
import { retryText } from './retry-text';

// Mail to addresses that the caller chooses is rationed per sender and per recipient (docs/api.md "Limits
// that hold under attack"): an invitation carries names the inviter typed, so unrationed it is phishing
// sent from the server's own domain. Each ration counts in the shared `rate_limits` rows, so it holds
// across restarts and across every server of one database. Past a ration the request is 429 with
// `Retry-After`, and no mail goes.

const HOUR = 60 * 60 * 1000;

type Counted = Parameters<typeof hitLimits>[0];

/** Counts one mail under each limit; past any, refuses with 429 naming what was refused. */
async function takeMail(app: Counted, limits: WindowLimit[], what: string): Promise<void> {
  const waitMs = await hitLimits(app, limits);
  if (waitMs <= 0) return;
  throw tooManyRequests(`Too many ${what}. Please try again in ${retryText(waitMs)}.`, waitMs);
}

/** Invitations, sent or sent again: 20 an hour per company, 3 an hour per invited address. */
export function takeInvitationMail(app: Counted, companyId: number, email: string): Promise<void> {
  return takeMail(
    app,
    [
      { key: `mail:invitation:company:${companyId}`, limit: 20, windowMs: HOUR },
      { key: `mail:invitation:email:${email.toLowerCase()}`, limit: 3, windowMs: HOUR },
    ],
    'invitations',
  );
}

/** Tests of alert channels: 5 an hour per company, whatever the channel. */
export function takeChannelTestMail(app: Counted, companyId: number): Promise<void> {
  return takeMail(
    app,
    [{ key: `mail:channel-test:company:${companyId}`, limit: 5, windowMs: HOUR }],
    'channel tests',
  );
}

/** The verification of a new address: 3 an hour per user. */
export function takeAddressChangeMail(app: Counted, userId: number): Promise<void> {
  return takeMail(
    app,
    [{ key: `mail:address-change:user:${userId}`, limit: 3, windowMs: HOUR }],
    'address changes',
  );
}

/** Registrations, each of which mails a verification link: 10 an hour per IP. */
export function takeRegistrationMail(app: Counted, ip: string): Promise<void> {
  return takeMail(app, [{ key: `mail:registration:ip:${ip}`, limit: 10, windowMs: HOUR }], 'registrations');
}
