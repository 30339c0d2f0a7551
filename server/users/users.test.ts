import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AdminUserSchema, AuthResponseSchema, UserSchema, type User } from '#shared/auth';
import { NEXT_CURSOR_HEADER } from '#shared/common';
import { ensureAdmin } from './service.ts';
import { createTestApp, expectError, walkPages, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inject = (opts: InjectOptions) => t.app.inject(opts);

/** GET /api/auth/me as the holder of `token`, on this file's app unless `ctx` names another. */
const accountOf = async (token: string, ctx = t) =>
  json(await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: ctx.auth(token) }), UserSchema);

/** The admin's customer list searched for `q`. */
const searchCustomers = async (admin: { token: string }, q: string) =>
  json(
    await inject({ method: 'GET', url: '/api/all-customers', query: { q }, headers: t.auth(admin.token) }),
    z.array(AdminUserSchema),
  );

/** Logs in and returns the account's role. */
const roleAfterLogin = async (email: string, password: string) =>
  json(await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } }), AuthResponseSchema).user
    .role;

describe('admin rules', () => {
  it('an admin cannot demote or delete themself', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    await t.buildUser({ role: 'admin' });
    const demote = await inject({
      method: 'PUT',
      url: `/api/users/${admin.user.id}/role`,
      headers: t.auth(admin.token),
      payload: { role: 'user' },
    });
    expectError(demote, 403, 'FORBIDDEN', 'You cannot change your own role');
    const del = await inject({ method: 'DELETE', url: `/api/users/${admin.user.id}`, headers: t.auth(admin.token) });
    expectError(del, 403, 'FORBIDDEN', 'You cannot delete your own account');
    expect((await accountOf(admin.token)).role).toBe('admin');
  });

  describe('on a site with a single admin', () => {
    let ctx: TestContext;
    let only: Awaited<ReturnType<TestContext['buildUser']>>;
    beforeAll(async () => {
      ctx = await createTestApp();
      only = await ctx.buildUser({ role: 'admin' });
    });
    afterAll(() => ctx.close());

    it('the last admin cannot be demoted or removed (409), whoever asks', async () => {
      const { changeRole, deleteUser } = await import('./service.ts');
      const other = await ctx.buildUser({ role: 'user' });
      await expect(changeRole(ctx.database, other.user, only.user.id, 'user')).rejects.toMatchObject({
        statusCode: 409,
        message: 'The last admin cannot be demoted',
      });
      await expect(deleteUser(ctx.database, other.user, only.user.id)).rejects.toMatchObject({
        statusCode: 409,
        message: 'The last admin cannot be removed',
      });
      expect((await accountOf(only.token, ctx)).role).toBe('admin');
    });

    it("a demotion applies to the demoted admin's existing token at once", async () => {
      const b = await ctx.buildUser({ role: 'admin' });
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${b.user.id}/role`,
        headers: ctx.auth(only.token),
        payload: { role: 'employee' },
      });
      expect(res.json()).toMatchObject({ id: b.user.id, role: 'employee' });
      expectError(
        await ctx.app.inject({ method: 'GET', url: '/api/all-customers', headers: ctx.auth(b.token) }),
        403,
        'FORBIDDEN',
      );
      expect((await accountOf(b.token, ctx)).role).toBe('employee');
      // b cannot demote the remaining admin any more.
      expectError(
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/users/${only.user.id}/role`,
          headers: ctx.auth(b.token),
          payload: { role: 'user' },
        }),
        403,
        'FORBIDDEN',
      );
    });

    it("a removed admin's token is refused, and removing them again is a 404", async () => {
      const c = await ctx.buildUser({ role: 'admin' });
      const del = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/users/${c.user.id}`,
        headers: ctx.auth(only.token),
      });
      expect(del.json()).toEqual({ ok: true, id: c.user.id });
      expectError(
        await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: ctx.auth(c.token) }),
        401,
        'UNAUTHENTICATED',
        'Your session has expired, please log in again',
      );
      expectError(
        await ctx.app.inject({ method: 'DELETE', url: `/api/users/${c.user.id}`, headers: ctx.auth(only.token) }),
        404,
        'NOT_FOUND',
        'User not found',
      );
    });

    it('with two admins, one may demote the other; then the survivor is protected again', async () => {
      const d = await ctx.buildUser({ role: 'admin' });
      const demote = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${only.user.id}/role`,
        headers: ctx.auth(d.token),
        payload: { role: 'user' },
      });
      expect(demote.json()).toMatchObject({ role: 'user' });
      const { deleteUser } = await import('./service.ts');
      await expect(deleteUser(ctx.database, only.user, d.user.id)).rejects.toMatchObject({ statusCode: 409 });
      // Restore, so later tests of this group start from one admin again.
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${only.user.id}/role`,
        headers: ctx.auth(d.token),
        payload: { role: 'admin' },
      });
    });
  });

  it('a promotion takes effect for the promoted user at once', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const u = await t.buildUser({ role: 'user' });
    expectError(await inject({ method: 'GET', url: '/api/all-employees', headers: t.auth(u.token) }), 403, 'FORBIDDEN');
    await inject({
      method: 'PUT',
      url: `/api/users/${u.user.id}/role`,
      headers: t.auth(admin.token),
      payload: { role: 'admin' },
    });
    const res = await inject({ method: 'GET', url: '/api/all-employees', headers: t.auth(u.token) });
    expect(res.statusCode).toBe(200);
  });

  it('role changes and deletes of unknown or malformed ids are 404, bad roles 400', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    for (const id of ['abc', '123', '00000000-0000-4000-8000-000000000000']) {
      expectError(
        await inject({
          method: 'PUT',
          url: `/api/users/${id}/role`,
          headers: t.auth(admin.token),
          payload: { role: 'user' },
        }),
        404,
        'NOT_FOUND',
        'User not found',
      );
      expectError(
        await inject({ method: 'DELETE', url: `/api/users/${id}`, headers: t.auth(admin.token) }),
        404,
        'NOT_FOUND',
        'User not found',
      );
    }
    const u = await t.buildUser();
    expectError(
      await inject({
        method: 'PUT',
        url: `/api/users/${u.user.id}/role`,
        headers: t.auth(admin.token),
        payload: { role: 'superuser' },
      }),
      400,
      'VALIDATION',
      'Role must be user, employee or admin',
    );
    expectError(
      await inject({ method: 'PUT', url: `/api/users/${u.user.id}/role`, headers: t.auth(admin.token), payload: {} }),
      400,
      'VALIDATION',
    );
  });

  it('deleting a user removes their account: they can no longer log in', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const u = await t.buildUser({ email: 'gone@example.com', password: 'secret123' });
    await inject({ method: 'DELETE', url: `/api/users/${u.user.id}`, headers: t.auth(admin.token) });
    const login = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'gone@example.com', password: 'secret123' },
    });
    expectError(login, 401, 'UNAUTHENTICATED', 'Invalid credentials');
  });
});

describe('profile', () => {
  it('updates name, phone, address and blood group, and keeps role and email', async () => {
    const u = await t.buildUser({ name: 'Old Name' });
    const res = await inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: t.auth(u.token),
      payload: { name: 'New Name', phone: '9123456780', address: '1 Main Road', bloodGroup: 'AB-' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'New Name',
      phone: '9123456780',
      address: '1 Main Road',
      bloodGroup: 'AB-',
      role: 'user',
      email: u.user.email,
    });
    expect(json(res, UserSchema).image).toBe('/api/avatar?name=New%20Name');
    expect((await accountOf(u.token)).name).toBe('New Name');
  });

  it('refuses unknown fields (no self-promotion) and invalid values with the spec messages', async () => {
    const u = await t.buildUser();
    const refusals: [object, string | RegExp][] = [
      [{ role: 'admin' }, /role/],
      [{ email: 'x@y.co' }, /email/],
      [{ name: 'R2D2' }, 'Please Enter valid name'],
      [{ phone: '12345' }, 'Invalid phone number'],
      [{ bloodGroup: 'Z+' }, 'Choose a valid blood group'],
      [{ name: 42 }, 'Name is required'],
    ];
    for (const [payload, message] of refusals) {
      const res = await inject({ method: 'PUT', url: '/api/users/profile', headers: t.auth(u.token), payload });
      expectError(res, 400, 'VALIDATION', message);
    }
    expect(await accountOf(u.token)).toMatchObject({ role: 'user', email: u.user.email, name: u.user.name });
  });

  it('an empty address clears it', async () => {
    const u = await t.buildUser({ address: 'Somewhere 1' });
    const res = await inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: t.auth(u.token),
      payload: { address: '' },
    });
    expect(json(res, UserSchema).address).toBeNull();
  });
});

describe('pagination of admin lists', () => {
  it('lists every customer who joined within the same millisecond, even when the last one shown is deleted meanwhile', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const created: string[] = [];
    for (let i = 0; i < 5; i++)
      created.push((await t.buildUser({ role: 'user', name: `Same Moment ${'ABCDE'[i]}` })).user.id);
    // Microseconds apart, as PostgreSQL stores them; a cursor (a JavaScript Date) holds only the millisecond.
    for (const [i, id] of created.entries())
      await t.database.db.execute(
        sql`update users set created_at = ${`2026-11-01T09:00:00.123${100 + i}Z`}::timestamptz where id = ${id}`,
      );
    const page = (cursor?: string) =>
      inject({
        method: 'GET',
        url: '/api/all-customers',
        query: { limit: '2', q: 'Same Moment', ...(cursor ? { cursor } : {}) },
        headers: t.auth(admin.token),
      });
    const ids = (users: { id: string }[]) => users.map((u) => u.id);

    const newestFirst = [...created].reverse();
    expect(ids((await walkPages<User>(page, { limit: 2 })).items)).toEqual(newestFirst);

    // The row a cursor points at is deleted before the next page is asked for: nobody after it goes missing.
    const first = await page();
    expect(ids(json(first, z.array(AdminUserSchema)))).toEqual(newestFirst.slice(0, 2));
    expect(
      (await inject({ method: 'DELETE', url: `/api/users/${newestFirst[1]}`, headers: t.auth(admin.token) }))
        .statusCode,
    ).toBe(200);
    const rest = await walkPages<User>(page, { limit: 2, start: first.headers[NEXT_CURSOR_HEADER] as string });
    expect(ids(rest.items)).toEqual(expect.arrayContaining(newestFirst.slice(2)));
  });

  it('walks all customers page by page with X-Next-Cursor, without repeats or gaps', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const created: string[] = [];
    for (let i = 0; i < 7; i++)
      created.push((await t.buildUser({ role: 'user', name: `Pager Person ${String.fromCharCode(65 + i)}` })).user.id);
    await t.buildUser({ role: 'employee', name: 'Pager Person Staff' });
    const filtered = await walkPages<User>(
      (cursor) =>
        inject({
          method: 'GET',
          url: '/api/all-customers',
          query: { limit: '3', q: 'Pager Person', ...(cursor ? { cursor } : {}) },
          headers: t.auth(admin.token),
        }),
      { limit: 3 },
    );
    expect(filtered.pages).toBe(3);
    expect(filtered.items.map((u) => u.id).sort()).toEqual([...created].sort());

    // Without a filter, the walk covers every customer too.
    const all = (
      await walkPages<User>(
        (cursor) =>
          inject({
            method: 'GET',
            url: '/api/all-customers',
            query: { limit: '4', ...(cursor ? { cursor } : {}) },
            headers: t.auth(admin.token),
          }),
        { limit: 4 },
      )
    ).items.map((u) => u.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining(created));
  });

  it('the last page has no X-Next-Cursor; bad cursors and limits are 400', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const res = await inject({ method: 'GET', url: '/api/all-employees?limit=200', headers: t.auth(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    const bad = [
      'not-a-cursor',
      Buffer.from('2020-01-01T00:00:00.000Z|not-a-uuid').toString('base64url'),
      Buffer.from('yesterday|00000000-0000-4000-8000-000000000000').toString('base64url'),
    ];
    for (const cursor of bad) {
      expectError(
        await inject({ method: 'GET', url: '/api/all-customers', query: { cursor }, headers: t.auth(admin.token) }),
        400,
        'BAD_REQUEST',
        'Invalid cursor',
      );
      expectError(
        await inject({ method: 'GET', url: '/api/users', query: { cursor }, headers: t.auth(admin.token) }),
        400,
        'BAD_REQUEST',
        'Invalid cursor',
      );
    }
    for (const limit of ['0', '201', 'ten', '-1', '1.5']) {
      expectError(
        await inject({ method: 'GET', url: '/api/all-customers', query: { limit }, headers: t.auth(admin.token) }),
        400,
        'VALIDATION',
      );
    }
  });

  it('searches by name or email, treating % and _ literally', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    await t.buildUser({ name: 'Zebediah Quill', email: 'zq@example.com' });
    expect((await searchCustomers(admin, 'zebed')).map((u) => u.name)).toEqual(['Zebediah Quill']);
    expect((await searchCustomers(admin, 'ZQ@EXAMPLE')).map((u) => u.email)).toEqual(['zq@example.com']);
    expect(await searchCustomers(admin, '%')).toEqual([]);
  });
});

describe('ensureAdmin', () => {
  it('creates, then leaves alone, then promotes; never changes a password', async () => {
    const db = t.database.db;
    expect(await ensureAdmin({ db }, 'Boss@Example.com', 'firstpass')).toBe('created');
    expect(await ensureAdmin({ db }, 'boss@example.com', 'otherpass')).toBe('unchanged');
    expect(await roleAfterLogin('boss@example.com', 'firstpass')).toBe('admin');

    await t.buildUser({ email: 'promote-me@example.com', password: 'keepthis' });
    expect(await ensureAdmin({ db }, 'promote-me@example.com', 'ignored1')).toBe('promoted');
    expect(await roleAfterLogin('promote-me@example.com', 'keepthis')).toBe('admin');
  });

  it('two starts racing create one admin', async () => {
    const results = await Promise.all([
      ensureAdmin(t.database, 'race@example.com', 'secret123'),
      ensureAdmin(t.database, 'race@example.com', 'secret123'),
    ]);
    expect(results.sort()).toEqual(['created', 'unchanged']);
  });
});
