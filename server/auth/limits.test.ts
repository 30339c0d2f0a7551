import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { appsForFile, expectError, FILES, multipart } from '../test/app.ts';
import { errorOf } from '../test/json.ts';
import { createSiblingApp } from '../test/sibling-app.ts';

const A = '203.0.113.10';
const B = '198.51.100.20';

const appWith = appsForFile({ LOGIN_RATE_LIMIT_IP: 100, LOGIN_RATE_LIMIT_EMAIL: 100 });

const login = (
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress = A,
  headers: Record<string, string> = {},
) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, headers });

const statuses = async (n: number, attempt: (i: number) => Promise<{ statusCode: number }>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await attempt(i)).statusCode);
  return out;
};

const accountLimited = /^Too many failed logins for this account\. Please try again in (\d+ seconds?|\d+ minutes?)\.$/;
const networkLimited = /^Too many failed logins from your network\. Please try again in (\d+ seconds?|\d+ minutes?)\.$/;

describe('login limits count failures only', () => {
  it('six correct logins in a row are all let in', async () => {
    const t = await appWith({ LOGIN_RATE_LIMIT_IP: 5, LOGIN_RATE_LIMIT_EMAIL: 5 });
    const owner = await t.buildUser({ email: 'regular@example.com' });
    expect(await statuses(6, () => login(t.app, 'regular@example.com', owner.password))).toEqual([
      200, 200, 200, 200, 200, 200,
    ]);
  });

  it("five wrong passwords from one address stop that address, not the owner's logins from another", async () => {
    const t = await appWith({ LOGIN_RATE_LIMIT_EMAIL: 5 });
    const owner = await t.buildUser({ email: 'target@example.com' });
    expect(await statuses(5, () => login(t.app, 'target@example.com', 'wrong-guess', A))).toEqual([
      401, 401, 401, 401, 401,
    ]);

    const blocked = await login(t.app, 'Target@Example.com', owner.password, A);
    expectError(blocked, 429, 'RATE_LIMITED', accountLimited);
    expect(errorOf(blocked)).toMatch(/in 15 minutes\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);

    expect((await login(t.app, 'target@example.com', owner.password, B)).statusCode).toBe(200);
    // Other accounts from the guessing address are not held up by this account's count.
    const other = await t.buildUser({ email: 'bystander@example.com' });
    expect((await login(t.app, 'bystander@example.com', other.password, A)).statusCode).toBe(200);
  });

  it("a correct login clears that account's failures from that address", async () => {
    const t = await appWith({ LOGIN_RATE_LIMIT_EMAIL: 3 });
    const owner = await t.buildUser({ email: 'typo@example.com' });
    const rounds = [];
    for (let round = 0; round < 3; round++) {
      rounds.push(...(await statuses(2, () => login(t.app, 'typo@example.com', 'fat-finger', A))));
      rounds.push((await login(t.app, 'typo@example.com', owner.password, A)).statusCode);
    }
    expect(rounds).toEqual([401, 401, 200, 401, 401, 200, 401, 401, 200]);
  });

  it('failures across many accounts, known or not, reach the limit of the address', async () => {
    const t = await appWith({ LOGIN_RATE_LIMIT_IP: 4 });
    const owner = await t.buildUser({ email: 'known@example.com' });
    const tries = await statuses(4, (i) =>
      login(t.app, i % 2 ? 'known@example.com' : `nobody${i}@example.com`, 'guess-one', A),
    );
    expect(tries).toEqual([401, 401, 401, 401]);
    // An account that failed from this address is held, even with the right password.
    expectError(await login(t.app, 'known@example.com', owner.password, A), 429, 'RATE_LIMITED', networkLimited);
    expect((await login(t.app, 'known@example.com', owner.password, B)).statusCode).toBe(200);
  });

  it('an address over its limit (an office behind one NAT) still lets in a colleague whose account has no failures from it', async () => {
    const t = await appWith({ LOGIN_RATE_LIMIT_IP: 4 });
    const careless = await t.buildUser({ email: 'careless@example.com' });
    const colleague = await t.buildUser({ email: 'colleague@example.com' });
    expect(await statuses(4, () => login(t.app, 'careless@example.com', 'wrong-guess', A))).toEqual([
      401, 401, 401, 401,
    ]);
    expectError(await login(t.app, 'careless@example.com', careless.password, A), 429, 'RATE_LIMITED', networkLimited);
    // The colleague's right password works from the same address, again and again.
    expect(await statuses(3, () => login(t.app, 'colleague@example.com', colleague.password, A))).toEqual([
      200, 200, 200,
    ]);
  });

  it('spraying one password over many accounts from an address gains at most its limit again, then the address is shut', async () => {
    const t = await appWith({ LOGIN_RATE_LIMIT_IP: 4 });
    const victim = await t.buildUser({ email: 'victim@example.com' });
    const sprayed = await statuses(20, (i) => login(t.app, `sprayed${i}@example.com`, 'Summer2026', A));
    // 4 under the limit, then one try per account with no failures up to twice the limit, then nothing.
    expect(sprayed.filter((c) => c === 401)).toHaveLength(8);
    expect(sprayed.slice(8)).toEqual(Array.from({ length: 12 }, () => 429));
    // Shut for everyone now, the right password included; another address is not.
    expectError(await login(t.app, 'victim@example.com', victim.password, A), 429, 'RATE_LIMITED', networkLimited);
    expect((await login(t.app, 'victim@example.com', victim.password, B)).statusCode).toBe(200);
  });

  it('guesses sent all at once get no more tries than guesses sent one by one', async () => {
    const t = await appWith({ LOGIN_RATE_LIMIT_EMAIL: 5 });
    await t.buildUser({ email: 'parallel@example.com' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(t.app, 'parallel@example.com', `guess-${i}`, A)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  });

  it('an IPv6 client counts by its /64, so stepping through its addresses gains nothing', async () => {
    const t = await appWith({ LOGIN_RATE_LIMIT_IP: 3 });
    const owner = await t.buildUser({ email: 'six@example.com' });
    // Spraying from one /64, a new address each time: past twice the limit the whole /64 is shut.
    const tries = await statuses(6, (i) =>
      login(t.app, `nobody${i}@example.com`, 'guess-one', `2001:db8:1:2::${i + 1}`),
    );
    expect(tries).toEqual([401, 401, 401, 401, 401, 401]);
    expectError(
      await login(t.app, 'six@example.com', owner.password, '2001:db8:1:2:ffff::9'),
      429,
      'RATE_LIMITED',
      networkLimited,
    );
    expect((await login(t.app, 'six@example.com', owner.password, '2001:db8:1:3::1')).statusCode).toBe(200);
  });
});

describe('client addresses: X-Forwarded-For only from trusted proxies', () => {
  it('without TRUST_PROXY (even in production) a client cannot pick its address: 60 forged logins end in 429', async () => {
    const t = await appWith({ NODE_ENV: 'production', LOGIN_RATE_LIMIT_IP: 20 });
    const codes = await statuses(60, (i) =>
      login(t.app, `nobody${i}@example.com`, 'guess-one', A, { 'x-forwarded-for': `10.9.${i}.1` }),
    );
    // Counted as one address: its limit, its limit again for accounts with no failures from it, then shut.
    expect(codes.slice(0, 40).every((c) => c === 401)).toBe(true);
    expect(codes.slice(40).every((c) => c === 429)).toBe(true);
  });

  it('with TRUST_PROXY=1 the address the proxy saw (the last one forwarded) is the client', async () => {
    const t = await appWith({ TRUST_PROXY: 1, LOGIN_RATE_LIMIT_IP: 3 });
    const viaProxy = (client: string, spoofed = '1.2.3.4') => ({ 'x-forwarded-for': `${spoofed}, ${client}` });
    // Different clients behind the one proxy have their own counts.
    expect(
      await statuses(6, (i) =>
        login(t.app, 'nobody@example.com', 'guess-pass', '10.0.0.2', viaProxy(`192.0.2.${i + 1}`)),
      ),
    ).toEqual([401, 401, 401, 401, 401, 401]);
    // One client cannot escape its count by forging what comes before the proxy's entry.
    const forged = await statuses(4, (i) =>
      login(t.app, 'nobody@example.com', 'guess-pass', '10.0.0.2', viaProxy('192.0.2.99', `8.8.${i}.8`)),
    );
    expect(forged).toEqual([401, 401, 401, 429]);
  });

  it('with TRUST_PROXY listing the proxy, only that proxy is believed', async () => {
    const t = await appWith({ TRUST_PROXY: ['10.0.0.2'], LOGIN_RATE_LIMIT_IP: 2 });
    const direct = await statuses(3, (i) =>
      login(t.app, 'nobody@example.com', 'guess-pass', A, { 'x-forwarded-for': `192.0.2.${i + 1}` }),
    );
    expect(direct).toEqual([401, 401, 429]);
    const proxied = await statuses(3, (i) =>
      login(t.app, 'nobody@example.com', 'guess-pass', '10.0.0.2', { 'x-forwarded-for': `192.0.2.${i + 1}` }),
    );
    expect(proxied).toEqual([401, 401, 401]);
  });
});

describe('sign-up limit', () => {
  const form = async (email: string) =>
    multipart({
      name: 'Pet Owner',
      email,
      password: 'secret123',
      phone: '9876543210',
      identityProof: { data: FILES.png, filename: 'id.png', type: 'image/png' },
    });

  it('refuses sign-ups past the limit of an address with the wait in words, before reading the upload', async () => {
    const t = await appWith({ REGISTER_RATE_LIMIT_IP: 2 });
    const signUp = async (email: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/register', ...(await form(email)), remoteAddress });
    expect((await signUp('first@example.com', A)).statusCode).toBe(201);
    expect((await signUp('second@example.com', A)).statusCode).toBe(201);
    const refused = await signUp('third@example.com', A);
    expectError(refused, 429, 'RATE_LIMITED', 'Too many sign-ups from this network. Please try again in 60 minutes.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    // Not even read: a body that is no form at all gets the same 429, not "must be multipart".
    const unread = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: 'x'.repeat(4 * 1024 * 1024),
      headers: { 'content-type': 'application/octet-stream' },
      remoteAddress: A,
    });
    expectError(unread, 429, 'RATE_LIMITED');
    expect((await signUp('third@example.com', B)).statusCode).toBe(201);
  });
});

describe.runIf(process.env.REDIS_URL)('with Redis, two server processes', () => {
  it('share one count of login failures', async () => {
    const shared = {
      REDIS_URL: process.env.REDIS_URL,
      REDIS_KEY_PREFIX: `pawcare-test-login-${Date.now()}`,
      LOGIN_RATE_LIMIT_EMAIL: 4,
      LOGIN_RATE_LIMIT_IP: 100,
    };
    const one = await appWith(shared);
    const two = await createSiblingApp(one, shared);
    try {
      const owner = await one.buildUser({ email: 'shared@example.com' });
      const codes = await statuses(4, (i) => login(i % 2 ? two : one.app, 'shared@example.com', 'guess-pass', A));
      expect(codes).toEqual([401, 401, 401, 401]);
      expectError(await login(one.app, 'shared@example.com', owner.password, A), 429, 'RATE_LIMITED', accountLimited);
      expectError(await login(two, 'shared@example.com', owner.password, A), 429, 'RATE_LIMITED', accountLimited);
      expect((await login(two, 'shared@example.com', owner.password, B)).statusCode).toBe(200);
    } finally {
      await two.close();
    }
  });
});
