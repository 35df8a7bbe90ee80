import fastifyCookie from '@fastify/cookie';
import fastifyJwt from '@fastify/jwt';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { createRepositorySets, type Db } from '@footfall/db';
import Fastify from 'fastify';
import { alertDeliveryTask } from './alerts/deliveries';
import { alertEvaluationTask } from './alerts/evaluate-rules';
import { createAuditLog } from './audit/audit-log';
import { createSessionService } from './auth/sessions';
import { createThrottle } from './auth/throttle';
import { createTwoFactorService } from './auth/two-factor/service';
import { VerificationLinks } from './auth/verification-links';
import { createPaymentProvider } from './billing/create-provider';
import type { PaymentProvider } from './billing/provider';
import { resolveJwtSecret } from './bootstrap/jwt-secret';
import type { Config } from './config';
import { emailReportsTask } from './email-reports/send-reports';
import { UnsubscribeLinks } from './email-reports/unsubscribe-links';
import { createDefaultEnrichers } from './ingest/default-enrichers';
import type { Enrichers } from './ingest/enrich';
import { ingestRoutes } from './ingest/ingest-routes';
import { loggerOptions } from './logging';
import { createMailer, type Mailer } from './mail';
import { apiDocsRoutes, apiSpecPlugin } from './plugins/api-docs';
import { authPlugin } from './plugins/auth';
import { changeSignalsPlugin } from './plugins/change-signals';
import { companyAccessPlugin } from './plugins/company-access';
import { envelopePlugin } from './plugins/envelope';
import { answerClientError, answerFrameworkError, errorsPlugin } from './plugins/errors';
import { ingestionPlugin } from './plugins/ingestion';
import { jsonBodyPlugin } from './plugins/json-body';
import { securityHeadersPlugin } from './plugins/security-headers';
import { type StaticDirs, staticPlugin } from './plugins/static';
import { statsApiPlugin } from './plugins/stats-api';
import { xsrfPlugin } from './plugins/xsrf';
import { routes } from './routes';
import { maintenanceTask } from './scheduler/maintenance';
import { createScheduler, DEFAULT_TICK_MS, startScheduler } from './scheduler/scheduler';
import { SharedAccessTokens } from './sharing/access-tokens';
import { createSingleSignOn } from './sso/single-sign-on';
import { statsApiRoutes } from './stats-api/stats-api-routes';
import { relationalEngine } from './storage/relational-engine';
import type { App } from './types';
import { createValidatorCompiler } from './validation/ajv';
import { createAnalyticsRunner } from './workers/analytics-runner';
import './types';

export interface AppOptions {
  config: Config;
  db: Db;
  /** Defaults to SMTP when `SMTP_URL` is set, else the outbox in the data directory. */
  mailer?: Mailer;
  now?: () => Date;
  /** Built files to serve: the dashboard (history-mode fallback) and the tracker bundles. */
  staticDirs?: StaticDirs;
  /** Where log lines go (standard output by default); tests read them to check what is never logged. */
  logStream?: NodeJS.WritableStream;
  /** Ingestion's lookups (user agent, country, referrer); the real ones by default. */
  enrichers?: Enrichers;
  /** Events waiting for a commit beyond which ingestion answers 503. */
  maxPendingEvents?: number;
  /** Where checkouts are paid; by default Stripe when `STRIPE_SECRET_KEY` is set, else the test provider. */
  paymentProvider?: PaymentProvider;
  /** How often the scheduler looks for due tasks; 0 leaves it to the caller (`app.scheduler.tick()`). */
  schedulerTickMs?: number;
  /** How long an analytics job may run before it is stopped with 503 (30 s; tests shorten it). */
  analyticsTimeoutMs?: number;
}

/** A hop count becomes proxy-addr's "trust the first n hops" predicate, which Fastify's types spell out. */
function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** Builds the whole HTTP application around a database; `main.ts` runs it, tests inject into it. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, db } = options;
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(options.logStream && { stream: options.logStream }) },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Keep-alive sockets must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    // Failures Fastify would answer in its own shape, bypassing the error handler (plugins/errors.ts).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(createValidatorCompiler());

  app.decorate('config', config);
  app.decorate('db', db);
  const { repos, analyticsRepos } = createRepositorySets(db, {
    // With workers the analytics read there, each with its share of the cache; this thread reads little.
    analyticsCacheBytes: config.analyticsWorkers > 0 ? 0 : config.analyticsCacheBytes,
  });
  app.decorate('repos', repos);
  app.decorate('analyticsRepos', analyticsRepos);
  app.decorate('analyticsEngine', relationalEngine(analyticsRepos));
  app.decorate('now', options.now ?? (() => new Date()));
  app.decorate(
    'analytics',
    createAnalyticsRunner({
      config,
      context: { repos, analyticsRepos, analyticsEngine: app.analyticsEngine, now: app.now },
      log: app.log.child({ part: 'analytics' }),
      ...(options.analyticsTimeoutMs !== undefined && { timeoutMs: options.analyticsTimeoutMs }),
    }),
  );
  // After the requests in flight: their jobs finish first.
  app.addHook('onClose', () => app.analytics.close());
  app.decorate(
    'mailer',
    options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: `${config.dataDir}/outbox`,
        log: app.log,
      }),
  );
  const secret = await resolveJwtSecret(config, app.repos, db.dialect === 'postgres');
  app.decorate('verificationLinks', new VerificationLinks(secret, config.appUrl));
  app.decorate('reportUnsubscribeLinks', new UnsubscribeLinks(secret, config.appUrl));
  app.decorate('sharedAccess', new SharedAccessTokens(secret));
  app.decorate('singleSignOn', createSingleSignOn(config, secret));
  await app.register(fastifyJwt, { secret });
  app.decorate('sessions', createSessionService(app));
  app.decorate('throttle', createThrottle(app));
  app.decorate('audit', createAuditLog(app));
  app.decorate('twoFactor', createTwoFactorService(app, secret));
  app.decorate('paymentProvider', options.paymentProvider ?? (await createPaymentProvider(config)));

  await app.register(errorsPlugin);
  // Before any route: the OpenAPI document is collected from the routes' schemas as they are added.
  await app.register(apiSpecPlugin);
  await app.register(ingestionPlugin, {
    enrichers: options.enrichers ?? createDefaultEnrichers(),
    ...(options.maxPendingEvents !== undefined && { maxPendingEvents: options.maxPendingEvents }),
  });
  // The ingestion endpoint takes every tracked page view of every customer's site: it sits outside the
  // context below, so none of the dashboard's hooks (cookies, security headers, XSRF, bearer tokens, body
  // normalisation, the envelope) run on it. It uses no cookie, token or envelope, and each hook costs time.
  await app.register(ingestRoutes);
  await app.register(statsApiPlugin);
  // After the plugins whose caches it clears: `companyChanged`, `plansChanged`, across servers.
  await app.register(changeSignalsPlugin);
  // The stats API (`/api/v1`) sits outside it too: outside programs authenticate with an API key, which
  // no browser sends by itself, so there is no XSRF check and no cookie to set (docs/api.md "Conventions" and "XSRF"), and no
  // session token or envelope. Its context holds only the security headers and the key check.
  await app.register(statsApiRoutes);
  await app.register(apiDocsRoutes);
  await app.register(async (web: App) => {
    await web.register(fastifyCookie);
    await web.register(securityHeadersPlugin, { https: config.appUrl.startsWith('https:') });
    await web.register(xsrfPlugin, { secureCookie: config.appUrl.startsWith('https:') });
    await web.register(authPlugin);
    await web.register(companyAccessPlugin);
    await web.register(jsonBodyPlugin);
    await web.register(envelopePlugin);
    await web.register(routes);
    await web.register(staticPlugin, options.staticDirs ?? {});
  });

  app.decorate('scheduler', createScheduler(app));
  app.scheduler.add(maintenanceTask(app));
  // Evaluation first: a tick that fires an alert sends its messages in the same tick.
  app.scheduler.add(alertEvaluationTask(app));
  app.scheduler.add(alertDeliveryTask(app));
  app.scheduler.add(emailReportsTask(app));
  startScheduler(app, app.scheduler, options.schedulerTickMs ?? DEFAULT_TICK_MS);
  app.addHook('onClose', async () => {
    await app.mailer.idle();
  });
  return app;
}
