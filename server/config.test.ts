import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'pawcare-config-'));
const env = (vars: Record<string, string>) => ({ DATA_DIR: tmp(), ...vars }) as NodeJS.ProcessEnv;
const secret = 's'.repeat(40);
/** A secret as `openssl rand -base64 48` gives one: what production is configured with. */
const randomSecret = 'qv3N8xR2pLk9Wm4ZtY7bHc1FjD6gSa0eUo5iVn2KrXw8TzQy';

function configError(vars: Record<string, string>): string {
  try {
    loadConfig(env(vars));
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig(env({ JWT_SECRET: secret }));
    expect(c).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      SLOT_OPEN: '09:00',
      SLOT_CLOSE: '18:00',
      LOGIN_RATE_LIMIT_IP: 20,
      LOGIN_RATE_LIMIT_EMAIL: 5,
      SEED_DEMO: true,
    });
    expect(path.isAbsolute(c.dataDir)).toBe(true);
    expect(c.warnings).toEqual([]);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SLOT_OPEN: '9am' }, 'SLOT_OPEN'],
    [{ SLOT_MINUTES: 'half an hour' }, 'SLOT_MINUTES'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ JWT_EXPIRES_IN: 'forever' }, 'JWT_EXPIRES_IN'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ CLINIC_TZ: 'Mars/Olympus' }, 'CLINIC_TZ'],
    [{ SLOT_OPEN: '18:00', SLOT_CLOSE: '09:00' }, 'SLOT_CLOSE'],
    [{ ADMIN_EMAIL: 'boss@example.com' }, 'ADMIN_EMAIL/ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    [{ LOGIN_RATE_LIMIT_IP: '0' }, 'LOGIN_RATE_LIMIT_IP'],
  ])('refuses %j naming %s', (vars, name) => {
    expect(configError({ JWT_SECRET: secret, ...vars })).toMatch(new RegExp(`- ${name.replace('/', '\\/')}:`));
  });

  it('lists every bad variable at once', () => {
    const message = configError({ PORT: 'abc', SLOT_OPEN: '9am', LOG_LEVEL: 'loud' });
    expect(message).toContain('PORT:');
    expect(message).toContain('SLOT_OPEN:');
    expect(message).toContain('LOG_LEVEL:');
  });

  it('refuses to start in production without JWT_SECRET', () => {
    expect(configError({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/pawcare' })).toContain(
      'JWT_SECRET: required in production',
    );
  });

  it('refuses a production JWT_SECRET with too little variety, and takes random ones of any common shape', () => {
    for (const weak of [
      's'.repeat(40),
      'changeme'.repeat(4),
      'passwordpasswordpasswordpassword',
      '0123401234012340123401234012340123',
    ]) {
      expect(
        configError({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/pawcare', JWT_SECRET: weak }),
      ).toContain('JWT_SECRET: too little variety for production');
    }
    for (const strong of [
      randomSecret,
      'a3f9c2e871b04d6e95f2c8a17b3e0d4f',
      '9b1e4f7a2c8d3e6f0a5b7c9d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f',
    ]) {
      expect(
        loadConfig(env({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/pawcare', JWT_SECRET: strong }))
          .JWT_SECRET,
      ).toBe(strong);
    }
    // Development keeps taking any secret of 32 characters.
    expect(loadConfig(env({ JWT_SECRET: secret })).JWT_SECRET).toBe(secret);
  });

  it('warns in production without DATABASE_URL that PGlite is not durable, and does not seed demo accounts elsewhere', () => {
    const c = loadConfig(env({ NODE_ENV: 'production', JWT_SECRET: randomSecret }));
    expect(c.warnings.join('\n')).toMatch(/DATABASE_URL not set in production.*PGlite.*NOT durable/s);
    const pg = loadConfig(
      env({ NODE_ENV: 'production', JWT_SECRET: randomSecret, DATABASE_URL: 'postgres://db/pawcare' }),
    );
    expect(pg.warnings).toEqual([]);
    expect(pg.SEED_DEMO).toBe(false);
  });

  it('generates a development secret under DATA_DIR once and reuses it', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(first.warnings.join()).toContain(path.join(dir, 'jwt-secret'));
    const file = path.join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8')).toBe(first.JWT_SECRET);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET);
    // Another data directory gets another secret.
    expect(loadConfig({ DATA_DIR: tmp() }).JWT_SECRET).not.toBe(first.JWT_SECRET);
  });

  it('gives unsubscribe links a key of their own: UNSUBSCRIBE_SECRET, else one derived from JWT_SECRET', () => {
    const derived = loadConfig(env({ JWT_SECRET: secret }));
    expect(derived.UNSUBSCRIBE_SECRET).toHaveLength(43);
    expect(derived.UNSUBSCRIBE_SECRET).not.toBe(secret);
    // The same secret derives the same key (links stay valid across restarts); another secret another key.
    expect(loadConfig(env({ JWT_SECRET: secret })).UNSUBSCRIBE_SECRET).toBe(derived.UNSUBSCRIBE_SECRET);
    expect(loadConfig(env({ JWT_SECRET: randomSecret })).UNSUBSCRIBE_SECRET).not.toBe(derived.UNSUBSCRIBE_SECRET);
    const own = 'u'.repeat(32);
    expect(loadConfig(env({ JWT_SECRET: secret, UNSUBSCRIBE_SECRET: own })).UNSUBSCRIBE_SECRET).toBe(own);
    expect(configError({ JWT_SECRET: secret, UNSUBSCRIBE_SECRET: 'short' })).toContain('UNSUBSCRIBE_SECRET:');
  });

  it('treats empty variables as unset', () => {
    const c = loadConfig(env({ JWT_SECRET: secret, DATABASE_URL: '', REDIS_URL: '', CORS_ORIGIN: '', SEED_DEMO: '' }));
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.SEED_DEMO).toBe(true);
  });

  it('knows whether PUBLIC_URL was set (e-mails then show the logo from it) or is the localhost default', () => {
    const unset = loadConfig(env({ JWT_SECRET: secret, PORT: '4000', PUBLIC_URL: '' }));
    expect(unset).toMatchObject({ PUBLIC_URL: 'http://localhost:4000', publicUrlGiven: false });
    const set = loadConfig(env({ JWT_SECRET: secret, PUBLIC_URL: 'https://pawcare.example/' }));
    expect(set).toMatchObject({ PUBLIC_URL: 'https://pawcare.example', publicUrlGiven: true });
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig(env({ JWT_SECRET: secret, TRUST_PROXY: value })).TRUST_PROXY;

  it('trusts nobody by default, in production too: the client is the socket address', () => {
    expect(
      loadConfig(env({ JWT_SECRET: randomSecret, NODE_ENV: 'production', DATABASE_URL: 'postgres://db/pawcare' }))
        .TRUST_PROXY,
    ).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('0')).toBe(false);
  });

  it('takes a number of hops, or proxy addresses and CIDRs', () => {
    expect(trust('2')).toBe(2);
    expect(trust(' 10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8, loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/8/2', '::1/129', ',', '500'])(
    'refuses %j with a clear message',
    (value) => {
      expect(configError({ JWT_SECRET: secret, TRUST_PROXY: value })).toMatch(
        /- TRUST_PROXY: (true would let any client choose its own address|must be a number of proxy hops)/,
      );
    },
  );
});
