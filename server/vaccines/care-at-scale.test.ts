import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER } from '#shared/common';
import { createTestApp, type TestContext } from '../test/app.ts';
import { readingsOf } from '../test/query-plans.ts';
import { SEEDED_VACCINE_IDS } from './seeded.ts';

/**
 * The clinic's due list and a pet's record read rows in proportion to what they answer, not to the pets and doses
 * behind them: over N pets with years of doses, the rows their statements touch are counted with EXPLAIN ANALYZE.
 */
const N = 3000;
const PAGE = 50;
const BOUND = N / 10;
/** The catalogue: a small table of fixed size, read whole when that is cheapest. */
const FIXED_SIZE = new Set(['vaccines']);

let t: TestContext;
let staff: string;
let owner: string;
let somePet: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await t.buildUser({ role: 'employee' })).token;
  const customer = await t.buildUser();
  owner = customer.token;
  const db = t.database.db;
  // Owners of 3 pets each (dogs and cats), every pet with 6 years of rabies and tick-and-flea doses.
  await db.execute(sql`
    insert into users (name, email, password_hash, phone, role)
    select 'Owner ' || i, 'owner' || i || '@example.com', 'x', '9876543210', 'user' from generate_series(1, ${N / 3}) i`);
  await db.execute(sql`
    insert into pets (owner_id, name, species)
    select u.id, 'Pet ' || u.name || ' ' || k, case when k = 1 then 'cat' else 'dog' end
      from users u cross join generate_series(1, 3) k where u.email like 'owner%@example.com'`);
  await db.execute(sql`
    insert into pets (owner_id, name, species) values (${customer.user.id}, 'Mine', 'dog')`);
  await db.execute(sql`alter table vaccinations disable trigger vaccinations_no_change`);
  await db.execute(sql`
    insert into vaccinations (pet_id, vaccine_id, vaccine_name, product, batch, expires_on, given_on, given_by_name,
                              dose_number, series_doses, next_due_on)
    select p.id, v.id, v.name, v.name, 'B' || y, current_date - (y * 365 - 100), current_date - (y * 365) - ((abs(hashtext(p.id::text)) % 330) - 30),
           'Vet', 7 - y, 1, current_date - (y * 365) - ((abs(hashtext(p.id::text)) % 330) - 30) + 365
      from pets p
      cross join (values (${SEEDED_VACCINE_IDS.rabies}::uuid, 'Rabies'), (${SEEDED_VACCINE_IDS.tickFlea}::uuid, 'Tick and flea treatment')) v(id, name)
      cross join generate_series(1, 6) y`);
  await db.execute(sql`alter table vaccinations enable trigger vaccinations_no_change`);
  // Each pet's due row per protocol, from its latest dose (as a dose's transaction keeps it).
  await db.execute(sql`
    insert into pet_care_due (pet_id, vaccine_id, owner_id, species, next_due_on, next_dose_number, last_given_on, last_dose_id)
    select distinct on (v.pet_id, v.vaccine_id) v.pet_id, v.vaccine_id, p.owner_id, p.species, v.next_due_on, 7, v.given_on, v.id
      from vaccinations v join pets p on p.id = v.pet_id
     order by v.pet_id, v.vaccine_id, v.given_on desc`);
  somePet = (await db.execute(sql`select id from pets where owner_id = ${customer.user.id}::uuid`)).rows[0]!
    .id as string;
  await db.execute(sql`analyze`);
}, 120_000);
afterAll(() => t.close());

async function reads(url: string, token: string) {
  let status = 0;
  let next: string | undefined;
  let length = 0;
  const readings = await readingsOf(t.database, async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: t.auth(token) });
    status = res.statusCode;
    length = res.json<unknown[]>().length;
    next = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
  });
  const rowsRead = readings
    .flatMap((r) => Object.entries(r.rowsRead))
    .reduce((n, [table, rows]) => (FIXED_SIZE.has(table) ? n : n + rows), 0);
  return { status, next, length, rowsRead, readings };
}

describe(`care over ${N} pets with six years of doses each reads about a page of rows`, () => {
  for (const [name, url] of [
    ['the overdue list', `/api/care/due?state=overdue&limit=${PAGE}`],
    [
      'the overdue list of one protocol',
      `/api/care/due?state=overdue&vaccineId=${SEEDED_VACCINE_IDS.rabies}&limit=${PAGE}`,
    ],
    ['the overdue list a month or more overdue', `/api/care/due?state=overdue&minDaysOverdue=30&limit=${PAGE}`],
    ['the due-soon list', `/api/care/due?state=due_soon&limit=${PAGE}`],
  ] as const) {
    it(`${name}, and its next page`, async () => {
      const first = await reads(url, staff);
      expect(first.status).toBe(200);
      expect(first.length).toBeGreaterThan(0);
      expect(first.rowsRead, JSON.stringify(first.readings, null, 1)).toBeLessThan(BOUND);
      if (first.next) {
        const second = await reads(`${url}&cursor=${first.next}`, staff);
        expect(second.status).toBe(200);
        expect(second.rowsRead, JSON.stringify(second.readings, null, 1)).toBeLessThan(BOUND);
      }
    });
  }

  it("a pet's doses and status", async () => {
    for (const url of [`/api/pets/${somePet}/vaccinations?limit=${PAGE}`, `/api/pets/${somePet}/care-status`]) {
      const r = await reads(url, owner);
      expect(r.status).toBe(200);
      expect(r.rowsRead, JSON.stringify(r.readings, null, 1)).toBeLessThan(BOUND);
    }
  });
});
