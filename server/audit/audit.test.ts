import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AUDIT_EVENT,
  AUDIT_MSG,
  AuditActorSchema,
  AuditEntrySchema,
  type AuditEntry,
  type AuditKind,
} from '#shared/audit';
import { OrderSchema, type Order } from '#shared/orders';
import { OfferingSchema } from '#shared/offerings';
import { addDays, todayIn } from '#shared/dates';
import { type Booking } from '#shared/bookings';
import { ProductSchema } from '#shared/catalogue';
import { findPgError, rowsOf } from '../db/client.ts';
import { expectError, FILES, multipart, walkPages } from '../test/app.ts';
import { json } from '../test/json.ts';
import { createLiveTestApp, type LiveTestContext } from '../test/live.ts';
import { deliveryAddress, placeOrder, productIds, setStock } from '../test/orders.ts';
import { bookingFor, newBooking } from '../test/bookings.ts';
import { collect, nextEvent } from '../test/socket.ts';

type Person = Awaited<ReturnType<LiveTestContext['buildUser']>>;

let t: LiveTestContext;
let admin: Person;
let employee: Person;
let customer: Person;

beforeAll(async () => {
  t = await createLiveTestApp();
  [admin, employee, customer] = await Promise.all([
    t.buildUser({ role: 'admin', name: 'Asha Rao' }),
    t.buildUser({ role: 'employee', name: 'Front Desk' }),
    t.buildUser({ role: 'user', name: 'Ravi Kumar' }),
  ]);
  await setStock(t.database.db, 1000);
});
afterAll(() => t.close());

const EntryListSchema = z.array(AuditEntrySchema);

/** Every entry of the log, read straight from the table (what the API answers is tested on its own). */
async function allEntries(): Promise<AuditEntry[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/audit?limit=200', headers: t.auth(admin.token) });
  return json(res, EntryListSchema);
}

/** The entries `action` wrote, oldest first. */
async function written(action: () => Promise<unknown>): Promise<AuditEntry[]> {
  const before = new Set((await allEntries()).map((e) => e.id));
  await action();
  return (await allEntries()).filter((e) => !before.has(e.id)).reverse();
}

/** The one entry `action` wrote (fails when it wrote none or more). */
async function theEntry(action: () => Promise<unknown>): Promise<AuditEntry> {
  const entries = await written(action);
  expect(entries, JSON.stringify(entries)).toHaveLength(1);
  return entries[0]!;
}

function request(method: 'PUT' | 'POST' | 'DELETE', url: string, who: Person, payload?: object) {
  return t.app.inject({ method, url, headers: t.auth(who.token), ...(payload ? { payload } : {}) });
}

/** A request that must succeed; answers its JSON. */
async function ok(method: 'PUT' | 'POST' | 'DELETE', url: string, who: Person, payload?: object): Promise<unknown> {
  const res = await request(method, url, who, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

const actorOf = (p: Person) => ({ id: p.user.id, name: p.user.name, email: p.user.email, role: p.user.role });

/** The entry's who, what and about what. */
function expectEntry(e: AuditEntry, who: Person, kind: AuditKind, subject: string, subjectId: string) {
  expect(e.actor).toEqual(actorOf(who));
  expect(e.kind).toBe(kind);
  expect(e.subjectType).toBe(subject);
  expect(e.subjectId).toBe(subjectId);
  expect(Date.now() - Date.parse(e.at)).toBeLessThan(60_000);
}

let day = 0;
/** A bookable day of its own for each booking, so tests never compete for seats. */
const freshDay = () => addDays(todayIn(t.config.CLINIC_TZ), 2 + (day += 1));

/** A confirmed booking whose time began `hoursAgo` hours ago (written directly: the past cannot be booked). */
async function pastConfirmed(hoursAgo: number): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes, service_id, pet_name, owner_name, phone, status)
      select ${customer.user.id}::uuid, 'Ravi Kumar', ${customer.user.email}, 'earlier', now() - make_interval(hours => ${hoursAgo}::int),
             now() - make_interval(hours => ${hoursAgo}::int) + interval '30 minutes', 30, id, 'Bruno', 'Ravi Kumar', '9876543210', 'confirmed'
        from services where kind = 'checkup' order by sort_order limit 1
      returning id`),
  );
  return row!.id;
}

async function placeUpiOrder(): Promise<Order> {
  const ids = await productIds(t.database.db);
  const res = await placeOrder(t.app, customer.token, {
    items: [{ productId: ids.get('Dog Food')!, quantity: 2 }],
    address: deliveryAddress('Ravi Kumar'),
    paymentMethod: 'upi',
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, OrderSchema);
}

describe('each staff and admin action writes exactly one entry: who, what, before and after', () => {
  it('role changes (none when the role stays), invitations and deletions', async () => {
    const person = await t.buildUser({ role: 'user', name: 'Meera Iyer' });
    const promoted = await theEntry(() => ok('PUT', `/api/users/${person.user.id}/role`, admin, { role: 'employee' }));
    expectEntry(promoted, admin, 'user.role_changed', 'user', person.user.id);
    expect(promoted).toMatchObject({
      summary: "Changed Meera Iyer's role from customer to employee",
      before: { role: 'user' },
      after: { role: 'employee' },
    });
    expect(await written(() => ok('PUT', `/api/users/${person.user.id}/role`, admin, { role: 'employee' }))).toEqual(
      [],
    );

    const email = `invitee-${Date.now()}@example.com`;
    let invitedId = '';
    const invited = await theEntry(async () => {
      invitedId = ((await ok('POST', '/api/users/invitations', admin, { name: 'Kiran Das', email })) as { id: string })
        .id;
    });
    expectEntry(invited, admin, 'user.invited', 'user', invitedId);
    expect(invited).toMatchObject({
      summary: `Invited Kiran Das (${email}) to join as an employee`,
      before: null,
      after: { name: 'Kiran Das', email, role: 'employee' },
    });
    const again = await theEntry(() => ok('POST', '/api/users/invitations', admin, { name: 'Kiran P Das', email }));
    expect(again).toMatchObject({
      kind: 'user.invited',
      summary: `Sent Kiran P Das (${email}) a new invitation to join as an employee`,
      before: { name: 'Kiran Das' },
      after: { name: 'Kiran P Das' },
    });

    const deleted = await theEntry(() => ok('DELETE', `/api/users/${person.user.id}`, admin));
    expectEntry(deleted, admin, 'user.deleted', 'user', person.user.id);
    expect(deleted).toMatchObject({
      summary: `Deleted the employee account of Meera Iyer (${person.user.email})`,
      before: { name: 'Meera Iyer', email: person.user.email, role: 'employee' },
      after: null,
    });
  });

  it("bookings confirmed, moved, canceled and closed out by staff; the customer's own moves and cancels write none", async () => {
    const d = freshDay();
    const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
    const readable = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(y, m - 1, dd, 12)));
    let booking: Booking | undefined;
    expect(
      await written(async () => {
        booking = await newBooking(t.app, customer.token, bookingFor(`${d} at 12:00`));
      }),
    ).toEqual([]);
    const b = booking!;
    const confirmed = await theEntry(() => ok('PUT', `/api/slots/confirm/${b.id}`, employee, {}));
    expectEntry(confirmed, employee, 'booking.confirmed', 'booking', b.id);
    expect(confirmed).toMatchObject({
      summary: `Confirmed the Pet Health Checkup of Bruno for Ravi Kumar on ${readable} at 12:00`,
      before: { status: 'pending' },
      after: { status: 'confirmed' },
    });

    const moved = await theEntry(() =>
      ok('PUT', `/api/slots/${b.id}/reschedule`, admin, { schedule: `${d} at 15:30` }),
    );
    expectEntry(moved, admin, 'booking.rescheduled', 'booking', b.id);
    expect(moved).toMatchObject({
      summary: `Moved the Pet Health Checkup of Bruno for Ravi Kumar on ${readable} at 12:00 to ${readable} at 15:30`,
      before: { schedule: `${d} at 12:00`, status: 'confirmed' },
      after: { schedule: `${d} at 15:30`, status: 'pending' },
    });

    const canceled = await theEntry(() => ok('PUT', `/api/slots/cancel/${b.id}`, employee));
    expectEntry(canceled, employee, 'booking.canceled', 'booking', b.id);
    expect(canceled).toMatchObject({ before: { status: 'pending' }, after: { status: 'canceled' } });
    // Canceling again changes nothing and records nothing.
    expect(await written(() => ok('PUT', `/api/slots/cancel/${b.id}`, employee))).toEqual([]);

    const own = await newBooking(t.app, customer.token, bookingFor(`${freshDay()} at 10:00`));
    expect(
      await written(async () => {
        await ok('PUT', `/api/slots/${own.id}/reschedule`, customer, { schedule: `${own.date} at 11:00` });
        await ok('PUT', `/api/slots/cancel/${own.id}`, customer);
      }),
    ).toEqual([]);

    const visit = await pastConfirmed(2);
    const completed = await theEntry(() =>
      ok('PUT', `/api/slots/${visit}/complete`, employee, { findings: 'Healthy', nextDueDate: null }),
    );
    expectEntry(completed, employee, 'booking.completed', 'booking', visit);
    expect(completed).toMatchObject({ before: { status: 'confirmed' }, after: { status: 'completed' } });
    expect(completed.summary).toMatch(/^Completed the Pet Health Checkup of Bruno for Ravi Kumar on /);

    const missed = await pastConfirmed(3);
    const noShow = await theEntry(() => ok('PUT', `/api/slots/${missed}/no-show`, admin));
    expectEntry(noShow, admin, 'booking.no_show', 'booking', missed);
    expect(noShow).toMatchObject({ before: { status: 'confirmed' }, after: { status: 'no_show' } });
    expect(noShow.summary).toMatch(/^Marked the Pet Health Checkup of Bruno for Ravi Kumar on .* as a no-show$/);
  });

  it("order status and payment changes by staff; the customer's order, reference and cancel write none", async () => {
    let order: Order | undefined;
    expect(
      await written(async () => {
        order = await placeUpiOrder();
        await ok('PUT', `/api/orders/${order.id}/payment`, customer, { reference: '123456789012' });
      }),
    ).toEqual([]);
    const o = order!;
    const confirmed = await theEntry(() => ok('PUT', `/api/orders/${o.id}/status`, employee, { status: 'confirmed' }));
    expectEntry(confirmed, employee, 'order.status_changed', 'order', o.id);
    expect(confirmed).toMatchObject({
      summary: `Marked order ${o.number} of Ravi Kumar confirmed`,
      before: { status: 'placed' },
      after: { status: 'confirmed' },
    });
    const paid = await theEntry(() => ok('PUT', `/api/orders/${o.id}/payment`, employee, { status: 'paid' }));
    expectEntry(paid, employee, 'order.payment_changed', 'order', o.id);
    expect(paid).toMatchObject({ before: { paymentStatus: 'unpaid' }, after: { paymentStatus: 'paid' } });
    expect(paid.summary).toMatch(new RegExp(`^Marked order ${o.number} of Ravi Kumar paid \\(₹[\\d,.]+\\)$`));

    // The cancellation is one entry and the credit note of its invoice another (decision 053); the refund it makes
    // due is the database's doing, not another action.
    // Both entries carry the transaction's time, so they are told apart by kind.
    const both = await written(() => ok('PUT', `/api/orders/${o.id}/status`, admin, { status: 'cancelled' }));
    expect(both.map((e) => e.kind).sort()).toEqual(['invoice.credit_note_issued', 'order.status_changed']);
    const canceled = both.find((e) => e.kind === 'order.status_changed');
    const credited = both.find((e) => e.kind === 'invoice.credit_note_issued')!;
    expect(credited.summary).toMatch(/^Issued credit note \S+ for invoice \S+ of Ravi Kumar: order canceled$/);
    expectEntry(credited, admin, 'invoice.credit_note_issued', 'invoice', credited.subjectId!);
    expect(canceled).toMatchObject({
      summary: `Canceled order ${o.number} of Ravi Kumar`,
      before: { status: 'confirmed' },
      after: { status: 'cancelled' },
    });
    const refunded = await theEntry(() => ok('PUT', `/api/orders/${o.id}/payment`, admin, { status: 'refunded' }));
    expect(refunded).toMatchObject({
      kind: 'order.payment_changed',
      before: { paymentStatus: 'refund_due' },
      after: { paymentStatus: 'refunded' },
    });

    const own = await placeUpiOrder();
    expect(await written(() => ok('PUT', `/api/orders/${own.id}/cancel`, customer))).toEqual([]);
  });

  it('products added, changed (none when nothing changes), pictured and deactivated', async () => {
    let id = 0;
    const created = await theEntry(async () => {
      const product = ProductSchema.parse(
        await ok('POST', '/api/products', admin, {
          name: 'Steel Bowl',
          price: 349.9,
          discount: 5,
          category: 'Accessories',
          details: 'A heavy bowl.',
          stock: 12,
        }),
      );
      id = product.id;
    });
    expectEntry(created, admin, 'product.created', 'product', String(id));
    expect(created).toMatchObject({
      summary: 'Added the product Steel Bowl (₹349.90, 12 in stock)',
      before: null,
      after: { name: 'Steel Bowl', price: 349.9, discount: 5, category: 'Accessories', stock: 12 },
    });

    const changed = await theEntry(() => ok('PUT', `/api/products/${id}`, admin, { stock: 3, price: 349.9 }));
    expectEntry(changed, admin, 'product.updated', 'product', String(id));
    expect(changed).toMatchObject({
      summary: 'Changed the product Steel Bowl: stock 12 → 3',
      before: { stock: 12 },
      after: { stock: 3 },
    });
    expect(await written(() => ok('PUT', `/api/products/${id}`, admin, { stock: 3, name: 'Steel Bowl' }))).toEqual([]);

    const form = await multipart({ image: { data: FILES.png, filename: 'bowl.png', type: 'image/png' } });
    const pictured = await theEntry(async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${id}/image`,
        headers: { ...form.headers, ...t.auth(admin.token) },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expectEntry(pictured, admin, 'product.image_changed', 'product', String(id));
    expect(pictured.summary).toBe('Changed the picture of the product Steel Bowl');
    expect((pictured.after as { image: string }).image).toMatch(new RegExp(`^/api/products/${id}/image\\?v=\\d+$`));

    const deactivated = await theEntry(() => ok('PUT', `/api/products/${id}`, admin, { active: false }));
    expect(deactivated).toMatchObject({
      kind: 'product.deactivated',
      summary: 'Deactivated the product Steel Bowl',
      before: { active: true },
      after: { active: false },
    });
  });

  it('services added, changed and retired', async () => {
    let id = '';
    const created = await theEntry(async () => {
      id = OfferingSchema.parse(
        await ok('POST', '/api/services', admin, {
          name: 'Grooming',
          kind: 'training',
          durationMinutes: 60,
          price: 500,
          capacity: 2,
        }),
      ).id;
    });
    expectEntry(created, admin, 'service.created', 'service', id);
    expect(created.summary).toBe('Added the service Grooming (60 min, ₹500.00)');
    const changed = await theEntry(() =>
      ok('PUT', `/api/services/${id}`, admin, { durationMinutes: 90, name: 'Grooming' }),
    );
    expect(changed).toMatchObject({
      kind: 'service.updated',
      summary: 'Changed the service Grooming: duration 60 → 90 min',
      before: { durationMinutes: 60 },
      after: { durationMinutes: 90 },
    });
    const retired = await theEntry(() => ok('PUT', `/api/services/${id}`, admin, { active: false }));
    expect(retired).toMatchObject({ summary: 'Retired the service Grooming', after: { active: false } });
  });
});

describe('an entry and its change are stored together or not at all', () => {
  const roleOf = async (id: string) =>
    rowsOf<{ role: string }>(await t.database.db.execute(sql`select role from users where id = ${id}::uuid`))[0]!.role;

  it('a refused change writes no entry', async () => {
    const b = await newBooking(t.app, customer.token, bookingFor(`${freshDay()} at 09:30`));
    await ok('PUT', `/api/slots/confirm/${b.id}`, employee, {});
    expect(
      await written(async () => {
        expectError(await request('PUT', `/api/slots/confirm/${b.id}`, employee, {}), 409, 'CONFLICT');
        expectError(await request('PUT', `/api/users/${admin.user.id}/role`, admin, { role: 'user' }), 403);
        expectError(await request('PUT', `/api/orders/${randomUUID()}/status`, employee, { status: 'shipped' }), 404);
      }),
    ).toEqual([]);
  });

  it('when the entry cannot be written, the change is undone', async () => {
    const person = await t.buildUser({ role: 'user' });
    const db = t.database.db;
    await db.execute(sql`create function audit_refuse() returns trigger language plpgsql as $$
      begin raise exception 'the audit log is full'; end $$`);
    await db.execute(
      sql`create trigger audit_refuse before insert on audit_log for each row execute function audit_refuse()`,
    );
    try {
      const res = await request('PUT', `/api/users/${person.user.id}/role`, admin, { role: 'employee' });
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger audit_refuse on audit_log`);
      await db.execute(sql`drop function audit_refuse()`);
    }
    expect(await roleOf(person.user.id)).toBe('user');
  });

  it('when the change fails after its entry was written (at commit), the entry goes with it', async () => {
    const person = await t.buildUser({ role: 'user' });
    const db = t.database.db;
    await db.execute(sql`create function users_refuse_at_commit() returns trigger language plpgsql as $$
      begin raise exception 'refused at commit'; end $$`);
    await db.execute(sql`create constraint trigger users_refuse_at_commit after update on users
      deferrable initially deferred for each row execute function users_refuse_at_commit()`);
    let entries: AuditEntry[] | undefined;
    try {
      entries = await written(async () => {
        const res = await request('PUT', `/api/users/${person.user.id}/role`, admin, { role: 'employee' });
        expect(res.statusCode).toBe(500);
      });
    } finally {
      await db.execute(sql`drop trigger users_refuse_at_commit on users`);
      await db.execute(sql`drop function users_refuse_at_commit()`);
    }
    expect(entries).toEqual([]);
    expect(await roleOf(person.user.id)).toBe('user');
  });
});

describe('nobody changes or removes an entry', () => {
  it('the table refuses UPDATE, DELETE and TRUNCATE (PW403), whoever asks', async () => {
    const person = await t.buildUser({ role: 'user' });
    const entry = await theEntry(() => ok('PUT', `/api/users/${person.user.id}/role`, admin, { role: 'employee' }));
    const db = t.database.db;
    for (const statement of [
      sql`update audit_log set summary = 'Nothing happened' where id = ${entry.id}::uuid`,
      sql`delete from audit_log where id = ${entry.id}::uuid`,
      sql`truncate audit_log`,
    ]) {
      const err = await db.execute(statement).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(findPgError(err)?.code).toBe('PW403');
    }
    expect((await allEntries()).find((e) => e.id === entry.id)).toEqual(entry);
  });

  it('the API has no way to change or remove one', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/audit', headers: t.auth(admin.token), payload: {} });
      expect(res.statusCode).toBe(404);
      const one = await t.app.inject({
        method,
        url: `/api/audit/${randomUUID()}`,
        headers: t.auth(admin.token),
        payload: {},
      });
      expect(one.statusCode).toBe(404);
    }
  });
});

describe('GET /api/audit', () => {
  const get = (query: string, who: Person | null = admin) =>
    t.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: who ? t.auth(who.token) : {} });

  it('is for admins only', async () => {
    expectError(await get('', null), 401, 'UNAUTHENTICATED');
    expectError(await get('', employee), 403, 'FORBIDDEN');
    expectError(await get('', customer), 403, 'FORBIDDEN');
    expectError(await t.app.inject({ method: 'GET', url: '/api/audit/actors' }), 401, 'UNAUTHENTICATED');
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/audit/actors', headers: t.auth(employee.token) }),
      403,
      'FORBIDDEN',
    );
  });

  it('lists newest first, a page at a time, every entry once', async () => {
    // A few entries written in the same millisecond still page in order.
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => t.buildUser({ role: 'user' })));
    await Promise.all(people.map((p) => ok('PUT', `/api/users/${p.user.id}/role`, admin, { role: 'employee' })));
    const everything = await allEntries();
    expect(everything.length).toBeGreaterThan(10);
    const sorted = [...everything].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
    expect(everything.map((e) => e.at)).toEqual(sorted.map((e) => e.at));
    const { items, pages } = await walkPages<AuditEntry>(
      (cursor) => get(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`),
      {
        limit: 3,
      },
    );
    expect(pages).toBeGreaterThan(3);
    expect(items.map((e) => e.id)).toEqual(everything.map((e) => e.id));
  });

  it('filters by person, kind and clinic-local days, and pages each filter', async () => {
    const person = await t.buildUser({ role: 'user' });
    const mine = await theEntry(() => ok('PUT', `/api/users/${person.user.id}/role`, admin, { role: 'employee' }));
    const everything = await allEntries();

    const byEmployee = json(await get(`?actorId=${employee.user.id}&limit=200`), EntryListSchema);
    expect(byEmployee.length).toBeGreaterThan(0);
    expect(byEmployee.every((e) => e.actor.id === employee.user.id)).toBe(true);
    expect(byEmployee.map((e) => e.id)).toEqual(
      everything.filter((e) => e.actor.id === employee.user.id).map((e) => e.id),
    );

    const roles = json(await get('?kind=user.role_changed&limit=200'), EntryListSchema);
    expect(roles[0]!.id).toBe(mine.id);
    expect(roles.every((e) => e.kind === 'user.role_changed')).toBe(true);
    const both = json(await get(`?kind=booking.confirmed&actorId=${employee.user.id}`), EntryListSchema);
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((e) => e.kind === 'booking.confirmed' && e.actor.id === employee.user.id)).toBe(true);
    const paged = await walkPages<AuditEntry>(
      (cursor) => get(`?kind=user.role_changed&limit=2${cursor ? `&cursor=${cursor}` : ''}`),
      { limit: 2 },
    );
    expect(paged.items.map((e) => e.id)).toEqual(roles.map((e) => e.id));

    const today = todayIn(t.config.CLINIC_TZ);
    expect(json(await get(`?from=${today}&to=${today}&limit=200`), EntryListSchema)).toHaveLength(everything.length);
    expect(json(await get(`?from=${addDays(today, 1)}`), EntryListSchema)).toEqual([]);
    expect(json(await get(`?to=${addDays(today, -1)}`), EntryListSchema)).toEqual([]);
    expect(json(await get(`?from=${today}&kind=user.deleted&actorId=${admin.user.id}`), EntryListSchema).length).toBe(
      everything.filter((e) => e.kind === 'user.deleted' && e.actor.id === admin.user.id).length,
    );
    // An empty filter of a form is no filter.
    expect(json(await get('?kind=&actorId=&from=&to=&limit=200'), EntryListSchema)).toHaveLength(everything.length);
  });

  it('refuses a bad filter with a clear message', async () => {
    const today = todayIn(t.config.CLINIC_TZ);
    expectError(await get(`?from=${today}&to=${addDays(today, -1)}`), 400, 'VALIDATION', AUDIT_MSG.fromAfterTo);
    expectError(await get('?kind=user.hacked'), 400, 'VALIDATION', /kind/i);
    expectError(await get('?actorId=42'), 400, 'VALIDATION', /actorId must be a valid id/);
    expectError(await get('?from=2026-02-30'), 400, 'VALIDATION');
    expectError(await get('?to=1999-12-31'), 400, 'VALIDATION');
    expectError(await get('?cursor=bm90LWEtY3Vyc29y'), 400, 'BAD_REQUEST', 'Invalid cursor');
    expectError(await get('?limit=0'), 400, 'VALIDATION');
  });

  it('GET /api/audit/actors lists everyone in the log by name, as their latest entry names them', async () => {
    const actors = json(
      await t.app.inject({ method: 'GET', url: '/api/audit/actors', headers: t.auth(admin.token) }),
      z.array(AuditActorSchema),
    );
    expect(actors).toEqual([actorOf(admin), actorOf(employee)]);
  });
});

describe('live', () => {
  it('admins hear each new entry once its change has committed; employees do not', async () => {
    const [watcher, staff] = await Promise.all([t.connectUser('admin'), t.connectUser('employee')]);
    const staffHeard = collect(staff.socket, AUDIT_EVENT);
    const person = await t.buildUser({ role: 'user', name: 'Live Person' });
    const heard = nextEvent(watcher.socket, AUDIT_EVENT, (e) => e.subjectId === person.user.id);
    await ok('PUT', `/api/users/${person.user.id}/role`, admin, { role: 'employee' });
    const entry = await heard;
    expect(entry).toEqual((await allEntries())[0]);
    expect(entry).toMatchObject({ kind: 'user.role_changed', actor: actorOf(admin) });

    // The booking event of a later change reaches the employee after any audit event sent before it.
    const b = await newBooking(t.app, customer.token, bookingFor(`${freshDay()} at 14:00`));
    const staffHearsBooking = nextEvent(
      staff.socket,
      'booking_changed',
      (e) => e.id === b.id && e.action === 'confirmed',
    );
    await ok('PUT', `/api/slots/confirm/${b.id}`, admin, {});
    await staffHearsBooking;
    expect(staffHeard).toEqual([]);
  });
});
