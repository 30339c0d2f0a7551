import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_KINDS } from '#shared/audit';
import { NEXT_CURSOR_HEADER } from '#shared/common';
import { addDays, todayIn } from '#shared/dates';
import { createTestApp, type TestContext } from '../test/app.ts';
import { readingsOf } from '../test/query-plans.ts';

/**
 * Every filter of the audit log, and the list of its people, reads about a page of entries through an index, not the
 * log: each is run over N entries and the rows its statements touch are counted with EXPLAIN ANALYZE.
 */
const N = 10_000;
const ACTORS = 20;
const PAGE = 50;
/**
 * A page of 50 is read as is, or by skipping the other kinds or people in an index that has the order (when the
 * planner finds that cheaper than the narrower index): a count that follows the page and the filter's share of the
 * log, never the log's size.
 */
const BOUND = N / 5;

let t: TestContext;
let admin: string;
let actorId: string;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.buildUser({ role: 'admin' })).token;
  today = todayIn(t.config.CLINIC_TZ);
  // N entries over the last 200 days, by ACTORS people, each person doing every kind in turn (whatever the number of
  // kinds, every person has entries of every kind).
  await t.database.db.execute(sql`
    insert into audit_log (at, actor_id, actor_name, actor_email, actor_role, kind, subject_type, subject_id, summary)
    select now() - make_interval(mins => i * 28), a.id, 'Staff ' || (i % ${ACTORS}), 'staff' || (i % ${ACTORS}) || '@example.com',
           'employee', (${sql.param([...AUDIT_KINDS])}::text[])[1 + (i / ${ACTORS}) % ${AUDIT_KINDS.length}], 'booking', null, 'Did a thing'
      from generate_series(1, ${N}) i
      cross join lateral (select ('00000000-0000-4000-8000-' || lpad((i % ${ACTORS})::text, 12, '0'))::uuid as id) a`);
  // Two people who left long ago: their entries are all in the log's oldest part.
  await t.database.db.execute(sql`
    insert into audit_log (at, actor_id, actor_name, actor_email, actor_role, kind, subject_type, subject_id, summary)
    select now() - make_interval(mins => ${N} * 28 + i), a.id, 'Former ' || a.no, 'former' || a.no || '@example.com',
           'employee', 'booking.confirmed', 'booking', null, 'Did a thing'
      from generate_series(1, 50) i
      cross join lateral (select 1 + i % 2 as no,
                                 ('00000000-0000-4000-9000-' || lpad((1 + i % 2)::text, 12, '0'))::uuid as id) a`);
  await t.database.db.execute(sql`analyze audit_log`);
  actorId = '00000000-0000-4000-8000-000000000007';
}, 120_000);
afterAll(() => t.close());

async function reads(url: string) {
  let status = 0;
  let body: unknown;
  let next: string | undefined;
  const readings = await readingsOf(t.database, async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: t.auth(admin) });
    status = res.statusCode;
    body = res.json();
    next = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
  });
  const log = readings.filter((r) => r.rowsRead.audit_log !== undefined);
  const rowsRead = log.reduce((n, r) => n + (r.rowsRead.audit_log ?? 0), 0);
  return { status, body, next, rowsRead, readings: log };
}

describe(`the audit log over ${N} entries reads about a page, through an index, for every filter`, () => {
  const weekAgo = () => addDays(today, -7);
  const cases: [string, () => string][] = [
    ['no filter', () => ''],
    ['a person', () => `&actorId=${actorId}`],
    ['a kind', () => '&kind=booking.confirmed'],
    ['days', () => `&from=${addDays(today, -120)}&to=${addDays(today, -100)}`],
    ['a person and a kind', () => `&actorId=${actorId}&kind=order.status_changed`],
    ['a person and days', () => `&actorId=${actorId}&from=${addDays(today, -150)}&to=${weekAgo()}`],
    ['a kind and days', () => `&kind=user.role_changed&from=${addDays(today, -150)}`],
    ['everything', () => `&actorId=${actorId}&kind=booking.canceled&from=${addDays(today, -190)}&to=${today}`],
  ];
  it.each(cases)('%s', async (_name, filter) => {
    const first = await reads(`/api/audit?limit=${PAGE}${filter()}`);
    expect(first.status).toBe(200);
    expect((first.body as unknown[]).length).toBeGreaterThan(0);
    const scans = first.readings.flatMap((r) => r.scans);
    // Every read of the log goes through one of its indexes (a bitmap heap scan is fed by an index scan).
    expect(
      scans.filter((s) => s.startsWith('Seq Scan')),
      JSON.stringify(first.readings, null, 1),
    ).toEqual([]);
    expect(first.rowsRead, JSON.stringify(first.readings, null, 1)).toBeLessThan(BOUND);
    if (first.next) {
      const second = await reads(`/api/audit?limit=${PAGE}${filter()}&cursor=${first.next}`);
      expect(second.status).toBe(200);
      expect(second.rowsRead, JSON.stringify(second.readings, null, 1)).toBeLessThan(BOUND);
    }
  });

  it('the people of the log', async () => {
    const { status, body, rowsRead, readings } = await reads('/api/audit/actors');
    expect(status).toBe(200);
    expect(body).toHaveLength(ACTORS + 2);
    expect(body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Former 1' }),
        expect.objectContaining({ name: 'Former 2' }),
      ]),
    );
    // One probe per person, not a read of every entry (nor of the log down to the entries of people who left).
    expect(rowsRead, JSON.stringify(readings, null, 1)).toBeLessThan((ACTORS + 2) * 4);
  });
});
