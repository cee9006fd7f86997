import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

describe('loadConfig', () => {
  it('has the defaults of ARCHITECTURE.md', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      publicUrl: 'http://127.0.0.1:3000',
      seedDemo: true,
      logLevel: 'info',
      sessionTtlMs: 12 * 3600_000,
      shutdownTimeoutMs: 10_000,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/ledgerdesk',
      DATABASE_URL: 'postgres://u:p@db:5432/ledgerdesk',
      PUBLIC_URL: 'https://budget.example.org/',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Budget <budget@example.org>',
      ADMIN_EMAIL: 'Boss@Example.org',
      ADMIN_PASSWORD: 'a-long-password',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SESSION_TTL_HOURS: '2',
      SHUTDOWN_TIMEOUT: '2.5',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/ledgerdesk',
      databaseUrl: 'postgres://u:p@db:5432/ledgerdesk',
      publicUrl: 'https://budget.example.org',
      adminEmail: 'boss@example.org',
      seedDemo: false,
      logLevel: 'warn',
      sessionTtlMs: 2 * 3600_000,
      shutdownTimeoutMs: 2500,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    ['PORT', 'abc', /^PORT must be a port number/],
    ['PORT', '70000', /^PORT must be between 0 and 65535/],
    ['DATABASE_URL', 'mysql://x', /^DATABASE_URL must be a URL starting with postgres:\/\//],
    ['PUBLIC_URL', 'example.org', /^PUBLIC_URL must be a URL/],
    ['SMTP_URL', 'http://mail', /^SMTP_URL must be a URL starting with smtp:\/\//],
    ['ADMIN_EMAIL', 'not-an-email', /^ADMIN_EMAIL must be an email address/],
    ['SEED_DEMO', 'maybe', /^SEED_DEMO must be true or false/],
    ['LOG_LEVEL', 'loud', /^LOG_LEVEL must be one of/],
    ['SESSION_TTL_HOURS', '0', /^SESSION_TTL_HOURS must be more than 0/],
    ['SHUTDOWN_TIMEOUT', 'soon', /^SHUTDOWN_TIMEOUT must be a number of seconds \(got "soon"\)/],
    ['SHUTDOWN_TIMEOUT', '0', /^SHUTDOWN_TIMEOUT must be more than 0/],
    ['SHUTDOWN_TIMEOUT', '-5', /^SHUTDOWN_TIMEOUT must be more than 0/],
    ['SHUTDOWN_TIMEOUT', '601', /^SHUTDOWN_TIMEOUT must be at most 600/],
  ])('%s=%s is refused with a message naming it', (name, value, message) => {
    const env = { [name]: value };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('trusts no proxy unless TRUST_PROXY names its addresses or CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each([
    ['true', /^TRUST_PROXY must not be true: that would believe any X-Forwarded-For/],
    ['1', /^TRUST_PROXY must not be a hop count: it cannot tell the proxy from a client/],
    ['nginx', /^TRUST_PROXY must be false or a comma-separated list .*"nginx" is none/],
    ['10.0.0.0/33', /"10.0.0.0\/33" is none of these/],
    ['10.0.0.1,', /"" is none of these/],
    ['10.0.0.300', /"10.0.0.300" is none of these/],
  ])('TRUST_PROXY=%s is refused with a clear line', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message);
  });

  it('RATE_LIMIT is a factor for the limits (1 by default) or off', () => {
    expect(loadConfig({}).rateLimit).toBe(1);
    expect(loadConfig({ RATE_LIMIT: '2.5' }).rateLimit).toBe(2.5);
    expect(loadConfig({ RATE_LIMIT: 'off' }).rateLimit).toBe(0);
    expect(() => loadConfig({ RATE_LIMIT: 'lots' })).toThrow(/^RATE_LIMIT must be off or a factor/);
    expect(() => loadConfig({ RATE_LIMIT: '-1' })).toThrow(/^RATE_LIMIT must be off or a factor/);
  });

  it('refuses ADMIN_PASSWORD without ADMIN_EMAIL, and a short one', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'long-enough-1' })).toThrow(/^ADMIN_EMAIL must be set/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' })).toThrow(
      /^ADMIN_PASSWORD must be at least 8/,
    );
  });

  it('reads the sign-in providers of OIDC_PROVIDERS, each with its OIDC_<ID>_* settings', () => {
    const acme = {
      OIDC_ACME_ISSUER: 'https://id.acme.example',
      OIDC_ACME_CLIENT_ID: 'ledgerdesk',
      OIDC_ACME_CLIENT_SECRET: 's3cret',
    };
    expect(loadConfig({}).oidcProviders).toEqual([]);
    const config = loadConfig({
      OIDC_PROVIDERS: 'acme, Corp',
      ...acme,
      OIDC_CORP_ISSUER: 'http://127.0.0.1:9000',
      OIDC_CORP_CLIENT_ID: 'c',
      OIDC_CORP_CLIENT_SECRET: 'd',
      OIDC_CORP_LABEL: 'Corp SSO',
    });
    expect(config.oidcProviders).toEqual([
      {
        id: 'acme',
        label: 'acme',
        issuer: 'https://id.acme.example',
        clientId: 'ledgerdesk',
        clientSecret: 's3cret',
      },
      { id: 'corp', label: 'Corp SSO', issuer: 'http://127.0.0.1:9000', clientId: 'c', clientSecret: 'd' },
    ]);
    expect(() => loadConfig({ OIDC_PROVIDERS: 'acme' })).toThrow(/^OIDC_ACME_ISSUER must be/);
    expect(() => loadConfig({ OIDC_PROVIDERS: 'acme', ...acme, OIDC_ACME_CLIENT_SECRET: '' })).toThrow(
      /^OIDC_ACME_CLIENT_SECRET must be set/,
    );
    expect(() =>
      loadConfig({ OIDC_PROVIDERS: 'acme', ...acme, OIDC_ACME_ISSUER: 'http://id.acme.example' }),
    ).toThrow(/^OIDC_ACME_ISSUER must be an https URL/);
    expect(() => loadConfig({ OIDC_PROVIDERS: 'acme,acme', ...acme })).toThrow(/names "acme" twice/);
    expect(() => loadConfig({ OIDC_PROVIDERS: 'a-b' })).toThrow(
      /^OIDC_PROVIDERS must be a comma-separated list/,
    );
  });
});
