import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuditEntrySchema } from '#shared/audit';
import { addDays, todayIn, zonedTimeToUtc } from '#shared/dates';
import { PetSchema } from '#shared/pets';
import {
  CareDueItemSchema,
  CareStatusBatchSchema,
  CareStatusItemSchema,
  DoseCreateSchema,
  DoseSchema,
  VACCINE_MSG,
  VaccineSchema,
  type DoseCreateInput,
} from '#shared/vaccines';
import { rowsOf } from '../db/client.ts';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';
import { createTestApp, expectError, walkPages, type TestContext } from '../test/app.ts';
import { json as jsonOf } from '../test/json.ts';
import { careDueList, careStatusOfPet } from './status.ts';
import { recordDose } from './doses.ts';
import { SEEDED_VACCINE_IDS } from './seeded.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The answer's JSON checked against its schema, after its status (200 unless told). */
function json<T>(res: { statusCode: number; body: string; json(): unknown }, schema: z.ZodType<T, T>, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return jsonOf(res, schema);
}

type Person = Awaited<ReturnType<TestContext['buildUser']>>;
const today = () => todayIn(t.config.CLINIC_TZ);

async function petOf(owner: Person, species = 'dog', name = 'Bruno') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/pets',
    headers: t.auth(owner.token),
    payload: { name, species },
  });
  return json(res, PetSchema, 201);
}

const dose = (over: Partial<DoseCreateInput> = {}): DoseCreateInput => ({
  vaccineId: SEEDED_VACCINE_IDS.dhppi,
  givenOn: today(),
  batch: 'A1234',
  expiresOn: addDays(today(), 200),
  manufacturer: 'MSD Animal Health',
  ...over,
});

const post = (who: Person | undefined, petId: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/pets/${petId}/vaccinations`,
    headers: who ? t.auth(who.token) : {},
    payload: payload as object,
  });
const get = (who: Person | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? t.auth(who.token) : {} });

describe('the catalogue', () => {
  it('is seeded with the usual clinic set, each with species and protocol, for everyone signed in', async () => {
    const customer = await t.buildUser();
    const list = json(await get(customer, '/api/vaccines'), z.array(VaccineSchema));
    expect(list.map((v) => v.name)).toEqual(
      expect.arrayContaining(['Rabies', 'Kennel cough (Bordetella)', 'Feline leukaemia (FeLV)', 'Deworming']),
    );
    expect(list.find((v) => v.id === SEEDED_VACCINE_IDS.dhppi)).toMatchObject({
      species: ['dog'],
      kind: 'vaccine',
      seriesDoses: 3,
      seriesIntervalDays: 21,
      boosterIntervalDays: 365,
      active: true,
    });
    expect(list.find((v) => v.id === SEEDED_VACCINE_IDS.tickFlea)).toMatchObject({ kind: 'parasite' });
    expect((await get(undefined, '/api/vaccines')).statusCode).toBe(401);
  });

  it('admins add, change and retire entries, each in the audit log; others may not', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const staff = await t.buildUser({ role: 'employee' });
    const customer = await t.buildUser();
    const body = {
      name: 'Leptospirosis',
      species: ['dog'],
      kind: 'vaccine',
      seriesDoses: 2,
      seriesIntervalDays: 28,
      boosterIntervalDays: 365,
    };
    for (const who of [staff, customer]) {
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/vaccines', headers: t.auth(who.token), payload: body }))
          .statusCode,
      ).toBe(403);
    }
    const created = json(
      await t.app.inject({ method: 'POST', url: '/api/vaccines', headers: t.auth(admin.token), payload: body }),
      VaccineSchema,
      201,
    );
    expect(created).toMatchObject({ ...body, active: true });
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/vaccines',
        headers: t.auth(admin.token),
        payload: { ...body, name: 'LEPTOSPIROSIS' },
      }),
      409,
      'CONFLICT',
      VACCINE_MSG.nameTaken,
    );
    const put = (payload: object, who = admin) =>
      t.app.inject({ method: 'PUT', url: `/api/vaccines/${created.id}`, headers: t.auth(who.token), payload });
    expect((await put({ active: false }, staff)).statusCode).toBe(403);
    expect(json(await put({ boosterIntervalDays: 180, active: false }), VaccineSchema)).toMatchObject({
      boosterIntervalDays: 180,
      active: false,
    });
    expectError(await put({ seriesIntervalDays: 0 }), 400, 'VALIDATION', VACCINE_MSG.seriesIntervalNeeded);
    expect(json(await get(customer, '/api/vaccines'), z.array(VaccineSchema)).some((v) => v.id === created.id)).toBe(
      false,
    );
    expect(
      json(await get(admin, '/api/vaccines?all=true'), z.array(VaccineSchema)).some((v) => v.id === created.id),
    ).toBe(true);
    expect((await get(staff, '/api/vaccines?all=true')).statusCode).toBe(403);
    const audit = json(await get(admin, '/api/audit?kind=vaccine.updated'), z.array(AuditEntrySchema));
    expect(audit[0]).toMatchObject({ subjectId: created.id, after: { boosterIntervalDays: 180, active: false } });
  });

  it('refuses hostile or malformed entries with a 400 naming the field', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const base = { name: 'X', species: ['dog'], kind: 'vaccine', seriesDoses: 1, boosterIntervalDays: 365 };
    for (const payload of [
      { ...base, name: 'a\u0000b' },
      { ...base, name: 'x'.repeat(500) },
      { ...base, species: 'dog' },
      { ...base, species: ['dog', 'unicorn'] },
      { ...base, kind: 'magic' },
      { ...base, seriesDoses: 0 },
      { ...base, seriesDoses: 1.5 },
      { ...base, boosterIntervalDays: 0 },
      { ...base, boosterIntervalDays: 1e9 },
      { ...base, seriesDoses: '3' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/vaccines', headers: t.auth(admin.token), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/vaccines/not-an-id',
          headers: t.auth(admin.token),
          payload: { active: true },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('recording doses', () => {
  it('staff record dose 1 of a puppy series: the next dose is due by the protocol, the owner sees it', async () => {
    const owner = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee', name: 'Dr Meera Iyer' });
    const pet = await petOf(owner);
    const res = await post(vet, pet.id, dose({ site: 'right shoulder', product: 'Nobivac DHPPi' }));
    const recorded = json(res, DoseSchema, 201);
    expect(recorded).toMatchObject({
      petId: pet.id,
      vaccineName: 'DHPPi (distemper, hepatitis, parvovirus, parainfluenza)',
      product: 'Nobivac DHPPi',
      manufacturer: 'MSD Animal Health',
      batch: 'A1234',
      site: 'right shoulder',
      givenByName: 'Dr Meera Iyer',
      givenById: vet.user.id,
      doseNumber: 1,
      seriesDoses: 3,
      nextDueOn: addDays(today(), 21),
      nextDueReason: null,
      correctsId: null,
    });
    const status = json(await get(owner, `/api/pets/${pet.id}/care-status`), z.array(CareStatusItemSchema));
    expect(status.find((s) => s.vaccineId === SEEDED_VACCINE_IDS.dhppi)).toMatchObject({
      state: 'up_to_date',
      nextDueOn: addDays(today(), 21),
      nextDoseNumber: 2,
      seriesDoses: 3,
      lastGivenOn: today(),
    });
    // Every other protocol for dogs is listed as not started; cats' are not listed.
    expect(status.find((s) => s.vaccineId === SEEDED_VACCINE_IDS.rabies)).toMatchObject({ state: 'not_started' });
    expect(status.some((s) => s.vaccineId === SEEDED_VACCINE_IDS.fvrcp)).toBe(false);
    const doses = json(await get(owner, `/api/pets/${pet.id}/vaccinations`), z.array(DoseSchema));
    expect(doses.map((d) => d.id)).toEqual([recorded.id]);
  });

  it('the second and third doses follow the series, then a yearly booster', async () => {
    const owner = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee' });
    const pet = await petOf(owner);
    const first = addDays(today(), -50);
    const d1 = json(await post(vet, pet.id, dose({ givenOn: first })), DoseSchema, 201);
    const d2 = json(await post(vet, pet.id, dose({ givenOn: d1.nextDueOn! })), DoseSchema, 201);
    expect(d2).toMatchObject({ doseNumber: 2, nextDueOn: addDays(first, 42) });
    const d3 = json(await post(vet, pet.id, dose({ givenOn: d2.nextDueOn! })), DoseSchema, 201);
    expect(d3).toMatchObject({ doseNumber: 3, nextDueOn: addDays(first, 42 + 365) });
  });

  it('takes another next due date only with a reason', async () => {
    const owner = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee' });
    const pet = await petOf(owner);
    const other = addDays(today(), 30);
    expectError(
      await post(vet, pet.id, dose({ nextDueOn: other })),
      400,
      'VALIDATION',
      VACCINE_MSG.nextDueReasonRequired,
    );
    const ok = json(
      await post(vet, pet.id, dose({ nextDueOn: other, nextDueReason: 'Recovering from illness, wait longer' })),
      DoseSchema,
      201,
    );
    expect(ok).toMatchObject({ nextDueOn: other, nextDueReason: 'Recovering from illness, wait longer' });
    expectError(
      await post(vet, pet.id, dose({ nextDueOn: today(), nextDueReason: 'x' })),
      400,
      'VALIDATION',
      VACCINE_MSG.nextDueBeforeGiven,
    );
  });

  it('refuses a batch that had expired on the day given, with a clear message', async () => {
    const owner = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee' });
    const pet = await petOf(owner);
    const res = await post(vet, pet.id, dose({ batch: 'OLD-77', expiresOn: addDays(today(), -1) }));
    expectError(res, 400, 'VALIDATION', VACCINE_MSG.batchExpired('OLD-77', addDays(today(), -1), today()));
    expect(res.json<{ error: string }>().error).toMatch(/^Batch OLD-77 expired on /);
    // A batch that expires on the day itself is still good that day.
    expect((await post(vet, pet.id, dose({ expiresOn: today() }))).statusCode).toBe(201);
    expect(json(await get(owner, `/api/pets/${pet.id}/vaccinations`), z.array(DoseSchema))).toHaveLength(1);
  });

  it('refuses a dose in the future, a vaccine not given to the species, a retired one, and an archived pet', async () => {
    const owner = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee' });
    const admin = await t.buildUser({ role: 'admin' });
    const pet = await petOf(owner);
    expectError(
      await post(vet, pet.id, dose({ givenOn: addDays(today(), 1) })),
      400,
      'VALIDATION',
      VACCINE_MSG.givenInFuture,
    );
    expectError(
      await post(vet, pet.id, dose({ vaccineId: SEEDED_VACCINE_IDS.fvrcp })),
      400,
      'VALIDATION',
      /is not given to a dog/,
    );
    expectError(
      await post(vet, pet.id, dose({ vaccineId: '00000000-0000-4000-8000-000000000000' })),
      400,
      'VALIDATION',
      VACCINE_MSG.notFound,
    );
    const retired = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/vaccines',
        headers: t.auth(admin.token),
        payload: {
          name: 'Old parvo',
          species: ['dog'],
          kind: 'vaccine',
          seriesDoses: 1,
          boosterIntervalDays: 365,
          active: false,
        },
      }),
      VaccineSchema,
      201,
    );
    expectError(await post(vet, pet.id, dose({ vaccineId: retired.id })), 400, 'VALIDATION', VACCINE_MSG.inactive);
    await t.app.inject({ method: 'DELETE', url: `/api/pets/${pet.id}`, headers: t.auth(owner.token) });
    expectError(await post(vet, pet.id, dose()), 409, 'CONFLICT', VACCINE_MSG.archived);
  });

  it("links a dose to the pet's own visit only", async () => {
    const owner = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee' });
    const pet = await petOf(owner);
    const otherPet = await petOf(owner, 'dog', 'Rex');
    const [booking] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes,
                                   pet_name, pet_id, owner_name, phone, status, service_id)
        values (${owner.user.id}, ${owner.user.name}, ${owner.user.email}, 'today', now() - interval '1 hour',
                now() - interval '30 minutes', 30, 'Bruno', ${pet.id}, ${owner.user.name}, '9876543210', 'confirmed',
                ${SEEDED_OFFERING_IDS.checkup})
        returning id`),
    );
    expectError(
      await post(vet, otherPet.id, dose({ bookingId: booking!.id })),
      400,
      'VALIDATION',
      VACCINE_MSG.bookingMismatch,
    );
    expect(json(await post(vet, pet.id, dose({ bookingId: booking!.id })), DoseSchema, 201).bookingId).toBe(
      booking!.id,
    );
  });

  it('a correction is a new entry pointing at the old one; both stay, the correction counts, and the log says who', async () => {
    const owner = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee', name: 'Dr Arjun Rao' });
    const admin = await t.buildUser({ role: 'admin' });
    const pet = await petOf(owner);
    const wrong = json(
      await post(vet, pet.id, dose({ batch: 'TYPO1', givenOn: addDays(today(), -3) })),
      DoseSchema,
      201,
    );
    const fixed = json(
      await post(vet, pet.id, dose({ batch: 'TYP01', givenOn: addDays(today(), -2), correctsId: wrong.id })),
      DoseSchema,
      201,
    );
    expect(fixed).toMatchObject({ correctsId: wrong.id, doseNumber: 1, nextDueOn: addDays(today(), 19) });
    const doses = json(await get(owner, `/api/pets/${pet.id}/vaccinations`), z.array(DoseSchema));
    expect(doses.map((d) => [d.id, d.batch, d.correctedById])).toEqual([
      [fixed.id, 'TYP01', null],
      [wrong.id, 'TYPO1', fixed.id],
    ]);
    // The status follows the correction, not the corrected entry.
    const [status] = json(await get(owner, `/api/pets/${pet.id}/care-status`), z.array(CareStatusItemSchema)).filter(
      (s) => s.vaccineId === SEEDED_VACCINE_IDS.dhppi,
    );
    expect(status).toMatchObject({
      nextDueOn: addDays(today(), 19),
      nextDoseNumber: 2,
      lastGivenOn: addDays(today(), -2),
    });
    // An entry is corrected once; the next correction corrects the correction.
    expectError(await post(vet, pet.id, dose({ correctsId: wrong.id })), 409, 'CONFLICT', VACCINE_MSG.alreadyCorrected);
    const otherPet = await petOf(owner, 'dog', 'Rex');
    expectError(
      await post(vet, otherPet.id, dose({ correctsId: fixed.id })),
      400,
      'VALIDATION',
      VACCINE_MSG.correctsUnknown,
    );
    // Nothing is overwritten or deleted, whatever the path.
    await expect(
      t.database.db.execute(sql`update vaccinations set batch = 'X' where id = ${wrong.id}`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from vaccinations where id = ${wrong.id}`)).rejects.toThrow();
    const audit = json(await get(admin, '/api/audit?kind=vaccination.corrected'), z.array(AuditEntrySchema));
    expect(audit.find((a) => a.subjectId === pet.id)).toMatchObject({
      actor: { name: 'Dr Arjun Rao' },
      before: { id: wrong.id, batch: 'TYPO1' },
      after: { id: fixed.id, batch: 'TYP01' },
    });
  });

  it('a correction to another vaccine moves the status of both', async () => {
    const owner = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee' });
    const pet = await petOf(owner);
    const wrong = json(await post(vet, pet.id, dose({ vaccineId: SEEDED_VACCINE_IDS.corona })), DoseSchema, 201);
    await post(vet, pet.id, dose({ vaccineId: SEEDED_VACCINE_IDS.kennelCough, correctsId: wrong.id }));
    const status = json(await get(owner, `/api/pets/${pet.id}/care-status`), z.array(CareStatusItemSchema));
    expect(status.find((s) => s.vaccineId === SEEDED_VACCINE_IDS.corona)).toMatchObject({
      state: 'not_started',
      nextDueOn: null,
    });
    expect(status.find((s) => s.vaccineId === SEEDED_VACCINE_IDS.kennelCough)).toMatchObject({
      nextDueOn: addDays(today(), 365),
    });
  });

  it("deleting the owner's account takes the pet's record with it (the only deletion there is)", async () => {
    const owner = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee' });
    const admin = await t.buildUser({ role: 'admin' });
    const pet = await petOf(owner);
    const first = json(await post(vet, pet.id, dose()), DoseSchema, 201);
    await post(vet, pet.id, dose({ correctsId: first.id, batch: 'B2' }));
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${owner.user.id}`,
      headers: t.auth(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const left = rowsOf<{ n: number | string }>(
      await t.database.db.execute(sql`select count(*) as n from vaccinations where pet_id = ${pet.id}`),
    );
    expect(Number(left[0]!.n)).toBe(0);
  });

  it('caps the entries of one pet in a day', async () => {
    const owner = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee' });
    const pet = await petOf(owner);
    await t.database.db.execute(sql`
      insert into vaccinations (pet_id, vaccine_id, vaccine_name, product, batch, expires_on, given_on, given_by_name,
                                dose_number, series_doses, next_due_on)
      select ${pet.id}, ${SEEDED_VACCINE_IDS.deworming}, 'Deworming', 'Deworming', 'B' || g, current_date + 30,
             current_date - 10, 'Vet', 1, 3, current_date + 4
        from generate_series(1, 30) g`);
    expectError(await post(vet, pet.id, dose()), 429, 'RATE_LIMITED', VACCINE_MSG.tooManyToday);
  });

  it('refuses hostile input with a 4xx, never a 500', async () => {
    const owner = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee' });
    const pet = await petOf(owner);
    for (const payload of [
      {},
      dose({ vaccineId: 'rabies' }),
      dose({ givenOn: '2026-02-30' }),
      dose({ givenOn: '1900-01-01' }),
      dose({ expiresOn: 'soon' }),
      dose({ batch: '' }),
      dose({ batch: 'x'.repeat(1000) }),
      dose({ batch: 'A\u0007B' }),
      dose({ manufacturer: '\ud800' }),
      dose({ correctsId: "1' or 1=1 --" }),
      dose({ bookingId: 42 as unknown as string }),
      [dose()],
    ]) {
      const res = await post(vet, pet.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    expect((await post(vet, 'nope', dose())).statusCode).toBe(404);
    expect((await post(vet, '00000000-0000-4000-8000-000000000000', dose())).statusCode).toBe(404);
    const bad = await get(owner, `/api/pets/${pet.id}/vaccinations?cursor=${'A'.repeat(40)}`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('who may do what', () => {
  it('owners read their own pet only; customers never record; anonymous callers are turned away', async () => {
    const owner = await t.buildUser();
    const stranger = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee' });
    const admin = await t.buildUser({ role: 'admin' });
    const pet = await petOf(owner);
    json(await post(vet, pet.id, dose()), DoseSchema, 201);
    json(await post(admin, pet.id, dose({ vaccineId: SEEDED_VACCINE_IDS.rabies })), DoseSchema, 201);
    expect((await post(owner, pet.id, dose())).statusCode).toBe(403);
    expect((await post(stranger, pet.id, dose())).statusCode).toBe(403);
    expect((await post(undefined, pet.id, dose())).statusCode).toBe(401);
    for (const path of ['vaccinations', 'care-status']) {
      const url = `/api/pets/${pet.id}/${path}`;
      expect((await get(owner, url)).statusCode).toBe(200);
      expect((await get(vet, url)).statusCode).toBe(200);
      expect((await get(admin, url)).statusCode).toBe(200);
      expect((await get(stranger, url)).statusCode).toBe(404);
      expect((await get(undefined, url)).statusCode).toBe(401);
    }
    for (const url of ['/api/care/due?state=overdue', `/api/care/status?petIds=${pet.id}`]) {
      expect((await get(vet, url)).statusCode).toBe(200);
      expect((await get(admin, url)).statusCode).toBe(200);
      expect((await get(owner, url)).statusCode).toBe(403);
      expect((await get(undefined, url)).statusCode).toBe(401);
    }
  });
});

describe('status over time and the due list', () => {
  it('a dose moves from up to date to due soon to overdue as the clinic days pass', async () => {
    const owner = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee' });
    const pet = await petOf(owner, 'cat', 'Mishti');
    const given = today();
    await post(vet, pet.id, dose({ vaccineId: SEEDED_VACCINE_IDS.tickFlea, givenOn: given }));
    const due = addDays(given, 30);
    const at = (date: string, time: string) => zonedTimeToUtc(date, time, t.config.CLINIC_TZ);
    const stateOn = async (now: Date) =>
      (await careStatusOfPet({ db: t.database.db, config: t.config }, pet.id, now)).find(
        (s) => s.vaccineId === SEEDED_VACCINE_IDS.tickFlea,
      )!.state;
    const window = t.config.REMINDER_DAYS_BEFORE;
    expect(await stateOn(at(addDays(due, -window - 1), '23:59'))).toBe('up_to_date');
    expect(await stateOn(at(addDays(due, -window), '00:00'))).toBe('due_soon');
    expect(await stateOn(at(due, '23:59'))).toBe('due_soon');
    expect(await stateOn(at(addDays(due, 1), '00:00'))).toBe('overdue');
  });

  it('lists overdue and due-soon pets by due date, filtered, page by page, without archived pets', async () => {
    const owner = await t.buildUser({ name: 'Kavya Menon' });
    const vet = await t.buildUser({ role: 'employee' });
    const names = ['Tiger', 'Simba', 'Leo', 'Oreo'];
    const dogs = [];
    for (const name of names) dogs.push(await petOf(owner, 'dog', name));
    const cat = await petOf(owner, 'cat', 'Pixel');
    // Tick and flea every 30 days: given 40, 38, 36 and 34 days ago -> 10, 8, 6 and 4 days overdue.
    for (const [i, d] of dogs.entries()) {
      await post(vet, d.id, dose({ vaccineId: SEEDED_VACCINE_IDS.tickFlea, givenOn: addDays(today(), -40 + 2 * i) }));
    }
    await post(vet, cat.id, dose({ vaccineId: SEEDED_VACCINE_IDS.tickFlea, givenOn: addDays(today(), -27) }));
    const list = async (query: string) =>
      json(await get(vet, `/api/care/due?${query}`), z.array(CareDueItemSchema)).filter(
        (r) => r.ownerId === owner.user.id,
      );
    const overdue = await list('state=overdue&limit=200');
    expect(overdue.map((r) => [r.petName, r.nextDueOn])).toEqual(
      names.map((n, i) => [n, addDays(today(), -10 + 2 * i)]),
    );
    expect(overdue[0]).toMatchObject({
      ownerName: 'Kavya Menon',
      species: 'dog',
      vaccineName: 'Tick and flea treatment',
      state: 'overdue',
    });
    expect((await list('state=overdue&minDaysOverdue=7&limit=200')).map((r) => r.petName)).toEqual(['Tiger', 'Simba']);
    expect((await list('state=due_soon&limit=200')).map((r) => r.petName)).toEqual(['Pixel']);
    expect(await list('state=overdue&species=cat&limit=200')).toEqual([]);
    expect(await list(`state=overdue&vaccineId=${SEEDED_VACCINE_IDS.rabies}&limit=200`)).toEqual([]);
    // Page by page: every row once, in order.
    const { items } = await walkPages<z.infer<typeof CareDueItemSchema>>(
      (cursor) => get(vet, `/api/care/due?state=overdue&limit=2${cursor ? `&cursor=${cursor}` : ''}`),
      { limit: 2 },
    );
    expect(items.filter((r) => r.ownerId === owner.user.id).map((r) => r.petName)).toEqual(names);
    // An archived pet leaves the list.
    await t.app.inject({ method: 'DELETE', url: `/api/pets/${dogs[0]!.id}`, headers: t.auth(owner.token) });
    expect((await list('state=overdue&limit=200')).map((r) => r.petName)).toEqual(['Simba', 'Leo', 'Oreo']);
    // A dose given takes the pet off.
    await post(vet, dogs[1]!.id, dose({ vaccineId: SEEDED_VACCINE_IDS.tickFlea }));
    expect((await list('state=overdue&limit=200')).map((r) => r.petName)).toEqual(['Leo', 'Oreo']);
    // With an injected clock, a month on, the cat is overdue too.
    const later = await careDueList(
      { db: t.database.db, config: t.config },
      { state: 'overdue', limit: 200 },
      zonedTimeToUtc(addDays(today(), 30), '12:00', t.config.CLINIC_TZ),
    );
    expect(later.items.filter((r) => r.ownerId === owner.user.id).map((r) => r.petName)).toContain('Pixel');
    for (const q of [
      'state=late',
      'minDaysOverdue=-1',
      'species=dragon',
      'vaccineId=x',
      'cursor=%%%',
      'cursor=abc',
      'limit=0',
    ]) {
      expect((await get(vet, `/api/care/due?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('answers the agenda the status of the pets it shows, at most 100 at a time', async () => {
    const owner = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee' });
    const a = await petOf(owner, 'dog', 'A');
    const b = await petOf(owner, 'cat', 'B');
    await post(vet, a.id, dose({ vaccineId: SEEDED_VACCINE_IDS.rabies, givenOn: addDays(today(), -400) }));
    const batch = json(await get(vet, `/api/care/status?petIds=${a.id},${b.id},${a.id}`), CareStatusBatchSchema);
    expect(batch.map((p) => p.petId).sort()).toEqual([a.id, b.id].sort());
    expect(batch.find((p) => p.petId === a.id)!.items[0]).toMatchObject({ vaccineName: 'Rabies', state: 'overdue' });
    const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect((await get(vet, `/api/care/status?petIds=${many.join(',')}`)).statusCode).toBe(400);
    expect((await get(vet, '/api/care/status?petIds=')).statusCode).toBe(400);
  });

  it('recording a dose directly with an injected clock keeps "today" on the clinic\'s calendar', async () => {
    const owner = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee' });
    const pet = await petOf(owner);
    // 20:00 UTC on the 30th is already the 1st in Kolkata: a dose given "on the 1st" is not in the future.
    const now = new Date('2030-04-30T20:00:00Z');
    const { dose: d } = await recordDose(
      { db: t.database.db, config: t.config },
      { ...vet.user },
      pet.id,
      DoseCreateSchema.parse(dose({ givenOn: '2030-05-01', expiresOn: '2030-12-31' })),
      now,
    );
    expect(d).toMatchObject({ givenOn: '2030-05-01', nextDueOn: '2030-05-22' });
  });
});
