import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AdminUserSchema, AuthResponseSchema, ContactSchema, OwnAccountSchema } from '#shared/auth';
import type { Role } from '#shared/roles';
import { createTestApp, FILES, multipart, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';

/** What each role is given about people: exactly the fields its screens read, per endpoint. */

let t: TestContext;
const people = {} as Record<Role, { user: { id: string; email: string }; token: string; password: string }>;

const CONTACT = ['_id', 'id', 'image', 'name', 'role'];
const ADMIN_ROW = [
  '_id',
  'createdAt',
  'email',
  'emailVerified',
  'hasIdentityProof',
  'id',
  'image',
  'name',
  'phone',
  'role',
];
const OWN = [
  '_id',
  'address',
  'bloodGroup',
  'createdAt',
  'email',
  'emailVerified',
  'hasIdentityProof',
  'id',
  'image',
  'name',
  'phone',
  'reminderEmails',
  'role',
];

beforeAll(async () => {
  t = await createTestApp();
  const details = { phone: '9123456780', address: '7 Hidden Lane' };
  people.user = await t.buildUser({
    role: 'user',
    name: 'Cora Customer',
    email: 'cora-private@example.com',
    ...details,
  });
  people.employee = await t.buildUser({
    role: 'employee',
    name: 'Eli Employee',
    email: 'eli-private@example.com',
    ...details,
  });
  people.admin = await t.buildUser({ role: 'admin', name: 'Ada Admin', email: 'ada-private@example.com', ...details });
});
afterAll(() => t.close());

const get = (who: Role, url: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, query, headers: t.auth(people[who].token) });
const keysOf = (rows: object[]) => [...new Set(rows.flatMap((r) => Object.keys(r).sort().join(',')))];

describe.each(['user', 'employee', 'admin'] as const)('as %s', (who) => {
  it('GET /api/users (chat contacts) gives id, name, role and picture only', async () => {
    const res = await get(who, '/api/users');
    expect(res.statusCode).toBe(200);
    const rows = json(res, z.array(ContactSchema));
    expect(rows.length).toBeGreaterThan(0);
    expect(keysOf(rows)).toEqual([CONTACT.join(',')]);
    expect(res.body).not.toMatch(/private@|9123456780|Hidden Lane/);
  });

  it('GET /api/users cannot search by e-mail address unless an admin asks elsewhere', async () => {
    const other = who === 'user' ? 'eli-private' : 'cora-private';
    expect((await get(who, '/api/users', { q: other })).json()).toEqual([]);
    expect((await get(who, '/api/users', { q: 'private@' })).json()).toEqual([]);
    // Names still match.
    const byName = json(
      await get(who, '/api/users', { q: who === 'user' ? 'Eli Emp' : 'Cora Cus' }),
      z.array(ContactSchema),
    );
    expect(byName.map((u) => u.name)).toEqual([who === 'user' ? 'Eli Employee' : 'Cora Customer']);
  });

  it('GET /api/auth/me and the login answer give the whole own account', async () => {
    const me = await get(who, '/api/auth/me');
    const { user, ...account } = json(me, OwnAccountSchema);
    expect(Object.keys(account).sort()).toEqual(OWN);
    // The spec's clients read the account under `user`: the same fields, the same values.
    expect(user).toEqual(account);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: people[who].user.email, password: people[who].password },
    });
    expect(Object.keys(json(login, AuthResponseSchema).user).sort()).toEqual(OWN);
  });
});

describe("the spec's shapes (decision 043)", () => {
  it('PUT /api/users/profile answers the changed account, and the same under `user`', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { bloodGroup: 'B+' },
      headers: t.auth(people.user.token),
    });
    expect(res.statusCode).toBe(200);
    const { user, ...account } = json(res, OwnAccountSchema);
    expect(Object.keys(account).sort()).toEqual(OWN);
    expect(account).toMatchObject({ id: people.user.user.id, bloodGroup: 'B+' });
    expect(user).toEqual(account);
  });

  describe('with PUBLIC_URL set', () => {
    const base = 'https://clinic.example';
    const picture = (name: string) => `${base}/api/avatar?name=${encodeURIComponent(name)}`;
    let c: TestContext;
    beforeAll(async () => {
      c = await createTestApp({ PUBLIC_URL: base });
    });
    afterAll(() => c.close());
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: object) =>
      c.app.inject({ method, url, payload, headers: token ? c.auth(token) : {} });

    it('every answer that carries a person gives their picture as an absolute URL under it', async () => {
      const admin = await c.buildUser({ role: 'admin', name: 'Ada Admin' });
      const staff = await c.buildUser({ role: 'employee', name: 'Eli Employee' });
      const customer = await c.buildUser({ role: 'user', name: 'Cora Customer' });

      const me = json(await call('GET', '/api/auth/me', customer.token), OwnAccountSchema);
      expect([me.image, me.user.image]).toEqual([picture('Cora Customer'), picture('Cora Customer')]);
      const profile = json(
        await call('PUT', '/api/users/profile', customer.token, { name: 'Cora Renamed' }),
        OwnAccountSchema,
      );
      expect([profile.image, profile.user.image]).toEqual([picture('Cora Renamed'), picture('Cora Renamed')]);
      const login = await call('POST', '/api/auth/login', undefined, {
        email: staff.user.email,
        password: staff.password,
      });
      expect(json(login, AuthResponseSchema).user.image).toBe(picture('Eli Employee'));
      const password = await call('PUT', '/api/users/password', staff.token, {
        currentPassword: staff.password,
        newPassword: 'another-secret',
      });
      expect(json(password, AuthResponseSchema).user.image).toBe(picture('Eli Employee'));

      const contacts = json(await call('GET', '/api/users', customer.token), z.array(ContactSchema));
      expect(contacts.map((u) => u.image)).toEqual([picture('Eli Employee')]);
      const customers = json(await call('GET', '/api/all-customers', admin.token), z.array(AdminUserSchema));
      expect(customers.map((u) => u.image)).toEqual([picture('Cora Renamed')]);
      const promoted = await call('PUT', `/api/users/${customer.user.id}/role`, admin.token, { role: 'employee' });
      expect(json(promoted, AdminUserSchema).image).toBe(picture('Cora Renamed'));
      const employees = json(await call('GET', '/api/all-employees', admin.token), z.array(AdminUserSchema));
      expect(employees.map((u) => u.image).sort()).toEqual([picture('Cora Renamed'), picture('Eli Employee')]);
      const invited = await call('POST', '/api/users/invitations', admin.token, {
        name: 'Nia Nurse',
        email: `nia-${randomUUID().slice(0, 8)}@example.com`,
      });
      expect(json(invited, AdminUserSchema).image).toBe(picture('Nia Nurse'));
    });

    it('a sign-up answers the new account with its picture under it', async () => {
      const res = await c.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        ...(await multipart({
          name: 'Rita Register',
          email: `rita-${randomUUID().slice(0, 8)}@example.com`,
          password: 'secret123',
          phone: '9876543210',
          identityProof: { data: FILES.png, filename: 'id.png', type: 'image/png' },
        })),
      });
      expect(res.statusCode).toBe(201);
      expect(json(res, AuthResponseSchema).user.image).toBe(picture('Rita Register'));
    });

    it('the picture may be shown by pages of any origin, and by ours from PUBLIC_URL', async () => {
      const avatar = await call('GET', '/api/avatar?name=Cora');
      expect(avatar.statusCode).toBe(200);
      expect(avatar.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const csp = String((await call('GET', '/healthz')).headers['content-security-policy']);
      expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/clinic\.example(;|$)/);
    });

    it('without PUBLIC_URL a picture stays a path on this server', async () => {
      const me = json(await get('user', '/api/auth/me'), OwnAccountSchema);
      expect(me.image).toBe(`/api/avatar?name=${encodeURIComponent('Cora Customer')}`);
      expect(String((await get('user', '/healthz')).headers['content-security-policy'])).toMatch(
        /img-src 'self' data: blob:(;|$)/,
      );
    });
  });
});

describe('as admin', () => {
  it.each(['/api/all-employees', '/api/all-customers'])(
    '%s gives what the admin table shows, no address or blood group',
    async (url) => {
      const res = await get('admin', url);
      expect(res.statusCode).toBe(200);
      expect(keysOf(json(res, z.array(AdminUserSchema)))).toEqual([ADMIN_ROW.join(',')]);
      expect(res.body).not.toMatch(/Hidden Lane|bloodGroup|password|hash|argon/i);
    },
  );

  it('searches the admin lists by e-mail address', async () => {
    const res = await get('admin', '/api/all-employees', { q: 'eli-private' });
    expect(json(res, z.array(AdminUserSchema)).map((u) => u.email)).toEqual(['eli-private@example.com']);
  });

  it('a role change answers with the same row shape', async () => {
    const target = await t.buildUser({
      role: 'user',
      email: `promote-${randomUUID().slice(0, 8)}@example.com`,
      address: '7 Hidden Lane',
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.user.id}/role`,
      payload: { role: 'employee' },
      headers: t.auth(people.admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(ADMIN_ROW);
  });
});
