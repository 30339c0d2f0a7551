import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { io as connect, type Socket } from 'socket.io-client';
import { notificationLink, NotificationSchema, UnreadCountSchema, type Notification } from '#shared/notifications';
import { NOTIFICATIONS_READ_EVENT } from '#shared/realtime';
import { createNotification } from './service.ts';
import { createTestApp, expectError, walkPages, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const listPage = (token: string, cursor?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/notifications',
    query: { limit: '2', ...(cursor ? { cursor } : {}) },
    headers: t.auth(token),
  });
const notify = (userId: string, title: string) =>
  createNotification(t.database, { userId, type: 'test', title, body: `${title} body`, data: { n: title } });

describe('notifications', () => {
  it('lists own notifications newest first with the unread count, page by page', async () => {
    const u = await t.buildUser();
    const other = await t.buildUser();
    for (let i = 1; i <= 5; i++) await notify(u.user.id, `N${i}`);
    await notify(other.user.id, 'Not yours');
    const { items, pages } = await walkPages<Notification>(
      async (cursor) => {
        const res = await listPage(u.token, cursor);
        expect(res.headers['x-unread-count']).toBe('5');
        return res;
      },
      { limit: 2 },
    );
    expect(pages).toBe(3);
    expect(items.map((n) => n.title)).toEqual(['N5', 'N4', 'N3', 'N2', 'N1']);
  });

  it('pages through notifications written within the same millisecond without skipping any', async () => {
    // PostgreSQL's clock has microseconds, a JavaScript Date (and so a page cursor) only milliseconds: rows a few
    // microseconds apart must still all be listed once.
    const u = await t.buildUser();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const n = await notify(u.user.id, `Same ms ${i}`);
      ids.push(n.id);
      await t.database.db.execute(
        sql`update notifications set created_at = ${`2026-11-01T09:00:00.123${String(100 + i)}Z`}::timestamptz where id = ${n.id}`,
      );
    }
    const { items } = await walkPages<Notification>((cursor) => listPage(u.token, cursor), { limit: 2 });
    expect(items.map((n) => n.id)).toEqual([...ids].reverse());
  });

  it("marks one read; someone else's notification is a 404 and stays unread", async () => {
    const u = await t.buildUser();
    const other = await t.buildUser();
    const mine = await notify(u.user.id, 'Mine');
    const theirs = await notify(other.user.id, 'Theirs');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${mine.id}/read`,
      headers: t.auth(u.token),
    });
    expect(res.json()).toMatchObject({ id: mine.id, _id: mine.id, title: 'Mine', read: true, data: { n: 'Mine' } });
    // Marking twice is harmless.
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${mine.id}/read`,
      headers: t.auth(u.token),
    });
    expect(json(again, NotificationSchema).read).toBe(true);
    expectError(
      await t.app.inject({ method: 'PUT', url: `/api/notifications/${theirs.id}/read`, headers: t.auth(u.token) }),
      404,
      'NOT_FOUND',
      'Notification not found',
    );
    const theirList = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(other.token) });
    expect(json(theirList, z.array(NotificationSchema))[0]).toMatchObject({ title: 'Theirs', read: false });
    expect(theirList.headers['x-unread-count']).toBe('1');
  });

  it('read-all marks only own notifications', async () => {
    const u = await t.buildUser();
    const other = await t.buildUser();
    await notify(u.user.id, 'A');
    await notify(u.user.id, 'B');
    await notify(other.user.id, 'C');
    const res = await t.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers: t.auth(u.token) });
    expect(res.json()).toEqual({ ok: true });
    const mine = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(u.token) });
    expect(json(mine, z.array(NotificationSchema)).every((n) => n.read)).toBe(true);
    expect(mine.headers['x-unread-count']).toBe('0');
    const theirs = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(other.token) });
    expect(theirs.headers['x-unread-count']).toBe('1');
  });

  it("the bell's count: own unread notifications only, down as they are read", async () => {
    const u = await t.buildUser();
    const other = await t.buildUser();
    const count = async (token: string) =>
      json(
        await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: t.auth(token) }),
        UnreadCountSchema,
      ).count;
    expect(await count(u.token)).toBe(0);
    const first = await notify(u.user.id, 'One');
    await notify(u.user.id, 'Two');
    await notify(other.user.id, 'Theirs');
    expect(await count(u.token)).toBe(2);
    await t.app.inject({ method: 'PUT', url: `/api/notifications/${first.id}/read`, headers: t.auth(u.token) });
    expect(await count(u.token)).toBe(1);
    await t.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers: t.auth(u.token) });
    expect(await count(u.token)).toBe(0);
    expect(await count(other.token)).toBe(1);
  });

  it("reading in one tab tells the person's other tabs, with what is left unread; nobody else hears it", async () => {
    const u = await t.buildUser();
    const other = await t.buildUser();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const open = async (token: string) => {
      const socket: Socket = connect(address, { transports: ['websocket'], auth: { token }, reconnection: false });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    };
    const mine = await open(u.token);
    const theirs = await open(other.token);
    const overheard: unknown[] = [];
    theirs.on(NOTIFICATIONS_READ_EVENT, (e: unknown) => overheard.push(e));
    try {
      const a = await notify(u.user.id, 'A');
      await notify(u.user.id, 'B');
      const one = new Promise<unknown>((resolve) => mine.once(NOTIFICATIONS_READ_EVENT, resolve));
      await t.app.inject({ method: 'PUT', url: `/api/notifications/${a.id}/read`, headers: t.auth(u.token) });
      expect(await one).toEqual({ ids: [a.id], unread: 1 });
      const all = new Promise<unknown>((resolve) => mine.once(NOTIFICATIONS_READ_EVENT, resolve));
      await t.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers: t.auth(u.token) });
      expect(await all).toEqual({ unread: 0 });
      // The other person's tabs heard none of it: their own read, sent after, is the first thing they hear.
      const own = await notify(other.user.id, 'Theirs');
      const heard = new Promise<unknown>((resolve) => theirs.once(NOTIFICATIONS_READ_EVENT, resolve));
      await t.app.inject({ method: 'PUT', url: `/api/notifications/${own.id}/read`, headers: t.auth(other.token) });
      await heard;
      expect(overheard).toEqual([{ ids: [own.id], unread: 0 }]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('links each notification to the page of what it is about, for its reader', () => {
    const n = (data: Record<string, unknown>) => ({ type: 'x', data });
    expect(notificationLink(n({ orderId: 'o1' }), 'user')).toBe('/customer/my-orders/o1');
    expect(notificationLink(n({ orderId: 'o1' }), 'employee')).toBe('/employee/orders');
    expect(notificationLink(n({ bookingId: 'b1', petId: 'p1' }), 'user')).toBe('/slots');
    expect(notificationLink(n({ refillRequestId: 'r1', petId: 'p1' }), 'user')).toBe('/customer/pets/p1');
    expect(notificationLink(n({ petId: 'p1' }), 'employee')).toBe('/employee/pets/p1');
    expect(notificationLink(n({ link: '/slots?serviceId=s' }), 'user')).toBe('/slots?serviceId=s');
    // Never another site, whatever a notification's data holds.
    expect(notificationLink(n({ link: '//evil.example/x' }), 'user')).toBeNull();
    expect(notificationLink(n({ link: '/\\evil.example' }), 'user')).toBeNull();
    expect(notificationLink(n({ link: 'https://evil.example' }), 'user')).toBeNull();
    expect(notificationLink({ type: 'x', data: null }, 'user')).toBeNull();
  });

  it('anonymous callers get 401 everywhere', async () => {
    const u = await t.buildUser();
    const n = await notify(u.user.id, 'X');
    expectError(await t.app.inject({ method: 'GET', url: '/api/notifications' }), 401, 'UNAUTHENTICATED');
    expectError(await t.app.inject({ method: 'PUT', url: `/api/notifications/${n.id}/read` }), 401, 'UNAUTHENTICATED');
    expectError(await t.app.inject({ method: 'PUT', url: '/api/notifications/read-all' }), 401, 'UNAUTHENTICATED');
    expectError(await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count' }), 401, 'UNAUTHENTICATED');
  });
});
