import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, readServerOptions } from './options';

describe('readServerOptions', () => {
  it('falls back to the documented defaults', () => {
    const options = readServerOptions({});
    expect(options).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      chromiumPath: '/usr/bin/chromium',
      browserPoolSize: 2,
      accessTokenTtlSeconds: 900,
      staticDir: resolve('./dist'),
      publicDir: resolve('./public'),
      adminEmail: undefined,
      googleClientId: undefined,
    });
    expect(options.refreshTokenTtlSeconds).toBe(DEFAULT_OPTIONS.refreshTokenTtlSeconds);
    // Unset, OUTBOUND_ALLOW lets integrations reach any host but link-local ones (outbound/policy.ts).
    expect(options.outboundAllow.any).toBe(true);
  });

  it('hashes passwords at the real scrypt cost whatever the environment says', () => {
    const options = readServerOptions({ PASSWORD_HASH_COST: '1', SCRYPT_N: '2', passwordHashCost: '{"N":2}' });
    expect(options.passwordHashCost).toEqual({ N: 32768, r: 8, p: 1 });
  });

  it('reads OUTBOUND_ALLOW, and stops at an entry it cannot read', () => {
    const options = readServerOptions({ OUTBOUND_ALLOW: 'jira.example.com, 10.0.0.0/8:587' });
    expect(options.outboundAllow).toMatchObject({ any: false, text: 'jira.example.com, 10.0.0.0/8:587', names: [{ name: 'jira.example.com' }] });
    expect(options.outboundAllow.addresses).toHaveLength(1);
    expect(() => readServerOptions({ OUTBOUND_ALLOW: 'jira.example.com:99999' })).toThrow('OUTBOUND_ALLOW: "jira.example.com:99999" has no valid port');
  });

  it('reads LOG_LEVEL (info when unset) and METRICS_TOKEN (none when unset or blank), and stops at an unknown level', () => {
    expect(readServerOptions({})).toMatchObject({ logLevel: 'info', metricsToken: undefined });
    expect(readServerOptions({ LOG_LEVEL: 'Debug', METRICS_TOKEN: ' scrape-me ' })).toMatchObject({ logLevel: 'debug', metricsToken: 'scrape-me' });
    expect(readServerOptions({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    expect(() => readServerOptions({ LOG_LEVEL: 'chatty' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "chatty"');
  });

  it('reads every variable', () => {
    const options = readServerOptions({
      PORT: '0',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/studio-data',
      STUDIO_ADMIN_EMAIL: 'boss@example.test',
      STUDIO_ADMIN_PASSWORD: ' spaced password ',
      CHROMIUM_PATH: '/opt/chromium',
      BROWSER_POOL_SIZE: '4',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      ACCESS_TOKEN_TTL_SECONDS: '60',
      STATIC_DIR: '/srv/dist',
      PUBLIC_DIR: '/srv/public',
      DATABASE_URL: 'postgres://studio@db.example.test:5432/studio',
      JWT_SECRET: 'a-base64url-key',
    });
    expect(options).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      dataDir: '/tmp/studio-data',
      adminEmail: 'boss@example.test',
      adminPassword: ' spaced password ',
      chromiumPath: '/opt/chromium',
      browserPoolSize: 4,
      googleClientId: 'id',
      googleClientSecret: 'secret',
      accessTokenTtlSeconds: 60,
      staticDir: '/srv/dist',
      publicDir: '/srv/public',
      databaseUrl: 'postgres://studio@db.example.test:5432/studio',
      jwtSecret: 'a-base64url-key',
    });
  });

  it.each([
    ['PORT', '80a'],
    ['PORT', '70000'],
    ['BROWSER_POOL_SIZE', '-1'],
    ['ACCESS_TOKEN_TTL_SECONDS', '0'],
    ['DATABASE_URL', 'mysql://db.example.test/studio'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => readServerOptions({ [name]: value })).toThrow(name);
  });
});
