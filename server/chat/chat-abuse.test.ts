import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_EVENTS, CHAT_TEXT, SendAckSchema, type ChatMessage, type SendAck } from '#shared/chat';
import { createTestApp, type TestContext } from '../test/app.ts';
import { countQueries } from '../test/queries.ts';
import { collect, disconnection, Inbox, listenForSockets, send } from '../test/socket.ts';

let t: TestContext;
let sockets: Awaited<ReturnType<typeof listenForSockets>>;

beforeAll(async () => {
  t = await createTestApp();
  sockets = await listenForSockets(t.app);
});
afterEach(() => sockets.disconnectAll());
afterAll(() => t.close());

const connect = (token: string) => sockets.connect(token);

const storedTexts = async (customerId: string, token: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/chat/customer/${customerId}?limit=200`, headers: t.auth(token) }))
    .json<ChatMessage[]>()
    .map((m) => m.message);

describe('chat under abuse', () => {
  it('refuses a rate-limited message without asking the database anything', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const c = await connect(customer.token);
    const queries = countQueries(t.database.db);
    try {
      const refusedCosts: number[] = [];
      for (let i = 0; i < 60 && refusedCosts.length < 10; i++) {
        const before = queries.count;
        const ack = await send(c, { message: `message ${i}`, clientMessageId: randomUUID() });
        if (!ack.ok) {
          expect(ack.error).toBe(CHAT_TEXT.rateLimited);
          refusedCosts.push(queries.count - before);
        }
      }
      expect(refusedCosts).toHaveLength(10);
      expect(refusedCosts).toEqual(refusedCosts.map(() => 0));
    } finally {
      queries.restore();
    }
  });

  it('refuses sends beyond a small queue at once, tells the sender, and drops a socket that keeps flooding', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const c = await connect(customer.token);
    const errors = collect(c, CHAT_EVENTS.error);
    const acks: SendAck[] = [];
    const dropped = disconnection(c);
    for (let i = 0; i < 5000; i++)
      c.emit(CHAT_EVENTS.send, { message: `flood ${i}`, clientMessageId: randomUUID() }, (a) =>
        acks.push(SendAckSchema.parse(a)),
      );

    expect(await dropped).toBe('io server disconnect');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ message: CHAT_TEXT.rateLimited });
    // Refusals for a full queue are not answered one by one: the first of the burst is, then the socket goes.
    const fullQueue = acks.filter((a) => !a.ok && a.error === CHAT_TEXT.rateLimited).length;
    expect(fullQueue).toBeLessThanOrEqual(t.config.limits.chat.points + 1);
    expect(acks.length).toBeLessThan(100);
    const accepted = acks.filter((a) => a.ok).length;
    // Far fewer than 5,000 were ever looked at, and nothing beyond the allowance was stored.
    expect(accepted).toBeLessThanOrEqual(t.config.limits.chat.points);
    expect((await storedTexts(customer.user.id, customer.token)).length).toBe(accepted);
  });

  it('relays a storm of typing events to staff only a handful of times, ending in the last state', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const employee = await t.buildUser({ role: 'employee' });
    const staff = await connect(employee.token);
    const seen = collect(staff, CHAT_EVENTS.typing);
    const staffInbox = new Inbox(staff);
    const c = await connect(customer.token);

    // On and off 5,000 times; the last one says "stopped typing".
    for (let i = 0; i < 5000; i++) c.emit(CHAT_EVENTS.typing, { isTyping: i % 2 === 0 });
    // Events of one socket are handled in order: once this message arrives, every typing event above was handled.
    expect(await send(c, { message: 'after the typing storm' })).toMatchObject({ ok: true });
    await staffInbox.waitFor((m) => m.message === 'after the typing storm');

    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThanOrEqual(3);
    expect(seen[0]).toMatchObject({ userId: customer.user.id, isTyping: true });
    // The indicator does not stay on: the final "stopped" follows shortly.
    await expect.poll(() => seen.at(-1)?.isTyping, { timeout: 10_000 }).toBe(false);
    expect(seen.length).toBeLessThanOrEqual(3);
  });

  it('announces a customer to staff once however often the client says user_connected', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const employee = await t.buildUser({ role: 'employee' });
    const staff = await connect(employee.token);
    const presence = collect(staff, CHAT_EVENTS.presence);
    const staffInbox = new Inbox(staff);
    const c = await connect(customer.token);

    for (let i = 0; i < 5000; i++)
      c.emit(CHAT_EVENTS.userConnected, { userId: customer.user.id, role: 'user', name: 'Pet Owner' });
    expect(await send(c, { message: 'after the announcements' })).toMatchObject({ ok: true });
    await staffInbox.waitFor((m) => m.message === 'after the announcements');

    const mine = presence.filter((p) => p.userId === customer.user.id);
    expect(mine[0]).toEqual({ userId: customer.user.id, online: true });
    expect(mine.length).toBeLessThanOrEqual(2);
  });
});
