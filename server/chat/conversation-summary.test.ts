import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_BROADCAST, type Conversation, type UnreadCount } from '#shared/chat';
import { rowsOf, type Db } from '../db/client.ts';
import { createDatabaseAtMigration } from '../test/db.ts';
import { createTestApp, walkPages, type TestContext } from '../test/app.ts';
import { seededRng } from '../test/random.ts';

/**
 * The staff conversation list and unread counts come from summaries that triggers keep (chat_conversations, the
 * customer message counters, the readers' totals). Whatever happens (messages, replies, broadcasts, reads,
 * accounts deleted), they must say what a count over every stored message says.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Expected {
  customerId: string;
  customerName: string;
  lastMessageId: string;
  unreadCount: number;
}

/** The conversation list for `readerId` as a scan of every message says it should be (the old, slow query). */
async function fromScratch(db: Db, readerId: string): Promise<Expected[]> {
  const rows = rowsOf<{ customer_id: string; name: string; last_id: string; unread: number }>(
    await db.execute(sql`
      select lm.customer_id, u.name, m.id as last_id,
             (select count(*)::int from chat_messages c
               where c.customer_id = lm.customer_id and c.sender_id = lm.customer_id
                 and c.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)) as unread
        from (select distinct customer_id from chat_messages where customer_id is not null) lm
        join users u on u.id = lm.customer_id
        join lateral (select * from chat_messages x where x.customer_id = lm.customer_id
                       order by x.created_at desc, x.id desc limit 1) m on true
        left join chat_reads r on r.customer_id = lm.customer_id and r.reader_id = ${readerId}
       order by m.created_at desc, lm.customer_id desc`),
  );
  return rows.map((r) => ({
    customerId: r.customer_id,
    customerName: r.name,
    lastMessageId: r.last_id,
    unreadCount: Number(r.unread),
  }));
}

/** What the API says, every page walked with a small limit (so the cursor is exercised too). */
async function fromApi(token: string) {
  const { items } = await walkPages<Conversation>(
    (cursor) =>
      t.app.inject({
        method: 'GET',
        url: `/api/chat/conversations?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        headers: t.auth(token),
      }),
    { limit: 2 },
  );
  const unread = await t.app.inject({ method: 'GET', url: '/api/chat/unread-count', headers: t.auth(token) });
  expect(unread.statusCode).toBe(200);
  return {
    list: items.map((c) => ({
      customerId: c.customerId,
      customerName: c.customerName,
      lastMessageId: c.lastMessage.id,
      unreadCount: c.unreadCount,
    })),
    badge: unread.json<UnreadCount>().count,
  };
}

/** The summaries against sums over the stored rows: conversations, counters and readers' totals. */
async function expectSummariesExact(db: Db) {
  const [check] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select
        (select count(*)::int from chat_conversations c
          where c.customer_messages <> (select count(*) from chat_messages m where m.customer_id = c.customer_id and m.sender_role = 'user')
             or c.last_message_id <> (select m.id from chat_messages m where m.customer_id = c.customer_id order by m.created_at desc, m.id desc limit 1)
        ) as wrong_conversations,
        (select count(distinct customer_id)::int from chat_messages where customer_id is not null)
          - (select count(*)::int from chat_conversations) as missing_conversations,
        (select coalesce(sum(messages), 0)::int from chat_customer_message_counts)
          - (select count(*)::int from chat_messages where customer_id is not null and sender_role = 'user') as counter_drift,
        (select count(*)::int from users s
          where coalesce((select read_count from chat_reader_totals t where t.reader_id = s.id), 0)
             <> coalesce((select sum(read_count) from chat_reads r where r.reader_id = s.id and r.reader_id <> r.customer_id), 0)
        ) as wrong_reader_totals`),
  );
  expect(check).toEqual({ wrong_conversations: 0, missing_conversations: 0, counter_drift: 0, wrong_reader_totals: 0 });
}

describe('conversation summaries', () => {
  it('match a count over every message through a random run of messages, reads and deleted accounts', async () => {
    const rng = seededRng(13);
    const admin = await t.buildUser({ role: 'admin', name: 'Site Admin' });
    const staff = [admin, await t.buildUser({ role: 'employee', name: 'Clinic Staff' })];
    const customers = await Promise.all(
      ['Pet Owner', 'Second Customer', 'Third Customer', 'Fourth Customer'].map((name) =>
        t.buildUser({ role: 'user', name }),
      ),
    );
    const post = (token: string, body: object) =>
      t.app.inject({ method: 'POST', url: '/api/chat/message', headers: t.auth(token), payload: body });
    const ops = [
      { weight: 6, name: 'customer writes' },
      { weight: 3, name: 'staff replies' },
      { weight: 1, name: 'broadcast' },
      { weight: 3, name: 'staff reads' },
      { weight: 1, name: 'customer reads' },
      { weight: 1, name: 'employee replaced' },
      { weight: 1, name: 'customer replaced' },
    ] as const;
    const seen = new Set<string>();
    for (let step = 0; step < 120; step++) {
      const op = rng.weighted(ops);
      const customer = rng.pick(customers);
      const member = rng.pick(staff);
      if (op.name === 'customer writes') {
        expect((await post(customer.token, { message: `hello ${step}` })).statusCode).toBe(201);
      } else if (op.name === 'staff replies') {
        const res = await post(member.token, { message: `reply ${step}`, receiverId: customer.user.id });
        expect(res.statusCode).toBe(201);
      } else if (op.name === 'broadcast') {
        expect((await post(member.token, { message: `news ${step}`, receiverId: CHAT_BROADCAST })).statusCode).toBe(
          201,
        );
      } else if (op.name === 'staff reads' || op.name === 'customer reads') {
        const reader = op.name === 'staff reads' ? member : customer;
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/chat/conversations/${customer.user.id}/read`,
          headers: t.auth(reader.token),
        });
        expect(res.statusCode).toBe(200);
      } else {
        // An account is deleted with its messages (the last message of several conversations may go with it).
        const index = op.name === 'employee replaced' ? 1 : customers.indexOf(customer);
        const list = op.name === 'employee replaced' ? staff : customers;
        const gone = list[index]!;
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/users/${gone.user.id}`,
          headers: t.auth(admin.token),
        });
        expect(res.statusCode).toBe(200);
        list[index] = await t.buildUser({
          role: op.name === 'employee replaced' ? 'employee' : 'user',
          name: `${gone.user.name.split(' #')[0]} #${step}`,
        });
      }
      seen.add(op.name);
      for (const reader of staff) {
        const api = await fromApi(reader.token);
        const expected = await fromScratch(t.database.db, reader.user.id);
        expect(api.list, `${op.name} at step ${step}`).toEqual(expected);
        expect(api.badge, `${op.name} at step ${step}`).toBe(expected.reduce((n, c) => n + c.unreadCount, 0));
      }
    }
    await expectSummariesExact(t.database.db);
    expect([...seen].sort()).toEqual(ops.map((o) => o.name).sort());
  });

  it('stay exact when many customers write while staff read at the same time', async () => {
    const staff = await Promise.all([
      t.buildUser({ role: 'employee', name: 'Clinic Staff' }),
      t.buildUser({ role: 'admin', name: 'Site Admin' }),
    ]);
    const customers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.buildUser({ role: 'user', name: `Customer ${i}` })),
    );
    await Promise.all([
      ...customers.flatMap((c) =>
        Array.from({ length: 4 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/chat/message',
            headers: t.auth(c.token),
            payload: { message: `at once ${i}` },
          }),
        ),
      ),
      ...staff.flatMap((s) =>
        customers.map((c) =>
          t.app.inject({ method: 'PUT', url: `/api/chat/conversations/${c.user.id}/read`, headers: t.auth(s.token) }),
        ),
      ),
    ]);
    await expectSummariesExact(t.database.db);
    // Reading everything now leaves nothing unread.
    for (const s of staff) {
      for (const c of customers) {
        await t.app.inject({
          method: 'PUT',
          url: `/api/chat/conversations/${c.user.id}/read`,
          headers: t.auth(s.token),
        });
      }
    }
    await expectSummariesExact(t.database.db);
    for (const s of staff) {
      const { list } = await fromApi(s.token);
      expect(list.filter((c) => customers.some((x) => x.user.id === c.customerId)).map((c) => c.unreadCount)).toEqual(
        customers.map(() => 0),
      );
    }
  });
});

describe('the migration that adds the summaries', () => {
  it('builds them from the messages and reads an older release stored', async () => {
    const old = await createDatabaseAtMigration('0002_services-pets-visits');
    try {
      // Two customers and a staff member; the staff member has read the first conversation up to its second message.
      await old.db.execute(sql`
        insert into users (id, name, email, password_hash, phone, role) values
          ('00000000-0000-4000-8000-00000000000a', 'Pet Owner', 'owner@example.com', 'x', '9876543210', 'user'),
          ('00000000-0000-4000-8000-00000000000b', 'Second Customer', 'second@example.com', 'x', '9876543210', 'user'),
          ('00000000-0000-4000-8000-00000000000c', 'Clinic Staff', 'staff@example.com', 'x', '9876543210', 'employee')`);
      await old.db.execute(sql`
        insert into chat_messages (id, sender_id, sender_name, sender_role, receiver_id, customer_id, client_message_id, message, created_at)
        values
          ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000a', 'Pet Owner', 'user', null, '00000000-0000-4000-8000-00000000000a', 'a1', 'one', '2026-11-01T10:00:00Z'),
          ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-00000000000a', 'Pet Owner', 'user', null, '00000000-0000-4000-8000-00000000000a', 'a2', 'two', '2026-11-01T10:01:00Z'),
          ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-00000000000c', 'Clinic Staff', 'employee', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000a', 'c1', 'reply', '2026-11-01T10:02:00Z'),
          ('00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-00000000000a', 'Pet Owner', 'user', null, '00000000-0000-4000-8000-00000000000a', 'a3', 'three', '2026-11-01T10:03:00Z'),
          ('00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-00000000000b', 'Second Customer', 'user', null, '00000000-0000-4000-8000-00000000000b', 'b1', 'hi', '2026-11-01T09:00:00Z'),
          ('00000000-0000-4000-8000-000000000006', '00000000-0000-4000-8000-00000000000c', 'Clinic Staff', 'employee', 'all', null, 'c2', 'news', '2026-11-01T11:00:00Z')`);
      await old.db.execute(sql`
        insert into chat_reads (customer_id, reader_id, last_read_at)
        values ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000c', '2026-11-01T10:01:30Z')`);
      await old.migrateRest();
      const conversations = rowsOf<{ customer_id: string; last_message_id: string; customer_messages: number }>(
        await old.db.execute(
          sql`select customer_id, last_message_id, customer_messages from chat_conversations order by last_message_at desc`,
        ),
      );
      expect(conversations).toEqual([
        {
          customer_id: '00000000-0000-4000-8000-00000000000a',
          last_message_id: '00000000-0000-4000-8000-000000000004',
          customer_messages: 3,
        },
        {
          customer_id: '00000000-0000-4000-8000-00000000000b',
          last_message_id: '00000000-0000-4000-8000-000000000005',
          customer_messages: 1,
        },
      ]);
      // The staff member read two of the first customer's messages: two messages in all are still unread.
      expect(await fromScratch(old.db, '00000000-0000-4000-8000-00000000000c')).toMatchObject([
        { unreadCount: 1 },
        { unreadCount: 1 },
      ]);
      await expectSummariesExact(old.db);
      const [badge] = rowsOf<{ n: number }>(
        await old.db.execute(sql`
          select (select sum(messages) from chat_customer_message_counts)::int
               - (select read_count from chat_reader_totals where reader_id = '00000000-0000-4000-8000-00000000000c')::int as n`),
      );
      expect(badge!.n).toBe(2);
    } finally {
      await old.close();
    }
  });
});
