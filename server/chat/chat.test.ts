import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_BROADCAST,
  CHAT_EVENTS,
  CHAT_TEXT,
  ChatMessageSchema,
  ChatMessagesSpecSchema,
  type ChatMessage,
  type Conversation,
  type OnlineCustomers,
  type UnreadCount,
} from '#shared/chat';
import { createTestApp, expectError, walkPages, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import {
  collect,
  disconnection,
  Inbox,
  nextEvent,
  openConnected,
  openSocket,
  refusal,
  room,
  send,
  sendUnchecked,
  untyped,
  type ClientSocket,
} from '../test/socket.ts';

let t: TestContext;
let url: string;
const open: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(() => t.close());

async function client(token: string) {
  const s = await openConnected(url, token);
  open.push(s);
  return { socket: s, inbox: new Inbox(s) };
}

async function people() {
  const customer = await t.buildUser({ role: 'user', name: 'Pet Owner' });
  const other = await t.buildUser({ role: 'user', name: 'Second Customer' });
  const employee = await t.buildUser({ role: 'employee', name: 'Clinic Staff' });
  const admin = await t.buildUser({ role: 'admin', name: 'Site Admin' });
  return { customer, other, employee, admin };
}

const history = (id: string, token?: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/chat/customer/${id}${query}`, headers: token ? t.auth(token) : {} });

describe('socket handshake', () => {
  it('refuses a connection without a token or with a bad one (connect_error)', async () => {
    for (const token of [undefined, 'not-a-jwt', t.app.signToken({ id: randomUUID(), role: 'user', name: 'Gone' })]) {
      const s = openSocket(url, token);
      open.push(s);
      const err = await refusal(s);
      expect(err.message).toBe('Authentication failed');
    }
  });
});

describe('send_message', () => {
  it('takes the sender from the token, ignoring a forged senderId and senderName', async () => {
    const { customer, other, employee } = await people();
    const staff = await client(employee.token);
    const c = await client(customer.token);
    const ack = await sendUnchecked(c.socket, {
      message: 'Is my dog ready?',
      senderId: other.user.id,
      senderName: 'Admin',
      senderRole: 'admin',
    });
    expect(ack).toMatchObject({
      ok: true,
      message: { senderId: customer.user.id, senderName: 'Pet Owner', senderRole: 'user', message: 'Is my dog ready?' },
    });
    const got = await staff.inbox.waitFor((m) => m.message === 'Is my dog ready?');
    expect(got).toMatchObject({ senderId: customer.user.id, senderName: 'Pet Owner', customerId: customer.user.id });
    expect(got._id).toBe(got.id);
    expect(new Date(got.timestamp).getTime()).not.toBeNaN();
  });

  it("delivers a customer's message to every employee and admin and to the customer's other tabs, not to other customers", async () => {
    const { customer, other, employee, admin } = await people();
    const staff = await client(employee.token);
    const boss = await client(admin.token);
    const tab1 = await client(customer.token);
    const tab2 = await client(customer.token);
    const stranger = await client(other.token);

    await send(tab1.socket, { message: 'Hello from tab one' });
    await staff.inbox.waitFor((m) => m.message === 'Hello from tab one');
    await boss.inbox.waitFor((m) => m.message === 'Hello from tab one');
    await tab2.inbox.waitFor((m) => m.message === 'Hello from tab one');

    // A broadcast sent afterwards arrives after anything sent before it, so its arrival proves what did not.
    await send(staff.socket, { message: 'Clinic closes at 6 today', receiverId: 'all' });
    await stranger.inbox.waitFor((m) => m.message === 'Clinic closes at 6 today');
    expect(stranger.inbox.count('Hello from tab one')).toBe(0);
    // The sending tab learns from its ack; it is not sent its own message again.
    await tab1.inbox.waitFor((m) => m.message === 'Clinic closes at 6 today');
    expect(tab1.inbox.count('Hello from tab one')).toBe(0);
  });

  it("routes an employee's reply to one customer, and 'all' to every customer", async () => {
    const { customer, other, employee } = await people();
    const staff = await client(employee.token);
    const c1 = await client(customer.token);
    const c2 = await client(other.token);

    const reply = await send(staff.socket, { message: 'Your cat is fine', receiverId: customer.user.id });
    expect(reply).toMatchObject({
      ok: true,
      message: { receiverId: customer.user.id, customerId: customer.user.id, senderRole: 'employee' },
    });
    await c1.inbox.waitFor((m) => m.message === 'Your cat is fine');

    await send(staff.socket, { message: 'Vaccination week starts Monday', receiverId: 'all' });
    const b1 = await c1.inbox.waitFor((m) => m.message === 'Vaccination week starts Monday');
    await c2.inbox.waitFor((m) => m.message === 'Vaccination week starts Monday');
    expect(b1).toMatchObject({ receiverId: 'all', customerId: null });
    expect(c2.inbox.count('Your cat is fine')).toBe(0);
  });

  it('refuses an employee message without a valid customer to send to', async () => {
    const { employee, admin } = await people();
    const staff = await client(employee.token);
    const errorEvent = nextEvent(staff.socket, CHAT_EVENTS.error);
    expect(await send(staff.socket, { message: 'Hello?' })).toEqual({ ok: false, error: CHAT_TEXT.receiverRequired });
    expect(await errorEvent).toMatchObject({ message: CHAT_TEXT.receiverRequired });
    expect(await send(staff.socket, { message: 'Hello?', receiverId: admin.user.id })).toEqual({
      ok: false,
      error: CHAT_TEXT.customerNotFound,
    });
    expect(await send(staff.socket, { message: 'Hello?', receiverId: 'nobody' })).toEqual({
      ok: false,
      error: CHAT_TEXT.customerNotFound,
    });
  });

  it('checks the sender against the database on every send: a re-roled account follows its new role, a deleted one is refused', async () => {
    const { customer, other } = await people();
    const c = await client(customer.token);
    await t.database.db.execute(sql`update users set role = 'employee' where id = ${customer.user.id}`);
    expect(await send(c.socket, { message: 'Still a customer?' })).toEqual({
      ok: false,
      error: CHAT_TEXT.receiverRequired,
    });
    const o = await client(other.token);
    await t.database.db.execute(sql`delete from users where id = ${other.user.id}`);
    const gone = disconnection(o.socket);
    expect(await send(o.socket, { message: 'Am I still here?' })).toEqual({
      ok: false,
      error: 'Authentication failed',
    });
    await gone;
  });

  it('refuses blank and over-long messages with an error event, storing nothing', async () => {
    const { customer } = await people();
    const c = await client(customer.token);
    const errorEvent = nextEvent(c.socket, CHAT_EVENTS.error);
    expect(await send(c.socket, { message: '   \n ' })).toEqual({ ok: false, error: CHAT_TEXT.blank });
    expect(await errorEvent).toMatchObject({ message: CHAT_TEXT.blank });
    expect(await send(c.socket, { message: 'x'.repeat(2001) })).toEqual({ ok: false, error: CHAT_TEXT.tooLong });
    expect(await sendUnchecked(c.socket, { message: 42, clientMessageId: randomUUID() })).toMatchObject({ ok: false });
    expect((await send(c.socket, { message: 'y'.repeat(2000) })).ok).toBe(true);
    const res = await history(customer.user.id, customer.token);
    expect(res.json<ChatMessage[]>().map((m) => m.message.length)).toEqual([2000]);
  });

  it('answers a malformed send with an error that names the problem, ignores malformed typing and rooms, and stays up', async () => {
    const { customer, employee } = await people();
    const staff = await client(employee.token);
    const c = await client(customer.token);
    const raw = untyped(c.socket);
    for (const payload of [null, 'Is my dog ready?', ['Is my dog ready?'], 42])
      expect(await sendUnchecked(c.socket, payload)).toEqual({ ok: false, error: CHAT_TEXT.notAnObject });
    expect(await sendUnchecked(c.socket, { message: 'Hi', receiverId: 42, clientMessageId: randomUUID() })).toEqual({
      ok: false,
      error: 'receiverId must be a string',
    });
    expect(await sendUnchecked(c.socket, { message: 'Hi', clientMessageId: 7 })).toEqual({
      ok: false,
      error: 'clientMessageId must be a string',
    });
    // Without an ack, or with something else where the ack belongs: refused by message_error alone.
    const errorEvent = nextEvent(c.socket, CHAT_EVENTS.error);
    raw.emit(CHAT_EVENTS.send, { message: '' });
    expect(await errorEvent).toEqual({ message: CHAT_TEXT.blank });
    raw.emit(CHAT_EVENTS.send, { message: 'ack is not a function', clientMessageId: randomUUID() }, 'not a callback');
    for (const payload of [undefined, null, 'typing', { isTyping: 'yes' }, { isTyping: true, receiverId: {} }])
      raw.emit(CHAT_EVENTS.typing, payload);
    raw.emit(CHAT_EVENTS.joinRoom, { customerId: { $ne: null } });
    raw.emit(CHAT_EVENTS.leaveRoom, null, 'not a callback');

    // Still connected and served: the next message goes through, and the staff saw no typing from the garbage.
    const seenTyping = collect(staff.socket, CHAT_EVENTS.typing);
    expect(await send(c.socket, { message: 'Still here' })).toMatchObject({ ok: true });
    await staff.inbox.waitFor((m) => m.message === 'Still here');
    expect(staff.inbox.texts()).toEqual(['ack is not a function', 'Still here']);
    expect(seenTyping).toEqual([]);
  });

  it('stores a resend once and delivers it once, answering the stored message', async () => {
    const { customer, employee } = await people();
    const staff = await client(employee.token);
    const c = await client(customer.token);
    const clientMessageId = randomUUID();
    const first = await send(c.socket, { message: 'Only once please', clientMessageId });
    const again = await send(c.socket, { message: 'Only once please', clientMessageId });
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect(again.message).toEqual(first.message);

    await send(c.socket, { message: 'after the resend' });
    await staff.inbox.waitFor((m) => m.message === 'after the resend');
    expect(staff.inbox.count('Only once please')).toBe(1);
    const stored = (await history(customer.user.id, customer.token)).json<ChatMessage[]>();
    expect(stored.filter((m) => m.message === 'Only once please')).toHaveLength(1);
  });

  it('loses nothing and doubles nothing when the connection drops before the ack and the client resends', async () => {
    const { customer, employee } = await people();
    const staff = await client(employee.token);
    const first = await client(customer.token);
    const stored = { message: 'Stored, but the ack was lost', clientMessageId: randomUUID() };
    const dropped = { message: 'Sent as the tunnel began', clientMessageId: randomUUID() };

    // One message reaches the server (it is stored and delivered) but the client gives up before its ack...
    first.socket.emit(CHAT_EVENTS.send, stored, () => undefined);
    await staff.inbox.waitFor((m) => m.message === stored.message);
    // ...and one is emitted as the connection drops, so the server never takes it.
    first.socket.emit(CHAT_EVENTS.send, dropped, () => undefined);
    first.socket.disconnect();

    // After reconnecting, the client resends everything it holds without an ack, in order.
    const second = await client(customer.token);
    const again1 = await send(second.socket, stored);
    const again2 = await send(second.socket, dropped);
    expect(again1).toMatchObject({ ok: true, message: { ...stored, senderId: customer.user.id } });
    expect(again2).toMatchObject({ ok: true, message: { ...dropped, senderId: customer.user.id } });

    await send(second.socket, { message: 'back online' });
    await staff.inbox.waitFor((m) => m.message === 'back online');
    expect(staff.inbox.texts()).toEqual([stored.message, dropped.message, 'back online']);
    const history1 = (await history(customer.user.id, customer.token)).json<ChatMessage[]>();
    expect(history1.map((m) => m.message)).toEqual([stored.message, dropped.message, 'back online']);
  });

  it('stops a flood with the per-user chat limit, and answers a resend of a stored message once the limit allows', async () => {
    const { customer } = await people();
    const c = await client(customer.token);
    const burst = t.config.limits.chat.points;
    const ids = Array.from({ length: burst + 15 }, () => randomUUID());
    // One after another, as fast as the acks come: the per-user limit, not the socket's queue, stops them.
    const acks = [];
    for (const [i, clientMessageId] of ids.entries())
      acks.push(await send(c.socket, { message: `flood ${i}`, clientMessageId }));
    const accepted = acks.filter((a) => a.ok).length;
    const refused = acks.filter((a) => !a.ok);
    expect(accepted).toBeLessThanOrEqual(burst);
    expect(refused.length).toBeGreaterThanOrEqual(15);
    expect(refused[0]).toEqual({ ok: false, error: CHAT_TEXT.rateLimited });
    const stored = (await history(customer.user.id, customer.token, '?limit=200')).json<ChatMessage[]>();
    expect(stored).toHaveLength(accepted);
    // Refused while the limit is used up (without a query); once it allows again, a resend gets the stored copy.
    expect(await send(c.socket, { message: 'flood 0', clientMessageId: ids[0] })).toEqual({
      ok: false,
      error: CHAT_TEXT.rateLimited,
    });
    await t.app.limits.reset('chat', customer.user.id);
    const resend = await send(c.socket, { message: 'flood 0', clientMessageId: ids[0] });
    expect(resend).toMatchObject({ ok: true, message: { message: 'flood 0' } });
    expect((await history(customer.user.id, customer.token, '?limit=200')).json()).toHaveLength(accepted);
  });
});

describe('rooms, typing and presence', () => {
  it('lets staff join a customer conversation room and refuses a customer joining someone else', async () => {
    const { customer, other, employee, admin } = await people();
    const watcher = await client(admin.token);
    const staff = await client(employee.token);
    const nosy = await client(other.token);
    await client(customer.token);
    expect(await room(nosy.socket, 'join', { customerId: customer.user.id })).toEqual({
      ok: false,
      error: 'You can only join your own conversation',
    });
    expect(await room(watcher.socket, 'join', customer.user.id)).toEqual({ ok: true });

    // Staff in the room see a colleague's reply to that customer.
    await send(staff.socket, { message: 'On our way to pick up Bruno', receiverId: customer.user.id });
    await watcher.inbox.waitFor((m) => m.message === 'On our way to pick up Bruno');
    await send(staff.socket, { message: 'marker for the nosy customer', receiverId: 'all' });
    await nosy.inbox.waitFor((m) => m.message === 'marker for the nosy customer');
    expect(nosy.inbox.count('On our way to pick up Bruno')).toBe(0);

    expect(await room(watcher.socket, 'leave', customer.user.id)).toEqual({ ok: true });
  });

  it('relays typing from a customer to staff and from staff to that customer', async () => {
    const { customer, employee } = await people();
    const staff = await client(employee.token);
    const c = await client(customer.token);
    const seenByStaff = nextEvent(staff.socket, CHAT_EVENTS.typing);
    untyped(c.socket).emit(CHAT_EVENTS.typing, { isTyping: true, senderName: 'forged' });
    expect(await seenByStaff).toEqual({
      userId: customer.user.id,
      name: 'Pet Owner',
      role: 'user',
      customerId: customer.user.id,
      isTyping: true,
    });
    const seenByCustomer = nextEvent(c.socket, CHAT_EVENTS.typing);
    staff.socket.emit(CHAT_EVENTS.typing, { isTyping: true, receiverId: customer.user.id });
    expect(await seenByCustomer).toMatchObject({
      userId: employee.user.id,
      customerId: customer.user.id,
      isTyping: true,
    });
  });

  it('tells staff when a customer comes online and goes offline, and lists who is online', async () => {
    const { customer, employee } = await people();
    const staff = await client(employee.token);
    const online = nextEvent(staff.socket, CHAT_EVENTS.presence);
    const c = await client(customer.token);
    expect(await online).toEqual({ userId: customer.user.id, online: true });
    // The spec's announcement is accepted, but the identity stays the token's: nothing is announced for anyone
    // else (the next presence event below is this customer's going offline).
    c.socket.emit(CHAT_EVENTS.userConnected, { userId: 'someone-else', role: 'admin', name: 'forged' });
    const list = await t.app.inject({ method: 'GET', url: '/api/chat/online', headers: t.auth(employee.token) });
    expect(list.json<OnlineCustomers>().userIds).toContain(customer.user.id);
    const offline = nextEvent(staff.socket, CHAT_EVENTS.presence);
    c.socket.disconnect();
    expect(await offline).toEqual({ userId: customer.user.id, online: false });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/chat/online', headers: t.auth(customer.token) })).statusCode,
    ).toBe(403);
  });
});

describe('chat history and REST', () => {
  it('shows a customer only their own conversation (with broadcasts); staff see any; others get 401/403', async () => {
    const { customer, other, employee } = await people();
    const c = await client(customer.token);
    const o = await client(other.token);
    const staff = await client(employee.token);
    await send(c.socket, { message: 'Mine' });
    await send(o.socket, { message: 'Not yours' });
    await send(staff.socket, { message: 'Reply to the owner', receiverId: customer.user.id });
    await send(staff.socket, { message: 'Broadcast to all', receiverId: 'all' });

    const own = await history(customer.user.id, customer.token);
    expect(own.statusCode).toBe(200);
    expect(own.json<ChatMessage[]>().map((m) => m.message)).toEqual(['Mine', 'Reply to the owner', 'Broadcast to all']);

    expect((await history(other.user.id, customer.token)).statusCode).toBe(403);
    expect((await history(customer.user.id)).statusCode).toBe(401);
    expect((await history(customer.user.id, employee.token)).json<ChatMessage[]>().map((m) => m.message)).toEqual([
      'Mine',
      'Reply to the owner',
      'Broadcast to all',
    ]);
    expect((await history(employee.user.id, employee.token)).statusCode).toBe(404);
    expect((await history('not-a-uuid', employee.token)).statusCode).toBe(404);

    const inbox = await t.app.inject({
      method: 'GET',
      url: `/api/chat/employee/${employee.user.id}`,
      headers: t.auth(employee.token),
    });
    expect(inbox.statusCode).toBe(200);
    const texts = inbox.json<ChatMessage[]>().map((m) => m.message);
    expect(texts).toEqual(expect.arrayContaining(['Mine', 'Not yours', 'Reply to the owner', 'Broadcast to all']));
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/chat/employee/${employee.user.id}`,
          headers: t.auth(customer.token),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('does not show a customer broadcasts sent before they registered', async () => {
    const { employee } = await people();
    const staff = await client(employee.token);
    await send(staff.socket, { message: 'Old news for everyone', receiverId: 'all' });
    const late = await t.buildUser({ role: 'user', name: 'Late Customer' });
    const res = await history(late.user.id, late.token);
    expect(res.json<ChatMessage[]>().map((m) => m.message)).not.toContain('Old news for everyone');
  });

  it('pages history newest page first with a before cursor, each page in reading order', async () => {
    const { customer } = await people();
    const c = await client(customer.token);
    for (let i = 1; i <= 5; i++) await send(c.socket, { message: `note ${i}` });
    const page1 = await history(customer.user.id, customer.token, '?limit=2');
    expect(page1.json<ChatMessage[]>().map((m) => m.message)).toEqual(['note 4', 'note 5']);
    const cursor = page1.headers['x-next-cursor'] as string;
    expect(cursor).toMatch(/^[\w-]+$/);
    const page2 = await history(customer.user.id, customer.token, `?limit=2&before=${cursor}`);
    expect(page2.json<ChatMessage[]>().map((m) => m.message)).toEqual(['note 2', 'note 3']);
    const page3 = await history(
      customer.user.id,
      customer.token,
      `?limit=2&before=${String(page2.headers['x-next-cursor'])}`,
    );
    expect(page3.json<ChatMessage[]>().map((m) => m.message)).toEqual(['note 1']);
    expect(page3.headers['x-next-cursor']).toBeUndefined();
    expect((await history(customer.user.id, customer.token, '?before=garbage')).statusCode).toBe(400);
  });

  it('POST /api/chat/message stores once per clientMessageId, delivers live once and ignores forged sender fields', async () => {
    const { customer, other, employee } = await people();
    const staff = await client(employee.token);
    const body = {
      message: 'Sent over HTTP',
      clientMessageId: randomUUID(),
      senderId: other.user.id,
      senderName: 'Forged',
    };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: t.auth(customer.token),
      payload: body,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      senderId: customer.user.id,
      senderName: 'Pet Owner',
      message: 'Sent over HTTP',
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: t.auth(customer.token),
      payload: body,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<ChatMessage>().id).toBe(first.json<ChatMessage>().id);
    await t.app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: t.auth(customer.token),
      payload: { message: 'HTTP marker' },
    });
    await staff.inbox.waitFor((m) => m.message === 'HTTP marker');
    expect(staff.inbox.count('Sent over HTTP')).toBe(1);

    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: t.auth(customer.token),
      payload: { message: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'VALIDATION', error: CHAT_TEXT.blank });
    const anon = await t.app.inject({ method: 'POST', url: '/api/chat/message', payload: { message: 'hi' } });
    expect(anon.statusCode).toBe(401);
  });

  it('pages through conversations whose last messages share a millisecond without skipping any', async () => {
    const { employee } = await people();
    const customers = [
      await t.buildUser({ role: 'user' }),
      await t.buildUser({ role: 'user' }),
      await t.buildUser({ role: 'user' }),
    ];
    for (const [i, c] of customers.entries()) {
      await send((await client(c.token)).socket, { message: `same moment ${i}` });
      await t.database.db.execute(
        sql`update chat_messages set created_at = ${`2020-01-01T09:00:00.123${100 + i}Z`}::timestamptz where sender_id = ${c.user.id}`,
      );
    }
    const { items } = await walkPages<{ customerId: string }>(
      (cursor) =>
        t.app.inject({
          method: 'GET',
          url: '/api/chat/conversations',
          query: { limit: '2', ...(cursor ? { cursor } : {}) },
          headers: t.auth(employee.token),
        }),
      { limit: 2 },
    );
    const seen = items.map((r) => r.customerId);
    // Dated in the past, they come after every other conversation, newest first.
    expect(seen.filter((id) => customers.some((c) => c.user.id === id))).toEqual(
      customers.map((c) => c.user.id).reverse(),
    );
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("tells the reader's other tabs that a conversation was read, with their new unread total, and no one else", async () => {
    const { customer, other, employee, admin } = await people();
    const c = await client(customer.token);
    const o = await client(other.token);
    await send(c.socket, { message: 'first question' });
    await send(o.socket, { message: 'other question' });
    const otherTab = await client(employee.token);
    const colleague = await client(admin.token);
    const colleagueHeard = collect(colleague.socket, CHAT_EVENTS.read);
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/chat/unread-count', headers: t.auth(employee.token) })
    ).json<UnreadCount>().count;
    const event = nextEvent(otherTab.socket, CHAT_EVENTS.read);
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/chat/conversations/${customer.user.id}/read`,
      headers: t.auth(employee.token),
    });
    expect(read.statusCode).toBe(200);
    expect(await event).toEqual({ customerId: customer.user.id, unread: before - 1 });
    // The badge the event carries is the one the API answers.
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/chat/unread-count', headers: t.auth(employee.token) })
      ).json<UnreadCount>().count,
    ).toBe(before - 1);
    // A later message reaches the colleague after anything sent before it: no read event came first.
    const later = nextEvent(colleague.socket, CHAT_EVENTS.receive, (m) => m.message === 'one more');
    await send(o.socket, { message: 'one more' });
    await later;
    expect(colleagueHeard).toEqual([]);
  });

  it('lists conversations with the last message and unread counts, and marks them read', async () => {
    const { customer, other, employee, admin } = await people();
    const c = await client(customer.token);
    const o = await client(other.token);
    const staff = await client(employee.token);
    await send(c.socket, { message: 'first question' });
    await send(c.socket, { message: 'second question' });
    await send(o.socket, { message: 'other question' });

    const list = async (token: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/chat/conversations', headers: t.auth(token) });
      expect(res.statusCode).toBe(200);
      return res.json<Conversation[]>();
    };
    const rowOf = async (token: string, id: string) => (await list(token)).find((r) => r.customerId === id);
    expect(await rowOf(employee.token, customer.user.id)).toMatchObject({
      customerName: 'Pet Owner',
      unreadCount: 2,
      lastMessage: { message: 'second question' },
    });
    expect((await list(employee.token))[0]?.customerId).toBe(other.user.id);

    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/chat/conversations/${customer.user.id}/read`,
      headers: t.auth(employee.token),
    });
    expect(read.statusCode).toBe(200);
    expect(await rowOf(employee.token, customer.user.id)).toMatchObject({ unreadCount: 0 });
    // Read state is per staff member.
    expect(await rowOf(admin.token, customer.user.id)).toMatchObject({ unreadCount: 2 });

    await send(staff.socket, { message: 'answer', receiverId: customer.user.id });
    expect(await rowOf(employee.token, customer.user.id)).toMatchObject({
      unreadCount: 0,
      lastMessage: { message: 'answer' },
    });

    const unread = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/chat/unread-count', headers: t.auth(token) })).json<UnreadCount>()
        .count;
    expect(await unread(customer.token)).toBe(1);
    const ownRead = await t.app.inject({
      method: 'PUT',
      url: `/api/chat/conversations/${customer.user.id}/read`,
      headers: t.auth(customer.token),
    });
    expect(ownRead.statusCode).toBe(200);
    expect(await unread(customer.token)).toBe(0);
    expect(await unread(admin.token)).toBeGreaterThanOrEqual(3);

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/chat/conversations', headers: t.auth(customer.token) }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/chat/conversations/${other.user.id}/read`,
          headers: t.auth(customer.token),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/chat/conversations/${employee.user.id}/read`,
          headers: t.auth(employee.token),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("the spec's client (decision 043)", () => {
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: t.auth(token) });

  it('GET /api/chat/customer/{id} and /api/chat/employee/{id} answer { messages } with ?shape=spec', async () => {
    const { customer, employee } = await people();
    const c = await client(customer.token);
    const staff = await client(employee.token);
    await send(c.socket, { message: 'spec one' });
    await send(staff.socket, { message: 'spec two', receiverId: customer.user.id });
    await send(c.socket, { message: 'spec three' });

    for (const [url, token] of [
      [`/api/chat/customer/${customer.user.id}`, customer.token],
      [`/api/chat/employee/${employee.user.id}`, employee.token],
    ] as const) {
      const ours = await get(`${url}?limit=2`, token);
      const spec = await get(`${url}?limit=2&shape=spec`, token);
      expect(spec.statusCode).toBe(200);
      expect(Object.keys(spec.json<object>())).toEqual(['messages']);
      const { messages } = json(spec, ChatMessagesSpecSchema);
      expect(messages.map((m) => m.message)).toEqual(['spec two', 'spec three']);
      // The same page as the array our app reads, the next page's cursor in the same header.
      expect(messages).toEqual(ours.json());
      expect(spec.headers['x-next-cursor']).toBe(ours.headers['x-next-cursor']);
      const older = await get(`${url}?limit=2&shape=spec&before=${String(spec.headers['x-next-cursor'])}`, token);
      expect(older.json<{ messages: ChatMessage[] }>().messages.map((m) => m.message)).toContain('spec one');
      expectError(await get(`${url}?shape=array`, token), 400, 'VALIDATION', "shape must be 'spec'");
    }
  });

  it("takes 'all_customers' as the broadcast target, like 'all', by socket and by POST", async () => {
    const { customer, other, employee } = await people();
    const staff = await client(employee.token);
    const c1 = await client(customer.token);
    const c2 = await client(other.token);

    const ack = await send(staff.socket, { message: 'Open on Sunday', receiverId: 'all_customers' });
    expect(ack).toMatchObject({ ok: true, message: { receiverId: CHAT_BROADCAST, customerId: null } });
    for (const inbox of [c1.inbox, c2.inbox])
      expect(await inbox.waitFor((m) => m.message === 'Open on Sunday')).toMatchObject({ receiverId: 'all' });

    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: t.auth(employee.token),
      payload: { message: 'Closed on Monday', receiverId: 'all_customers', clientMessageId: randomUUID() },
    });
    expect(posted.statusCode).toBe(201);
    expect(json(posted, ChatMessageSchema)).toMatchObject({ receiverId: 'all', customerId: null });
    await c2.inbox.waitFor((m) => m.message === 'Closed on Monday');
    const own = (await history(other.user.id, other.token)).json<ChatMessage[]>();
    expect(own.filter((m) => m.receiverId === 'all').map((m) => m.message)).toEqual([
      'Open on Sunday',
      'Closed on Monday',
    ]);
  });

  it("receive_message names the conversation's customer in clientInfo (id, name); broadcasts and lists do not", async () => {
    const { customer, employee, admin } = await people();
    const staff = await client(employee.token);
    const colleague = await client(admin.token);
    const c = await client(customer.token);
    const info = { id: customer.user.id, name: 'Pet Owner' };

    await send(c.socket, { message: 'Can I bring him at 5?' });
    expect(await staff.inbox.waitFor((m) => m.message === 'Can I bring him at 5?')).toMatchObject({ clientInfo: info });

    // A reply names the customer too, so a colleague who has the conversation open replies to the same person.
    expect(await room(colleague.socket, 'join', { customerId: customer.user.id })).toEqual({ ok: true });
    const ack = await send(staff.socket, { message: 'Yes, 5 works', receiverId: customer.user.id });
    expect(ack).toMatchObject({ ok: true, message: { clientInfo: info } });
    expect(await colleague.inbox.waitFor((m) => m.message === 'Yes, 5 works')).toMatchObject({ clientInfo: info });
    expect(await c.inbox.waitFor((m) => m.message === 'Yes, 5 works')).toMatchObject({ clientInfo: info });

    await send(staff.socket, { message: 'Closed tomorrow', receiverId: 'all' });
    expect(await c.inbox.waitFor((m) => m.message === 'Closed tomorrow')).not.toHaveProperty('clientInfo');
    const listed = (await history(customer.user.id, customer.token)).json<ChatMessage[]>();
    expect(listed.filter((m) => 'clientInfo' in m)).toEqual([]);
  });
});
