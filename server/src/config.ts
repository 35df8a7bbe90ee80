import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Everything the server reads from its environment, validated once at start (README.md "Configuration"). */
export interface Config {
  port: number;
  host: string;
  /** The public URL of the dashboard, without a trailing slash; links in mails point here. */
  appUrl: string;
  databaseUrl: string;
  /**
   * A PostgreSQL streaming replica of `databaseUrl` for the analytics' reads (`DATABASE_READ_URL`; see
   * docs/scaling.md); undefined sends every read to `databaseUrl`. Refused with a SQLite database.
   */
  databaseReadUrl: string | undefined;
  dataDir: string;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Passed to Fastify's `trustProxy`: whether and whom to believe about `X-Forwarded-For`. */
  trustProxy: boolean | number | string;
  registrationOpen: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  /**
   * Whether every admin must sign in with two-factor sign-in (`ADMIN_REQUIRE_TWO_FACTOR`): an admin who has
   * not set it up enrols during sign-in before getting a session.
   */
  adminRequireTwoFactor: boolean;
  /** Events one IP address may send per minute before ingestion answers 429 (`INGEST_IP_LIMIT`). */
  ingestIpLimit: number;
  /** Memory in bytes for the packed days last read by analytics queries (`ANALYTICS_CACHE_MB`; 0 is none). */
  analyticsCacheBytes: number;
  /**
   * Open visits that ingestion holds in memory at most, from `OPEN_VISITS_MB` at about a kilobyte a visit;
   * beyond it the database holds the least recently active ones.
   */
  maxOpenVisits: number;
  /**
   * Worker threads that compute analytics answers, imports, exports and deletions off the request thread
   * (`ANALYTICS_WORKERS`; by default one per core); 0 runs them on the request thread, which then waits
   * for each.
   */
  analyticsWorkers: number;
  /** Stripe's secret key (`STRIPE_SECRET_KEY`): set, checkout goes through Stripe; unset, the test provider. */
  stripeSecretKey: string | undefined;
  /** The signing secret of Stripe's webhook endpoint (`STRIPE_WEBHOOK_SECRET`), required with the key. */
  stripeWebhookSecret: string | undefined;
  /**
   * Whether alert webhooks may go to private, loopback and other non-public addresses, and over plain http
   * (`ALERT_WEBHOOKS_ALLOW_PRIVATE`); off by default, so that alerts cannot probe the server's own network.
   */
  alertWebhooksAllowPrivate: boolean;
  /** Single sign-on through an OpenID provider (`OIDC_*`); undefined when not configured. */
  oidc: OidcConfig | undefined;
  logLevel: LogLevel;
  production: boolean;
}

/** An OpenID provider to sign in with (docs/api.md "Single sign-on"). */
export interface OidcConfig {
  /** The issuer identifier, as the provider's discovery document must state it. */
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Lower-cased e-mail domains that may sign in; empty admits any. */
  allowedDomains: string[];
  /** The button's "Sign in with …". */
  displayName: string;
}

/** A bad environment variable: its message is the one line printed before the process stops. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off']);

function fail(name: string, problem: string, value: string): never {
  throw new ConfigError(`Invalid ${name}=${JSON.stringify(value)}: ${problem}.`);
}

/** Unset and empty both mean "use the default", as in most twelve-factor tools. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const value = read(env, name);
  if (value === undefined) return fallback;
  const word = value.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return fail(name, 'expected true or false', value);
}

function readPort(env: Env): number {
  const value = read(env, 'PORT');
  if (value === undefined) return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) fail('PORT', 'expected an integer from 0 to 65535', value);
  return port;
}

function readUrl(name: string, value: string, protocols: string[]): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(name, 'expected an absolute URL', value);
  }
  if (!protocols.includes(url.protocol)) fail(name, `expected a ${protocols.join(' or ')} URL`, value);
  return url;
}

function readPositiveInteger(env: Env, name: string, fallback: number): number {
  const value = read(env, name);
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || !Number.isSafeInteger(number)) {
    fail(name, 'expected a positive integer', value);
  }
  return number;
}

/** What an open visit costs in memory, measured: about 0.7 to 0.9 KB with its attributes. */
const OPEN_VISIT_BYTES = 1024;

function readCount(env: Env, name: string, fallback: number, max: number): number {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > max)
    fail(name, `expected a whole number from 0 to ${max}`, value);
  return Number(value);
}

function readMegabytes(env: Env, name: string, fallback: number): number {
  const value = read(env, name);
  if (value === undefined) return fallback * 1024 * 1024;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value) * 1024 * 1024)) {
    fail(name, 'expected a whole number of megabytes, 0 or more', value);
  }
  return Number(value) * 1024 * 1024;
}

function readTrustProxy(env: Env): boolean | number | string {
  const value = read(env, 'TRUST_PROXY');
  if (value === undefined) return false;
  const word = value.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  // A comma-separated list of addresses or CIDR ranges of the proxies to trust.
  if (/^[0-9a-fA-F.:/, ]+$/.test(value)) return value;
  return fail('TRUST_PROXY', 'expected true, false, a hop count or a list of proxy addresses', value);
}

const POSTGRES_URL = /^postgres(ql)?:\/\//;

function readDatabaseUrl(env: Env, dataDir: string): string {
  const value = read(env, 'DATABASE_URL');
  if (value === undefined) return `file:${resolve(dataDir, 'footfall.db')}`;
  if (/^postgres(ql)?:\/\//.test(value)) {
    readUrl('DATABASE_URL', value, ['postgres:', 'postgresql:']);
    return value;
  }
  if (/^(file|sqlite):.+/.test(value)) return value;
  return fail('DATABASE_URL', 'expected postgres://…, postgresql://…, file:PATH or sqlite:PATH', value);
}

/**
 * A replica only makes sense beside a PostgreSQL primary: with SQLite the setting would be silently ignored,
 * so it stops the start instead. Credentials in the URL are masked in the message.
 */
function readDatabaseReadUrl(env: Env, databaseUrl: string): string | undefined {
  const value = read(env, 'DATABASE_READ_URL');
  if (value === undefined) return undefined;
  const shown = value.replace(/\/\/[^@/]*@/, '//***@');
  if (!POSTGRES_URL.test(databaseUrl)) {
    fail(
      'DATABASE_READ_URL',
      'a read replica needs PostgreSQL, and DATABASE_URL names SQLite: unset it',
      shown,
    );
  }
  if (!POSTGRES_URL.test(value))
    fail('DATABASE_READ_URL', 'expected a postgres://… or postgresql://… URL', shown);
  try {
    new URL(value);
  } catch {
    fail('DATABASE_READ_URL', 'expected an absolute URL', shown);
  }
  return value;
}

function readAdmin(env: Env): Pick<Config, 'adminEmail' | 'adminPassword'> {
  const email = read(env, 'FOOTFALL_ADMIN_EMAIL');
  const password = env.FOOTFALL_ADMIN_PASSWORD;
  if (email === undefined && !password) return { adminEmail: undefined, adminPassword: undefined };
  if (email === undefined) fail('FOOTFALL_ADMIN_EMAIL', 'required when FOOTFALL_ADMIN_PASSWORD is set', '');
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) fail('FOOTFALL_ADMIN_EMAIL', 'expected an e-mail address', email);
  if (!password) fail('FOOTFALL_ADMIN_PASSWORD', 'required when FOOTFALL_ADMIN_EMAIL is set', '');
  if (password.length < 8) fail('FOOTFALL_ADMIN_PASSWORD', 'must be at least 8 characters', '********');
  return { adminEmail: email.toLowerCase(), adminPassword: password };
}

/** Both or neither: a key without its webhook secret could take payments that never change a plan. */
function readStripe(env: Env): Pick<Config, 'stripeSecretKey' | 'stripeWebhookSecret'> {
  const secretKey = read(env, 'STRIPE_SECRET_KEY');
  const webhookSecret = read(env, 'STRIPE_WEBHOOK_SECRET');
  if (secretKey !== undefined && !secretKey.startsWith('sk_')) {
    fail('STRIPE_SECRET_KEY', 'expected a Stripe secret key starting with sk_', '********');
  }
  if (webhookSecret !== undefined && !webhookSecret.startsWith('whsec_')) {
    fail('STRIPE_WEBHOOK_SECRET', 'expected a webhook signing secret starting with whsec_', '********');
  }
  if (secretKey !== undefined && webhookSecret === undefined) {
    fail('STRIPE_WEBHOOK_SECRET', 'required when STRIPE_SECRET_KEY is set', '');
  }
  if (secretKey === undefined && webhookSecret !== undefined) {
    fail('STRIPE_SECRET_KEY', 'required when STRIPE_WEBHOOK_SECRET is set', '');
  }
  return { stripeSecretKey: secretKey, stripeWebhookSecret: webhookSecret };
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * All three of issuer, client id and secret, or none. Plain http is accepted only for a provider on this
 * machine (tests, a local provider): anywhere else the tokens would cross the network readable.
 */
function readOidc(env: Env): OidcConfig | undefined {
  const issuer = read(env, 'OIDC_ISSUER_URL');
  const clientId = read(env, 'OIDC_CLIENT_ID');
  const clientSecret = read(env, 'OIDC_CLIENT_SECRET');
  const domains = read(env, 'OIDC_ALLOWED_DOMAINS');
  const name = read(env, 'OIDC_DISPLAY_NAME');
  if (issuer === undefined) {
    if (clientId !== undefined) fail('OIDC_ISSUER_URL', 'required when OIDC_CLIENT_ID is set', '');
    if (clientSecret !== undefined) fail('OIDC_ISSUER_URL', 'required when OIDC_CLIENT_SECRET is set', '');
    if (domains !== undefined) fail('OIDC_ISSUER_URL', 'required when OIDC_ALLOWED_DOMAINS is set', '');
    if (name !== undefined) fail('OIDC_ISSUER_URL', 'required when OIDC_DISPLAY_NAME is set', '');
    return undefined;
  }
  const url = readUrl('OIDC_ISSUER_URL', issuer, ['http:', 'https:']);
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.test(url.hostname)) {
    fail('OIDC_ISSUER_URL', 'expected an https URL (plain http only for localhost)', issuer);
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    fail('OIDC_ISSUER_URL', 'expected an issuer URL without query, fragment or credentials', issuer);
  }
  if (clientId === undefined) fail('OIDC_CLIENT_ID', 'required when OIDC_ISSUER_URL is set', '');
  if (clientSecret === undefined) fail('OIDC_CLIENT_SECRET', 'required when OIDC_ISSUER_URL is set', '');
  const allowedDomains = (domains ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter((domain) => domain !== '');
  for (const domain of allowedDomains) {
    if (!DOMAIN.test(domain))
      fail('OIDC_ALLOWED_DOMAINS', 'expected domain names separated by commas', domain);
  }
  if (name !== undefined && name.length > 40)
    fail('OIDC_DISPLAY_NAME', 'must be at most 40 characters', name);
  return {
    // The issuer is compared exactly with the discovery document's, so it is kept as written.
    issuerUrl: issuer,
    clientId,
    clientSecret,
    allowedDomains,
    displayName: name ?? url.hostname,
  };
}

/** Reads and validates the environment; throws {@link ConfigError} naming the first bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = readPort(env);
  const appUrlValue = read(env, 'APP_URL') ?? `http://localhost:${port}`;
  const appUrl = readUrl('APP_URL', appUrlValue, ['http:', 'https:']).href.replace(/\/+$/, '');
  const dataDir = resolve(read(env, 'DATA_DIR') ?? './data');
  const smtpUrl = read(env, 'SMTP_URL');
  if (smtpUrl !== undefined) readUrl('SMTP_URL', smtpUrl, ['smtp:', 'smtps:']);
  const jwtSecret = read(env, 'JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    fail('JWT_SECRET', 'must be at least 32 characters', '********');
  }
  const mailFrom = read(env, 'MAIL_FROM') ?? `Footfall <no-reply@${new URL(appUrl).hostname}>`;
  if (!/@/.test(mailFrom)) fail('MAIL_FROM', 'expected an e-mail address, optionally with a name', mailFrom);
  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) {
    fail('LOG_LEVEL', `expected one of ${LOG_LEVELS.join(', ')}`, logLevel);
  }
  const databaseUrl = readDatabaseUrl(env, dataDir);
  return {
    port,
    host: read(env, 'HOST') ?? 'localhost',
    appUrl,
    databaseUrl,
    databaseReadUrl: readDatabaseReadUrl(env, databaseUrl),
    dataDir,
    jwtSecret,
    smtpUrl,
    mailFrom,
    trustProxy: readTrustProxy(env),
    registrationOpen: readBoolean(env, 'REGISTRATION_OPEN', true),
    ...readAdmin(env),
    seedDemo: readBoolean(env, 'FOOTFALL_SEED_DEMO', !production),
    adminRequireTwoFactor: readBoolean(env, 'ADMIN_REQUIRE_TWO_FACTOR', false),
    ingestIpLimit: readPositiveInteger(env, 'INGEST_IP_LIMIT', 6_000),
    analyticsCacheBytes: readMegabytes(env, 'ANALYTICS_CACHE_MB', 256),
    maxOpenVisits: Math.max(1_000, Math.floor(readMegabytes(env, 'OPEN_VISITS_MB', 64) / OPEN_VISIT_BYTES)),
    analyticsWorkers: readCount(env, 'ANALYTICS_WORKERS', Math.min(8, availableParallelism()), 64),
    ...readStripe(env),
    alertWebhooksAllowPrivate: readBoolean(env, 'ALERT_WEBHOOKS_ALLOW_PRIVATE', false),
    oidc: readOidc(env),
    logLevel: logLevel as LogLevel,
    production,
  };
}
