import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AdminUserSchema, AuthResponseSchema, ContactSchema } from '#shared/auth';
import type { Role } from '#shared/roles';
import { createTestApp, type TestContext } from '../test/app.ts';
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
    expect(Object.keys(me.json()).sort()).toEqual(OWN);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: people[who].user.email, password: people[who].password },
    });
    expect(Object.keys(json(login, AuthResponseSchema).user).sort()).toEqual(OWN);
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
