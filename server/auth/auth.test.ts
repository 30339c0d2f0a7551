import { createHmac } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthResponseSchema, UserSchema } from '#shared/auth';
import { ApiErrorSchema } from '#shared/common';
import { MSG } from '#shared/messages';
import { createTestApp, expectError, FILES, multipart, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inject = (opts: InjectOptions) => t.app.inject(opts);
type FormValue = string | { data: Buffer; filename: string; type?: string };

const validForm = (email: string): Record<string, FormValue> => ({
  name: 'Pet Owner',
  email,
  password: 'secret123',
  phone: '9876543210',
  address: '12 Lake Road',
  bloodGroup: 'O+',
  role: 'admin',
  identityProof: { data: FILES.png, filename: 'id.png', type: 'image/png' },
});

let n = 0;
const uniqueEmail = () => `reg${++n}-${Date.now()}@example.com`;
const register = async (form: Record<string, FormValue>) =>
  inject({ method: 'POST', url: '/api/auth/register', ...(await multipart(form)) });
const without = (form: Record<string, FormValue>, key: string) =>
  Object.fromEntries(Object.entries(form).filter(([k]) => k !== key));

describe('POST /api/auth/register', () => {
  it('creates a customer, whatever role was asked for, and answers with a token and the user', async () => {
    const res = await register(validForm('owner@example.com'));
    expect(res.statusCode).toBe(201);
    const body = json(res, AuthResponseSchema);
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      name: 'Pet Owner',
      email: 'owner@example.com',
      role: 'user',
      phone: '9876543210',
      bloodGroup: 'O+',
      address: '12 Lake Road',
      hasIdentityProof: true,
    });
    expect(body.user._id).toBe(body.user.id);
    expect(body.user.image).toBe('/api/avatar?name=Pet%20Owner');
    expect(JSON.stringify(body)).not.toMatch(/password|argon|"identityProof"/i);
    // The token works at once, and the account is a customer for the server too.
    const me = await inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(body.token) });
    expect(json(me, UserSchema)).toMatchObject({ id: body.user.id, role: 'user' });
    expectError(
      await inject({ method: 'GET', url: '/api/all-customers', headers: t.auth(body.token) }),
      403,
      'FORBIDDEN',
    );
  });

  it('stores an email in lower case and refuses a duplicate in any letter case with 409', async () => {
    const first = await register(validForm('Mixed.Case@Example.com'));
    expect(json(first, AuthResponseSchema).user.email).toBe('mixed.case@example.com');
    for (const email of ['mixed.case@example.com', 'MIXED.CASE@EXAMPLE.COM', '  Mixed.Case@example.com ']) {
      expectError(await register(validForm(email)), 409, 'EMAIL_TAKEN', 'An account with this email already exists');
    }
  });

  it('refuses look-alike addresses of an account, and takes a full-width address as the plain one it is', async () => {
    await register(validForm('lookalike@example.com'));
    for (const email of [
      'look\u200Balike@example.com', // a zero-width space
      'lookalike\u00AD@example.com', // a soft hyphen
      'look\u0430like@example.com', // a Cyrillic "а"
      'lookalike@ex\u0430mple.com', // the same in the domain
    ]) {
      expectError(await register(validForm(email)), 400, 'VALIDATION', MSG.emailLookAlike);
    }
    // Full-width letters are the same address in Unicode's compatibility form: the account exists already.
    expectError(
      await register(validForm('\uFF4Cookalike@example.com')),
      409,
      'EMAIL_TAKEN',
      'An account with this email already exists',
    );
    // An address wholly in another script is an address of its own.
    const devanagari = 'पालतू@example.com';
    expect(json(await register(validForm(devanagari)), AuthResponseSchema).user.email).toBe(devanagari);
  });

  it('optional address and blood group may be left out or empty', async () => {
    const form = { ...without(without(validForm(uniqueEmail()), 'address'), 'role'), bloodGroup: '' };
    const res = await register(form);
    expect(res.statusCode).toBe(201);
    expect(json(res, AuthResponseSchema).user).toMatchObject({ address: null, bloodGroup: null, role: 'user' });
  });

  const cases: [string, (f: Record<string, FormValue>) => Record<string, FormValue>, string][] = [
    ['no name', (f) => without(f, 'name'), MSG.nameRequired],
    ['a blank name', (f) => ({ ...f, name: '   ' }), MSG.nameRequired],
    ['a name with digits', (f) => ({ ...f, name: 'Owner 2' }), MSG.nameInvalid],
    ['a name with markup', (f) => ({ ...f, name: '<b>Owner</b>' }), MSG.nameInvalid],
    ['no email', (f) => without(f, 'email'), MSG.emailRequired],
    ['an empty email', (f) => ({ ...f, email: '' }), MSG.emailRequired],
    ['a malformed email', (f) => ({ ...f, email: 'owner.example.com' }), MSG.emailInvalid],
    ['an email with a space', (f) => ({ ...f, email: 'a sha@example.com' }), MSG.emailInvalid],
    ['no password', (f) => without(f, 'password'), MSG.passwordRequired],
    ['an empty password', (f) => ({ ...f, password: '' }), MSG.passwordRequired],
    ['a 5-character password', (f) => ({ ...f, password: '12345' }), MSG.passwordShort],
    ['no phone', (f) => without(f, 'phone'), MSG.phoneRequired],
    ['a 9-digit phone', (f) => ({ ...f, phone: '987654321' }), MSG.phoneInvalid],
    ['a phone with letters', (f) => ({ ...f, phone: '98765abcde' }), MSG.phoneInvalid],
    ['no identity proof', (f) => without(f, 'identityProof'), MSG.identityProofRequired],
    [
      'an empty identity proof file',
      (f) => ({ ...f, identityProof: { data: Buffer.alloc(0), filename: 'id.png', type: 'image/png' } }),
      MSG.identityProofRequired,
    ],
  ];
  it.each(cases)('refuses %s with the spec message', async (_label, change, message) => {
    const email = uniqueEmail();
    const res = await register(change(validForm(email)));
    expectError(res, 400, 'VALIDATION', message);
    // Nothing was created: the same email can still log in? No: it does not exist.
    const login = await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'secret123' } });
    expect(login.statusCode).toBe(401);
  });

  it.each([
    ['PNG', FILES.png, 'image/png'],
    ['JPEG', FILES.jpeg, 'image/jpeg'],
    ['WebP', FILES.webp, 'image/webp'],
    ['PDF', FILES.pdf, 'application/pdf'],
  ] as const)('accepts a %s proof and streams it back byte for byte with its type', async (_label, data, mime) => {
    // The declared type and name lie on purpose: the bytes decide.
    const res = await register({
      ...validForm(uniqueEmail()),
      identityProof: { data, filename: 'scan.bin', type: 'application/octet-stream' },
    });
    expect(res.statusCode).toBe(201);
    const { user, token } = json(res, AuthResponseSchema);
    const proof = await inject({ method: 'GET', url: `/api/users/${user.id}/identity-proof`, headers: t.auth(token) });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe(mime);
    expect(proof.headers['x-content-type-options']).toBe('nosniff');
    expect(proof.rawPayload.equals(data)).toBe(true);
  });

  it.each([
    ['a text file renamed .png', FILES.text, 'id.png', 'image/png'],
    ['a GIF', FILES.gif, 'id.gif', 'image/gif'],
    [
      'an SVG (scriptable)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'id.svg',
      'image/svg+xml',
    ],
    [
      'an HTML page called .pdf',
      Buffer.from('<!doctype html><html><body>hi</body></html>'),
      'id.pdf',
      'application/pdf',
    ],
  ])('refuses %s with 415', async (_label, data, filename, type) => {
    const email = uniqueEmail();
    const res = await register({ ...validForm(email), identityProof: { data, filename, type } });
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Identity proof must be a PNG, JPEG, WebP image or a PDF');
    expect(
      (await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'secret123' } })).statusCode,
    ).toBe(401);
  });

  it('accepts a proof of 4.9 MB and refuses one over 5 MB with 413', async () => {
    const big = (size: number) => Buffer.concat([FILES.png, Buffer.alloc(size - FILES.png.length, 7)]);
    const ok = await register({
      ...validForm(uniqueEmail()),
      identityProof: { data: big(4.9 * 1024 * 1024), filename: 'big.png', type: 'image/png' },
    });
    expect(ok.statusCode).toBe(201);
    const email = uniqueEmail();
    const tooBig = await register({
      ...validForm(email),
      identityProof: { data: big(5 * 1024 * 1024 + 1), filename: 'big.png', type: 'image/png' },
    });
    expectError(tooBig, 413, 'PAYLOAD_TOO_LARGE', 'Identity proof must be at most 5 MB');
    expect(
      (await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'secret123' } })).statusCode,
    ).toBe(401);
  });

  it('refuses a second file, a JSON body and a broken form without a 500', async () => {
    const two = await register({
      ...validForm(uniqueEmail()),
      extra: { data: FILES.png, filename: 'b.png', type: 'image/png' },
    });
    expect([400, 413]).toContain(two.statusCode);
    expect(json(two, ApiErrorSchema).code).toEqual(expect.any(String));
    expectError(
      await inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Owner' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Registration must be sent as multipart/form-data',
    );
    for (const headers of [
      { 'content-type': 'multipart/form-data; boundary=xyz' },
      { 'content-type': 'multipart/form-data' },
    ]) {
      expectError(
        await inject({ method: 'POST', url: '/api/auth/register', headers, payload: 'not a form' }),
        400,
        'BAD_REQUEST',
        /could not be read/,
      );
    }
  });
});

describe('POST /api/auth/login', () => {
  beforeAll(async () => {
    await t.buildUser({ email: 'login@example.com', password: 'secret123', name: 'Lena Login' });
  });

  it('logs in with the right password (any email case) and GET /api/auth/me returns the same user', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'LOGIN@example.com', password: 'secret123' },
    });
    expect(res.statusCode).toBe(200);
    const { token, user } = json(res, AuthResponseSchema);
    expect(user).toMatchObject({ email: 'login@example.com', name: 'Lena Login', role: 'user' });
    expect(JSON.stringify(res.json())).not.toMatch(/password|argon/i);
    const me = await inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(token) });
    expect(json(me, UserSchema)).toMatchObject({ id: user.id, email: 'login@example.com' });
  });

  it('answers 401 Invalid credentials for a wrong password and for an unknown email alike', async () => {
    const wrongPass = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'login@example.com', password: 'wrongpass' },
    });
    const noUser = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'secret123' },
    });
    expectError(wrongPass, 401, 'UNAUTHENTICATED', 'Invalid credentials');
    expectError(noUser, 401, 'UNAUTHENTICATED', 'Invalid credentials');
    expect(wrongPass.json()).toEqual(noUser.json());
  });

  it.each([
    [{ password: 'secret123' }, MSG.emailRequired],
    [{ email: 'login@example', password: 'secret123' }, MSG.emailInvalid],
    [{ email: 'login@example.com' }, MSG.passwordRequired],
    [{ email: 'login@example.com', password: '' }, MSG.passwordRequired],
    [{ email: 'login@example.com', password: 'abc' }, MSG.passwordShort],
    [{ email: 12, password: 'secret123' }, MSG.emailRequired],
  ])('validates %j with the spec message', async (payload, message) => {
    expectError(await inject({ method: 'POST', url: '/api/auth/login', payload }), 400, 'VALIDATION', message);
  });

  it('rejects tokens that are forged, expired, of another secret or for a non-existent user', async () => {
    const jwt = t.app.jwt;
    const u = await t.buildUser();
    const forged = u.token.slice(0, -4) + (u.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const expired = jwt.sign({ sub: u.user.id, role: 'user', name: 'x' }, { expiresIn: -10 });
    const ghost = jwt.sign({ sub: '00000000-0000-4000-8000-000000000000', role: 'admin', name: 'Ghost' });
    const notUuid = jwt.sign({ sub: 'admin', role: 'admin', name: 'Ghost' });
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: u.user.id, role: 'admin', name: 'x' })).toString('base64url');
    const algNone = `${header}.${payload}.`;
    for (const token of [forged, expired, ghost, notUuid, algNone, 'garbage']) {
      expectError(await inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(token) }), 401, 'UNAUTHENTICATED');
    }
    for (const authorization of ['', 'Bearer', `Basic ${u.token}`, u.token]) {
      expectError(
        await inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } }),
        401,
        'UNAUTHENTICATED',
        'Please log in to continue',
      );
    }
  });

  it('refuses a token signed with the right secret that never ends (no exp)', async () => {
    const u = await t.buildUser();
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: u.user.id, role: 'user', name: 'x', sv: 1, iat: Math.floor(Date.now() / 1000) })}`;
    const forever = `${unsigned}.${createHmac('sha256', t.config.JWT_SECRET).update(unsigned).digest('base64url')}`;
    expectError(await inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(forever) }), 401, 'UNAUTHENTICATED');
    // The same account's own token, which ends, works.
    expect((await inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(u.token) })).statusCode).toBe(200);
  });

  it('trusts the role in the database, not the one in the token', async () => {
    const u = await t.buildUser({ role: 'user' });
    const lying = t.app.jwt.sign({ sub: u.user.id, role: 'admin', name: 'x' });
    expectError(await inject({ method: 'GET', url: '/api/all-customers', headers: t.auth(lying) }), 403, 'FORBIDDEN');
  });
});
