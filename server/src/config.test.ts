import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  test('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      appUrl: 'http://localhost:3000',
      jwtSecret: undefined,
      smtpUrl: undefined,
      mailFrom: 'Footfall <no-reply@localhost>',
      trustProxy: false,
      registrationOpen: true,
      adminEmail: undefined,
      seedDemo: true,
      ingestIpLimit: 6_000,
      logLevel: 'info',
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBe(`file:${config.dataDir}/footfall.db`);
  });

  test('follows PORT in the default APP_URL and drops a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://stats.example.com/' }).appUrl).toBe('https://stats.example.com');
  });

  test('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/footfall',
      DATA_DIR: '/var/lib/footfall',
      JWT_SECRET: 's'.repeat(40),
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Stats <stats@example.com>',
      TRUST_PROXY: '2',
      REGISTRATION_OPEN: 'false',
      FOOTFALL_ADMIN_EMAIL: 'Admin@Example.com',
      FOOTFALL_ADMIN_PASSWORD: 'long enough',
      FOOTFALL_SEED_DEMO: 'no',
      INGEST_IP_LIMIT: '120',
      ANALYTICS_CACHE_MB: '64',
      LOG_LEVEL: 'WARN',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db:5432/footfall',
      dataDir: '/var/lib/footfall',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Stats <stats@example.com>',
      trustProxy: 2,
      registrationOpen: false,
      adminEmail: 'admin@example.com',
      adminPassword: 'long enough',
      seedDemo: false,
      ingestIpLimit: 120,
      analyticsCacheBytes: 64 * 1024 * 1024,
      logLevel: 'warn',
    });
  });

  test('turns the analytics cache off with ANALYTICS_CACHE_MB=0, and holds 256 MB by default', () => {
    expect(loadConfig({ ANALYTICS_CACHE_MB: '0' }).analyticsCacheBytes).toBe(0);
    expect(loadConfig({}).analyticsCacheBytes).toBe(256 * 1024 * 1024);
  });

  test('reads DATABASE_READ_URL beside a PostgreSQL DATABASE_URL, and none by default', () => {
    const primary = 'postgres://u@db:5432/footfall';
    const replica = 'postgresql://u@replica:5432/footfall';
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: replica }).databaseReadUrl).toBe(replica);
    expect(loadConfig({ DATABASE_URL: primary }).databaseReadUrl).toBeUndefined();
  });

  test('refuses DATABASE_READ_URL with SQLite, which has no replica, without showing its password', () => {
    const start = () => loadConfig({ DATABASE_READ_URL: 'postgres://u:hunter2@replica:5432/footfall' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/^Invalid DATABASE_READ_URL=.*needs PostgreSQL, and DATABASE_URL names SQLite/);
    expect(start).not.toThrow(/hunter2/);
  });

  test('does not seed demo data in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', FOOTFALL_SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  test.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['APP_URL', { APP_URL: 'not a url' }],
    ['APP_URL', { APP_URL: 'ftp://example.com' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['DATABASE_READ_URL', { DATABASE_URL: 'postgres://u@db/f', DATABASE_READ_URL: 'mysql://replica/db' }],
    ['DATABASE_READ_URL', { DATABASE_URL: 'postgres://u@db/f', DATABASE_READ_URL: 'postgres://[bad' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['JWT_SECRET', { JWT_SECRET: 'short' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['REGISTRATION_OPEN', { REGISTRATION_OPEN: 'perhaps' }],
    ['FOOTFALL_SEED_DEMO', { FOOTFALL_SEED_DEMO: '2' }],
    ['INGEST_IP_LIMIT', { INGEST_IP_LIMIT: '0' }],
    ['INGEST_IP_LIMIT', { INGEST_IP_LIMIT: 'lots' }],
    ['ANALYTICS_CACHE_MB', { ANALYTICS_CACHE_MB: '-1' }],
    ['ANALYTICS_CACHE_MB', { ANALYTICS_CACHE_MB: '1.5' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['MAIL_FROM', { MAIL_FROM: 'nobody' }],
    ['FOOTFALL_ADMIN_PASSWORD', { FOOTFALL_ADMIN_EMAIL: 'a@b.co' }],
    ['FOOTFALL_ADMIN_EMAIL', { FOOTFALL_ADMIN_PASSWORD: 'long enough' }],
    ['FOOTFALL_ADMIN_EMAIL', { FOOTFALL_ADMIN_EMAIL: 'nope', FOOTFALL_ADMIN_PASSWORD: 'long enough' }],
    ['FOOTFALL_ADMIN_PASSWORD', { FOOTFALL_ADMIN_EMAIL: 'a@b.co', FOOTFALL_ADMIN_PASSWORD: 'short' }],
    ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: 'pk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' }],
    ['STRIPE_WEBHOOK_SECRET', { STRIPE_SECRET_KEY: 'sk_test_123' }],
    ['STRIPE_WEBHOOK_SECRET', { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'secret' }],
    ['STRIPE_SECRET_KEY', { STRIPE_WEBHOOK_SECRET: 'whsec_123' }],
  ])('a bad %s stops with one line naming it', (name, env) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(new RegExp(`^Invalid ${name}=`));
    expect(message).not.toContain('\n');
  });

  test('refuses private webhook addresses unless ALERT_WEBHOOKS_ALLOW_PRIVATE says otherwise', () => {
    expect(loadConfig({}).alertWebhooksAllowPrivate).toBe(false);
    expect(loadConfig({ ALERT_WEBHOOKS_ALLOW_PRIVATE: 'true' }).alertWebhooksAllowPrivate).toBe(true);
    expect(() => loadConfig({ ALERT_WEBHOOKS_ALLOW_PRIVATE: 'maybe' })).toThrow(
      /ALERT_WEBHOOKS_ALLOW_PRIVATE/,
    );
  });

  test('leaves Stripe off by default and reads its key and webhook secret together', () => {
    expect(loadConfig({})).toMatchObject({ stripeSecretKey: undefined, stripeWebhookSecret: undefined });
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_def' }),
    ).toMatchObject({
      stripeSecretKey: 'sk_test_abc',
      stripeWebhookSecret: 'whsec_def',
    });
  });

  test('names STRIPE_WEBHOOK_SECRET when the Stripe key comes without it', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc' })).toThrow(
      'Invalid STRIPE_WEBHOOK_SECRET="": required when STRIPE_SECRET_KEY is set.',
    );
  });

  test('never repeats a secret in its error message', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'rk_live_secret' })).toThrow(/STRIPE_SECRET_KEY="\*+"/);
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'wh_secret' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET="\*+"/);
    expect(() => loadConfig({ JWT_SECRET: 'tooshort' })).toThrow(/JWT_SECRET="\*+"/);
    expect(() => loadConfig({ FOOTFALL_ADMIN_EMAIL: 'a@b.co', FOOTFALL_ADMIN_PASSWORD: 'pw' })).not.toThrow(
      /pw"/,
    );
  });

  describe('single sign-on', () => {
    const oidc = {
      OIDC_ISSUER_URL: 'https://login.example.com/realms/staff',
      OIDC_CLIENT_ID: 'footfall',
      OIDC_CLIENT_SECRET: 'secret-value',
    };

    test('is off without OIDC_ISSUER_URL', () => {
      expect(loadConfig({}).oidc).toBeUndefined();
    });

    test('reads the provider, the allowed domains and the button name, naming the issuer host by default', () => {
      expect(loadConfig(oidc).oidc).toEqual({
        issuerUrl: 'https://login.example.com/realms/staff',
        clientId: 'footfall',
        clientSecret: 'secret-value',
        allowedDomains: [],
        displayName: 'login.example.com',
      });
      const named = loadConfig({
        ...oidc,
        OIDC_ALLOWED_DOMAINS: ' Example.com, staff.example.org ,',
        OIDC_DISPLAY_NAME: 'Acme SSO',
      });
      expect(named.oidc).toMatchObject({
        allowedDomains: ['example.com', 'staff.example.org'],
        displayName: 'Acme SSO',
      });
    });

    test('accepts plain http only for a provider on this machine', () => {
      expect(loadConfig({ ...oidc, OIDC_ISSUER_URL: 'http://127.0.0.1:4000' }).oidc?.issuerUrl).toBe(
        'http://127.0.0.1:4000',
      );
      expect(loadConfig({ ...oidc, OIDC_ISSUER_URL: 'http://localhost:4000/' }).oidc?.issuerUrl).toBe(
        'http://localhost:4000/',
      );
      expect(() => loadConfig({ ...oidc, OIDC_ISSUER_URL: 'http://login.example.com' })).toThrow(
        'Invalid OIDC_ISSUER_URL="http://login.example.com": expected an https URL (plain http only for localhost).',
      );
    });

    test.each([
      ['OIDC_ISSUER_URL', { ...oidc, OIDC_ISSUER_URL: 'login.example.com' }],
      ['OIDC_ISSUER_URL', { ...oidc, OIDC_ISSUER_URL: 'https://login.example.com/?tenant=1' }],
      ['OIDC_ISSUER_URL', { ...oidc, OIDC_ISSUER_URL: 'ftp://login.example.com' }],
      ['OIDC_ISSUER_URL', { OIDC_CLIENT_ID: 'footfall' }],
      ['OIDC_ISSUER_URL', { OIDC_CLIENT_SECRET: 'secret' }],
      ['OIDC_ISSUER_URL', { OIDC_ALLOWED_DOMAINS: 'example.com' }],
      ['OIDC_CLIENT_ID', { OIDC_ISSUER_URL: oidc.OIDC_ISSUER_URL, OIDC_CLIENT_SECRET: 'secret' }],
      ['OIDC_CLIENT_SECRET', { OIDC_ISSUER_URL: oidc.OIDC_ISSUER_URL, OIDC_CLIENT_ID: 'footfall' }],
      ['OIDC_ALLOWED_DOMAINS', { ...oidc, OIDC_ALLOWED_DOMAINS: 'example.com, @example.org' }],
      ['OIDC_DISPLAY_NAME', { ...oidc, OIDC_DISPLAY_NAME: 'x'.repeat(41) }],
    ])('stops with one line naming %s when it is wrong or missing', (name, env) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid ${name}=.*\\.$`));
    });

    test('never prints the client secret', () => {
      expect(() => loadConfig({ OIDC_CLIENT_SECRET: 'do-not-print' })).not.toThrow(/do-not-print/);
    });
  });
});
