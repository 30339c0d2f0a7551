import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AdminUserSchema } from '#shared/auth';
import { CHAT_EVENTS, ChatMessageSchema } from '#shared/chat';
import { ApiErrorSchema } from '#shared/common';
import { forbiddenCharsMessage } from '#shared/text';
import { addDays, todayIn } from '#shared/dates';
import { BookingSchema, BOOKING_MSG } from '#shared/bookings';
import errorsPlugin from './plugins/errors.ts';
import { createTestApp, FILES, multipart, nextCursor, type TestContext } from './test/app.ts';
import { errorOf, json, OpenApiDocSchema } from './test/json.ts';
import { nextEvent, openConnected, send, type ClientSocket } from './test/socket.ts';

/** NUL, lone surrogates and other control characters in every family of text field; crafted cursors; odd dates. */

type Person = Awaited<ReturnType<TestContext['buildUser']>>;
let t: TestContext;
let customer: Person;
let employee: Person;
let admin: Person;
let tomorrow: string;

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.buildUser({ role: 'user', name: 'Pet Owner' });
  employee = await t.buildUser({ role: 'employee' });
  admin = await t.buildUser({ role: 'admin' });
  tomorrow = addDays(todayIn(t.config.CLINIC_TZ), 1);
});
afterAll(() => t.close());

/** What no single-line field accepts: NUL, lone surrogates of both halves, and other control characters. */
const ODD = [
  'Bru\u0000no',
  '\u0000',
  'Bruno\ud800',
  '\udc00Bruno',
  'Bru\u0007no',
  'Bru\u001bno',
  'Bru\rno',
  'Bru\nno',
  'Bru\tno',
  'Bru\u007fno',
  'Bru\u0085no',
];

/** Asserts a 400 whose error (and message) names the field and says what is wrong. */
function expectRefused(res: { statusCode: number; json(): unknown }, label: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  const body = json(res, ApiErrorSchema);
  expect(body.error).toBe(forbiddenCharsMessage(label));
  expect(body.message).toBe(body.error);
  expect(body.code).toBe('VALIDATION');
}

describe('text fields refuse control characters and lone surrogates with 400', () => {
  it('profile name and address', async () => {
    for (const value of ODD) {
      const put = (payload: object) =>
        t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: t.auth(customer.token), payload });
      expectRefused(await put({ address: `12 ${value} Road` }), 'Address');
      expectRefused(await put({ name: value }), 'Name');
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(customer.token) });
    expect(me.json()).toMatchObject({ name: 'Pet Owner' });
  });

  it('pet and owner name of a booking', async () => {
    const book = (over: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/slots/book',
        headers: t.auth(customer.token),
        payload: {
          schedule: `${tomorrow} at 10:00`,
          petName: 'Bruno',
          ownerName: 'Pet Owner',
          phone: '9876543210',
          ...over,
        },
      });
    for (const value of ODD) {
      expectRefused(await book({ petName: value }), 'Pet name');
      expectRefused(await book({ ownerName: value }), 'Owner name');
      expectRefused(await book({ userAddress: value }), 'Address');
    }
    const mine = await t.app.inject({ method: 'GET', url: '/api/slots/mine', headers: t.auth(customer.token) });
    expect(mine.json()).toEqual([]);
  });

  it('the six text fields of an order address', async () => {
    const address = {
      name: 'Pet Owner',
      pin: '560001',
      city: 'Bengaluru',
      house: '12',
      landmark: 'Lake',
      state: 'Karnataka',
      country: 'India',
    };
    const labels = {
      name: 'Name',
      city: 'City',
      house: 'House number',
      landmark: 'Landmark',
      state: 'State',
      country: 'Country',
    } as const;
    for (const [field, label] of Object.entries(labels)) {
      for (const value of ODD) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { ...t.auth(customer.token), 'idempotency-key': randomUUID() },
          payload: {
            items: [{ productId: 1, quantity: 1 }],
            paymentMethod: 'cod',
            address: { ...address, [field]: value },
          },
        });
        expectRefused(res, label);
      }
    }
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders/mine', headers: t.auth(customer.token) });
    expect(mine.json()).toEqual([]);
  });

  it('hospital info of a confirmation, which leaves the booking pending', async () => {
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/slots/book',
      headers: t.auth(customer.token),
      payload: { schedule: `${tomorrow} at 11:00`, petName: 'Kitty', ownerName: 'Pet Owner', phone: '9876543210' },
    });
    expect(booked.statusCode).toBe(201);
    const { id } = json(booked, BookingSchema);
    const labels = { name: 'Hospital name', address: 'Hospital address', hours: 'Opening hours' } as const;
    for (const [field, label] of Object.entries(labels)) {
      for (const value of ODD) {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/slots/confirm/${id}`,
          headers: t.auth(employee.token),
          payload: { hospitalInfo: { [field]: value } },
        });
        expectRefused(res, label);
      }
    }
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/slots/bookings?date=${tomorrow}`,
      headers: t.auth(employee.token),
    });
    expect(json(list, z.array(BookingSchema)).find((b) => b.id === id)).toMatchObject({
      status: 'pending',
      hospitalInfo: null,
    });
  });

  it('search text of the people lists and the catalogue', async () => {
    const lists = [
      ['/api/users', customer.token],
      ['/api/all-employees', admin.token],
      ['/api/all-customers', admin.token],
      ['/api/products', undefined],
    ] as const;
    for (const [url, token] of lists) {
      for (const value of ['\u0000', 'a\u0000b', 'a\u0007', 'a\u001b[2J', 'a\u007f']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${url}?q=${encodeURIComponent(value)}`,
          headers: token ? t.auth(token) : {},
        });
        expectRefused(res, 'Search text');
      }
      // A lone surrogate cannot travel in a URL (its bytes are not UTF-8): whatever the parser makes of them is no 500.
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}?q=a%ED%A0%80b`,
        headers: token ? t.auth(token) : {},
      });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('a chat message over REST keeps its lines and tabs but refuses other control characters', async () => {
    const post = (message: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/chat/message',
        headers: t.auth(customer.token),
        payload: { message, clientMessageId: randomUUID() },
      });
    for (const value of ['Hi\u0000there', '\u0000', 'Hi\ud800', '\udc00', 'Hi\u0007', 'Hi\rthere', 'Hi\u001b[2J']) {
      expectRefused(await post(value), 'Message');
    }
    const kept = await post('Line one\nLine two\r\n\tindented');
    expect(kept.statusCode).toBe(201);
    expect(json(kept, ChatMessageSchema).message).toBe('Line one\nLine two\r\n\tindented');
    const id = await post('Hello');
    expect(id.statusCode).toBe(201);
    const badId = await t.app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: t.auth(customer.token),
      payload: { message: 'Hello', clientMessageId: 'a\u0000b' },
    });
    expectRefused(badId, 'clientMessageId');
  });

  it('a chat message over the socket is refused with message_error and never stored', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    let socket: ClientSocket | undefined;
    try {
      socket = await openConnected(url, customer.token);
      for (const message of ['Hi\u0000there', 'Hi\ud800', 'Hi\u0007']) {
        const error = nextEvent(socket, CHAT_EVENTS.error);
        expect(await send(socket, { message })).toEqual({ ok: false, error: forbiddenCharsMessage('Message') });
        expect((await error).message).toBe(forbiddenCharsMessage('Message'));
      }
      expect((await send(socket, { message: 'Still here\nand fine' })).ok).toBe(true);
    } finally {
      socket?.disconnect();
    }
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/chat/customer/${customer.user.id}`,
      headers: t.auth(customer.token),
    });
    expect(json(history, z.array(ChatMessageSchema)).map((m) => m.message)).not.toContain('Hi\u0000there');
  });

  it('registration address and identity-proof file name', async () => {
    const fields = { name: 'New Customer', password: 'secret123', phone: '9876543210' };
    const register = async (over: Record<string, string>, filename = 'proof.png') => {
      const form = await multipart({
        ...fields,
        email: `new-${randomUUID().slice(0, 8)}@example.com`,
        ...over,
        identityProof: { data: FILES.png, filename, type: 'image/png' },
      });
      return t.app.inject({ method: 'POST', url: '/api/auth/register', ...form });
    };
    // A form travels as UTF-8, which has no lone surrogates (the browser sends U+FFFD): the rest must be refused.
    for (const value of ODD.filter((v) => !/[\ud800-\udfff]/.test(v)))
      expectRefused(await register({ address: `12 ${value} Road` }), 'Address');
    for (const name of ['proof\u0000.png', '\u0000', 'proof\u0007.png', 'a\u001b.png']) {
      const res = await register({}, name);
      expectRefused(res, 'File name');
      expect(json(res, ApiErrorSchema).details).toEqual([
        { path: 'identityProof', message: forbiddenCharsMessage('File name') },
      ]);
    }
    expect((await register({ address: '12 Lake Road' }, 'my proof (1).png')).statusCode).toBe(201);
  });
});

const b64 = (s: string) => Buffer.from(s).toString('base64url');

describe('crafted page cursors are a 400 "Invalid cursor" on every list', () => {
  const uuid = randomUUID();
  const crafted = [
    b64(`0000-01-01T00:00:00.000Z|${uuid}`),
    b64(`+010000-01-01T00:00:00.000Z|${uuid}`),
    b64(`+275760-09-13T00:00:00.000Z|${uuid}`),
    b64(`-000001-01-01T00:00:00.000Z|${uuid}`),
    b64(`1999-12-31T23:59:59.999Z|${uuid}`),
    b64(`2024-01-01T00:00:00Z|${uuid}`),
    b64(`2024-02-30T00:00:00.000Z|${uuid}`),
    b64(`2024-01-01T00:00:00.000Z|${uuid}|x`),
    'not+base64/url=',
  ];

  it('on all 11 paginated lists', async () => {
    const lists: [string, string][] = [
      ['/api/users', customer.token],
      ['/api/all-employees', admin.token],
      ['/api/all-customers', admin.token],
      ['/api/notifications', customer.token],
      ['/api/slots/mine', customer.token],
      ['/api/slots/bookings', employee.token],
      ['/api/orders/mine', customer.token],
      ['/api/orders', employee.token],
      [`/api/chat/customer/${customer.user.id}`, customer.token],
      [`/api/chat/employee/${employee.user.id}`, employee.token],
      ['/api/chat/conversations', employee.token],
    ];
    for (const [url, token] of lists) {
      for (const cursor of crafted) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${url}?cursor=${encodeURIComponent(cursor)}`,
          headers: t.auth(token),
        });
        expect(res.statusCode, `${url} ${Buffer.from(cursor, 'base64url').toString()}`).toBe(400);
        expect(res.json()).toMatchObject({ error: 'Invalid cursor', message: 'Invalid cursor' });
      }
      const first = await t.app.inject({ method: 'GET', url: `${url}?limit=1`, headers: t.auth(token) });
      expect(first.statusCode, url).toBe(200);
    }
  });

  it('while a cursor the server wrote still turns the page', async () => {
    await t.buildUser({ role: 'employee' });
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/all-employees?limit=1',
      headers: t.auth(admin.token),
    });
    const cursor = nextCursor(first);
    expect(cursor).toEqual(expect.any(String));
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/all-employees?limit=1&cursor=${cursor}`,
      headers: t.auth(admin.token),
    });
    expect(next.statusCode).toBe(200);
    const page = z.array(AdminUserSchema);
    expect(json(next, page)).toHaveLength(1);
    expect(json(next, page)[0]?.id).not.toBe(json(first, page)[0]?.id);
  });
});

describe('dates lie between 2000-01-01 and 2100-12-31', () => {
  it('availability and the staff bookings list refuse a date outside, with a clear message', async () => {
    for (const date of ['9999-12-31', '2101-01-01', '1999-12-31', '0001-01-01']) {
      const availability = await t.app.inject({
        method: 'GET',
        url: `/api/slots/availability?date=${date}`,
        headers: t.auth(customer.token),
      });
      expect(availability.statusCode, date).toBe(400);
      expect(availability.json()).toMatchObject({
        error: BOOKING_MSG.dateOutOfRange,
        message: BOOKING_MSG.dateOutOfRange,
      });
      const bookings = await t.app.inject({
        method: 'GET',
        url: `/api/slots/bookings?date=${date}`,
        headers: t.auth(employee.token),
      });
      expect(bookings.statusCode, date).toBe(400);
      expect(errorOf(bookings)).toBe(BOOKING_MSG.dateOutOfRange);
    }
    for (const date of ['2000-01-01', '2100-12-31']) {
      const availability = await t.app.inject({
        method: 'GET',
        url: `/api/slots/availability?date=${date}`,
        headers: t.auth(customer.token),
      });
      expect(availability.statusCode, date).toBe(200);
      const bookings = await t.app.inject({
        method: 'GET',
        url: `/api/slots/bookings?date=${date}`,
        headers: t.auth(employee.token),
      });
      expect(bookings.statusCode, date).toBe(200);
    }
  });
});

describe('error bodies', () => {
  it('carry message, the same text as error, on every kind of refusal', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/auth/me' }),
      await t.app.inject({ method: 'GET', url: '/api/all-employees', headers: t.auth(customer.token) }),
      await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.com', password: 'secret123' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'text/plain' },
        payload: 'hi',
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ pad: 'x'.repeat(1_200_000) }),
      }),
      await t.app.inject({
        method: 'PUT',
        url: `/api/users/${randomUUID()}/role`,
        headers: t.auth(admin.token),
        payload: { role: 'user' },
      }),
      await t.app.inject({
        method: 'PUT',
        url: '/api/users/%ED%A0%80/role',
        headers: t.auth(admin.token),
        payload: { role: 'user' },
      }),
      await t.app.inject({ method: 'DELETE', url: `/api/users/${'x'.repeat(500)}`, headers: t.auth(admin.token) }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([401, 403, 404, 400, 401, 400, 415, 413, 404, 400, 414]);
    for (const res of answers) {
      const body = json(res, ApiErrorSchema);
      expect(body.error).toEqual(expect.any(String));
      expect(body.message).toBe(body.error);
      expect(body.code).toEqual(expect.any(String));
    }
  });

  it('the OpenAPI document describes message as part of every error body', async () => {
    const doc = json(await t.app.inject({ method: 'GET', url: '/api/docs/json' }), OpenApiDocSchema);
    const error = doc.paths['/api/auth/login']?.post?.responses?.['401']?.content?.['application/json']?.schema;
    expect(error?.required).toEqual(expect.arrayContaining(['error', 'message', 'code']));
  });
});

describe('the last line of defence behind the schemas', () => {
  it('a value the database refuses is a 400, not a 500', async () => {
    // A route without the shared text schemas, as a route added carelessly later would be.
    const app = Fastify();
    await app.register(errorsPlugin);
    app.post('/careless', async (request) => {
      const { text, day } = request.body as { text: string; day: string };
      await t.database.db.execute(sql`select ${text}::text, ${day}::date`);
      return { ok: true };
    });
    try {
      for (const payload of [
        { text: 'a\u0000b', day: '2024-01-01' },
        { text: 'fine', day: '+010000-01-01' },
        { text: 'fine', day: '0000-01-01' },
      ]) {
        const res = await app.inject({ method: 'POST', url: '/careless', payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        const body = json(res, ApiErrorSchema);
        expect(body).toMatchObject({ code: 'BAD_REQUEST', message: body.error });
      }
      expect(
        (await app.inject({ method: 'POST', url: '/careless', payload: { text: 'fine', day: '2024-01-01' } }))
          .statusCode,
      ).toBe(200);
    } finally {
      await app.close();
    }
  });
});
