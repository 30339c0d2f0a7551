import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AvailabilitySchema, CalendarSchema } from '#shared/availability';
import { addDays, todayIn } from '#shared/dates';
import { createTestApp, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import { countQueries } from '../test/queries.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The statements `n` identical requests sent at once cost the database, and their answers. */
async function costOf(n: number, url: string, token: string) {
  const queries = countQueries(t.database.db);
  try {
    const answers = await Promise.all(
      Array.from({ length: n }, () => t.app.inject({ method: 'GET', url, headers: t.auth(token) })),
    );
    return { statements: queries.count, answers };
  } finally {
    queries.restore();
  }
}

describe('the calendar and a day’s times, asked for many times at once', () => {
  it('give every caller the same answer as one request alone', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const month = addDays(todayIn(t.config.CLINIC_TZ), 1).slice(0, 7);
    const day = addDays(todayIn(t.config.CLINIC_TZ), 1);
    type Answer = Parameters<typeof json>[0];
    const reads: [string, (a: Answer) => unknown][] = [
      [`/api/slots/calendar?month=${month}`, (a) => json(a, CalendarSchema)],
      [`/api/slots/availability?date=${day}`, (a) => json(a, AvailabilitySchema)],
    ];
    for (const [url, parse] of reads) {
      const one = await costOf(1, url, customer.token);
      const eight = await costOf(8, url, customer.token);
      const bodies = eight.answers.map((a) => JSON.stringify(parse(a)));
      expect(new Set(bodies).size).toBe(1);
      expect(bodies[0]).toBe(JSON.stringify(parse(one.answers[0]!)));
    }
  });

  it('answers a request made after the first settled afresh (nothing is kept)', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const day = addDays(todayIn(t.config.CLINIC_TZ), 2);
    const url = `/api/slots/availability?date=${day}`;
    const first = await costOf(1, url, customer.token);
    const later = await costOf(1, url, customer.token);
    expect(later.statements).toBe(first.statements);
    expect(later.statements).toBeGreaterThan(0);
  });
});
