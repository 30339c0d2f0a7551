import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AdminUserSchema, ContactSchema, UserSchema, type User } from '#shared/auth';
import type { Role } from '#shared/roles';
import { NotificationSchema } from '#shared/notifications';
import { ThemeBodySchema } from '#shared/settings';
import { createNotification } from '../notifications/service.ts';
import { createTestApp, expectError, FILES, multipart, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';

/** The role x endpoint matrix of ARCHITECTURE.md for the endpoints of the server foundation. */

type Who = 'anonymous' | Role;

const currentTheme = async () =>
  json(await t.app.inject({ method: 'GET', url: '/api/settings/theme' }), ThemeBodySchema).theme;
const WHO: Who[] = ['anonymous', 'user', 'employee', 'admin'];

let t: TestContext;
const people = {} as Record<Role, { user: User; token: string }>;
let proofOwner: { user: User; token: string };

beforeAll(async () => {
  t = await createTestApp();
  people.user = await t.buildUser({ role: 'user', name: 'Cora Customer' });
  people.employee = await t.buildUser({ role: 'employee', name: 'Eli Employee' });
  people.admin = await t.buildUser({ role: 'admin', name: 'Ada Admin' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    ...(await multipart({
      name: 'Proof Owner',
      email: 'owner@example.com',
      password: 'secret123',
      phone: '9876543210',
      identityProof: { data: FILES.pdf, filename: 'id.pdf', type: 'application/pdf' },
    })),
  });
  expect(res.statusCode).toBe(201);
  proofOwner = res.json();
});
afterAll(() => t.close());

const headersOf = (who: Who) => (who === 'anonymous' ? {} : t.auth(people[who].token));

describe.each(WHO)('as %s', (who) => {
  it('GET /api/auth/me answers 401 or the caller itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: headersOf(who) });
    if (who === 'anonymous') return expectError(res, 401, 'UNAUTHENTICATED', 'Please log in to continue');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: people[who].user.id,
      _id: people[who].user.id,
      role: who,
      email: people[who].user.email,
    });
  });

  it('PUT /api/users/profile updates only the caller', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: headersOf(who),
      payload: { address: `${who} street 1` },
    });
    if (who === 'anonymous') return expectError(res, 401, 'UNAUTHENTICATED');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: people[who].user.id, address: `${who} street 1`, role: who });
  });

  it('GET /api/users lists only the people the caller may chat with', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: headersOf(who) });
    if (who === 'anonymous') return expectError(res, 401, 'UNAUTHENTICATED');
    expect(res.statusCode).toBe(200);
    const roles = new Set(json(res, z.array(ContactSchema)).map((u) => u.role));
    const expected = { user: ['employee'], employee: ['user'], admin: ['admin', 'employee', 'user'] }[who];
    expect([...roles].sort()).toEqual(expected);
  });

  for (const [url, role] of [
    ['/api/all-employees', 'employee'],
    ['/api/all-customers', 'user'],
  ] as const) {
    it(`GET ${url} is for admins only`, async () => {
      const res = await t.app.inject({ method: 'GET', url, headers: headersOf(who) });
      if (who === 'anonymous') return expectError(res, 401, 'UNAUTHENTICATED');
      if (who !== 'admin') return expectError(res, 403, 'FORBIDDEN', 'You do not have permission to do that');
      expect(res.statusCode).toBe(200);
      const list = json(res, z.array(AdminUserSchema));
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((u) => u.role === role)).toBe(true);
      expect(JSON.stringify(list)).not.toMatch(/password|hash|argon/i);
    });
  }

  it('PUT /api/users/{id}/role is for admins only', async () => {
    const target = await t.buildUser({ role: 'user' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.user.id}/role`,
      headers: headersOf(who),
      payload: { role: 'employee' },
    });
    if (who === 'anonymous') expectError(res, 401, 'UNAUTHENTICATED');
    else if (who !== 'admin') expectError(res, 403, 'FORBIDDEN');
    else expect(res.json()).toMatchObject({ id: target.user.id, role: 'employee' });
    // The target's role changed only when an admin asked.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(target.token) });
    expect(json(me, UserSchema).role).toBe(who === 'admin' ? 'employee' : 'user');
  });

  it('DELETE /api/users/{id} is for admins only', async () => {
    const target = await t.buildUser({ role: 'user' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${target.user.id}`, headers: headersOf(who) });
    if (who === 'anonymous') expectError(res, 401, 'UNAUTHENTICATED');
    else if (who !== 'admin') expectError(res, 403, 'FORBIDDEN');
    else expect(res.json()).toEqual({ ok: true, id: target.user.id });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(target.token) });
    expect(me.statusCode).toBe(who === 'admin' ? 401 : 200);
  });

  it('GET /api/users/{id}/identity-proof of someone else: only admins', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${proofOwner.user.id}/identity-proof`,
      headers: headersOf(who),
    });
    if (who === 'anonymous') return expectError(res, 401, 'UNAUTHENTICATED');
    if (who !== 'admin') return expectError(res, 403, 'FORBIDDEN');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(FILES.pdf)).toBe(true);
  });

  it('GET /api/settings/theme is public', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/theme', headers: headersOf(who) });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(json(res, ThemeBodySchema))).toEqual(['theme']);
  });

  it('PUT /api/settings/theme is for admins only', async () => {
    const before = await currentTheme();
    const next = before === 'pink' ? 'gold' : 'pink';
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/theme',
      headers: headersOf(who),
      payload: { theme: next },
    });
    if (who === 'anonymous') expectError(res, 401, 'UNAUTHENTICATED');
    else if (who !== 'admin') expectError(res, 403, 'FORBIDDEN');
    else expect(res.json()).toEqual({ theme: next });
    const after = await currentTheme();
    expect(after).toBe(who === 'admin' ? next : before);
  });

  it('GET /api/notifications lists only own notifications', async () => {
    if (who !== 'anonymous') {
      await createNotification(t.database, {
        userId: people[who].user.id,
        type: 'test',
        title: `For ${who}`,
        body: 'hello',
      });
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: headersOf(who) });
    if (who === 'anonymous') return expectError(res, 401, 'UNAUTHENTICATED');
    expect(res.statusCode).toBe(200);
    expect(json(res, z.array(NotificationSchema)).map((n) => n.title)).toEqual([`For ${who}`]);
  });

  it('PUT /api/notifications/read-all marks only own notifications', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers: headersOf(who) });
    if (who === 'anonymous') return expectError(res, 401, 'UNAUTHENTICATED');
    expect(res.json()).toEqual({ ok: true });
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: headersOf(who) });
    expect(list.headers['x-unread-count']).toBe('0');
  });
});

describe("identity proof of one's own", () => {
  it('the owner downloads their own proof byte for byte', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${proofOwner.user.id}/identity-proof`,
      headers: t.auth(proofOwner.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(FILES.pdf)).toBe(true);
  });

  it('a user without a proof gets 404 for their own', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${people.user.user.id}/identity-proof`,
      headers: t.auth(people.user.token),
    });
    expectError(res, 404, 'NOT_FOUND', 'Identity proof not found');
  });

  it('an admin asking for an unknown user gets 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000000/identity-proof',
      headers: t.auth(people.admin.token),
    });
    expectError(res, 404, 'NOT_FOUND');
  });
});
