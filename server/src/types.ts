import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db, Repositories } from '@footfall/db';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { CompanyPermission } from './auth/permissions';
import type { SessionService } from './auth/sessions';
import type { Throttle } from './auth/throttle';
import type { TwoFactorService } from './auth/two-factor/service';
import type { VerificationLinks } from './auth/verification-links';
import type { PaymentProvider } from './billing/provider';
import type { Config } from './config';
import type { UnsubscribeLinks } from './email-reports/unsubscribe-links';
import type { Mailer } from './mail';
import type { AuthRequirement } from './plugins/auth';
import type { Scheduler } from './scheduler/scheduler';
import type { SharedAccessTokens } from './sharing/access-tokens';
import type { SingleSignOn } from './sso/single-sign-on';
import type { AnalyticsEngine } from './storage/engine';
import type { AnalyticsRunner } from './workers/analytics-runner';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Every repository, reading and writing the primary database. */
    repos: Repositories;
    /**
     * The repositories the analytics answers read through: `repos`, but with raw visits and events, packed
     * days, rollups and visit counts read from the replica when `DATABASE_READ_URL` is set
     * (db/src/repos/read-routing.ts says which reads may lag, and why). Writes still go to the primary.
     */
    analyticsRepos: Repositories;
    /** The engine the analytics count through (storage/engine.ts), over `analyticsRepos`. */
    analyticsEngine: AnalyticsEngine;
    mailer: Mailer;
    /** The analytics answers, computed on worker threads (workers/analytics-runner.ts). */
    analytics: AnalyticsRunner;
    /** The clock every time-dependent rule reads, so tests can move it. */
    now: () => Date;
    sessions: SessionService;
    throttle: Throttle;
    /** Two-factor sign-in of users and admins (auth/two-factor/). */
    twoFactor: TwoFactorService;
    verificationLinks: VerificationLinks;
    /** Signs and reads the unsubscribe links of e-mail reports. */
    reportUnsubscribeLinks: UnsubscribeLinks;
    /** Where checkouts are paid: Stripe when configured, else the built-in test provider. */
    paymentProvider: PaymentProvider;
    /** Repeated work (maintenance, reports, alerts), run on one server at a time (scheduler/scheduler.ts). */
    scheduler: Scheduler;
    /** Access tokens of password-protected shared links (sharing/access-tokens.ts). */
    sharedAccess: SharedAccessTokens;
    /** Sign-in through the configured OpenID provider; null when none is (sso/single-sign-on.ts). */
    singleSignOn: SingleSignOn | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; unset means anyone, with no token read. */
    auth?: AuthRequirement;
    /** Seal 2xx answers in the response envelope (docs/api.md "Conventions"). */
    envelope?: boolean;
    /**
     * The least a member must be allowed to do with the company named by `:id` (auth/permissions.ts);
     * the company-access hook checks it and hands the handler the company (`companyOf(request)`).
     */
    permission?: CompanyPermission;
    /** `false` exempts the route from the XSRF check and from setting the XSRF cookie. */
    xsrf?: boolean;
  }
}

/** The Fastify instance as route modules see it: schemas typed through TypeBox. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
