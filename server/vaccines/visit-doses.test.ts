import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StaffBookingSchema } from '#shared/bookings';
import { addDays, todayIn, zonedDateTime } from '#shared/dates';
import { PetSchema } from '#shared/pets';
import { CareStatusItemSchema, DoseSchema, VACCINE_MSG, VISIT_DOSES_MAX, type VisitDoseInput } from '#shared/vaccines';
import { rowsOf } from '../db/client.ts';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';
import { json as jsonOf } from '../test/json.ts';
import { SEEDED_VACCINE_IDS } from './seeded.ts';

/*
 * "Complete visit" records the doses given at the visit with its outcome, in one transaction: each dose carries the
 * booking and the visit's day, and a dose refused leaves the visit, and every other dose, unrecorded.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestContext['buildUser']>>;

function json<T>(res: { statusCode: number; body: string; json(): unknown }, schema: z.ZodType<T, T>, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return jsonOf(res, schema);
}

async function setting() {
  const owner = await t.buildUser();
  const vet = await t.buildUser({ role: 'employee', name: 'Dr Meera Rao' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/pets',
    headers: t.auth(owner.token),
    payload: { name: 'Biscuit', species: 'dog' },
  });
  const pet = json(res, PetSchema, 201);
  // A confirmed checkup that began an hour ago (written directly: the day may have no bookable time left).
  const [booking] = rowsOf<{ id: string; starts_at: Date | string }>(
    await t.database.db.execute(sql`
      insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes,
                                 pet_name, pet_id, owner_name, phone, status, service_id)
      values (${owner.user.id}, ${owner.user.name}, ${owner.user.email}, 'today', now() - interval '1 hour',
              now() - interval '30 minutes', 30, 'Biscuit', ${pet.id}, ${owner.user.name}, '9876543210', 'confirmed',
              ${SEEDED_OFFERING_IDS.checkup})
      returning id, starts_at`),
  );
  const visitDay = zonedDateTime(new Date(booking!.starts_at), t.config.CLINIC_TZ).date;
  return { owner, vet, pet, bookingId: booking!.id, visitDay };
}

const complete = (who: Person, bookingId: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/slots/${bookingId}/complete`, headers: t.auth(who.token), payload });
const get = (who: Person, url: string) => t.app.inject({ method: 'GET', url, headers: t.auth(who.token) });

const dhppi = (over: Partial<VisitDoseInput> = {}): VisitDoseInput => ({
  vaccineId: SEEDED_VACCINE_IDS.dhppi,
  batch: 'A123B',
  expiresOn: addDays(todayIn(t.config.CLINIC_TZ), 300),
  manufacturer: 'MSD Animal Health',
  ...over,
});

async function bookingStatus(id: string) {
  const [row] = rowsOf<{ status: string }>(
    await t.database.db.execute(sql`select status from slot_bookings where id = ${id}::uuid`),
  );
  return row?.status;
}

describe('doses given at a visit', () => {
  it('are recorded with the visit: each with the booking and the visit day, dose 2 due from the protocol', async () => {
    const { owner, vet, pet, bookingId, visitDay } = await setting();
    const done = json(
      await complete(vet, bookingId, {
        findings: 'Healthy puppy',
        weightKg: 4.2,
        doses: [dhppi(), { vaccineId: SEEDED_VACCINE_IDS.deworming, batch: 'DW-7', expiresOn: addDays(visitDay, 90) }],
      }),
      StaffBookingSchema,
    );
    expect(done).toMatchObject({ status: 'completed', visit: { findings: 'Healthy puppy', weightKg: 4.2 } });

    // The owner reads both doses on the pet's record, each pointing at the visit.
    const doses = json(await get(owner, `/api/pets/${pet.id}/vaccinations`), z.array(DoseSchema));
    expect(doses).toHaveLength(2);
    for (const d of doses) expect(d).toMatchObject({ bookingId, givenOn: visitDay, givenByName: 'Dr Meera Rao' });
    const puppyDose = doses.find((d) => d.vaccineId === SEEDED_VACCINE_IDS.dhppi)!;
    expect(puppyDose).toMatchObject({ batch: 'A123B', manufacturer: 'MSD Animal Health', doseNumber: 1 });
    expect(puppyDose.nextDueOn).toBe(addDays(visitDay, 21));
    const status = json(await get(owner, `/api/pets/${pet.id}/care-status`), z.array(CareStatusItemSchema));
    expect(status.find((s) => s.vaccineId === SEEDED_VACCINE_IDS.dhppi)?.nextDueOn).toBe(addDays(visitDay, 21));
  });

  it('a body without doses completes the visit as before', async () => {
    const { owner, vet, pet, bookingId } = await setting();
    json(await complete(vet, bookingId, { findings: 'Seen' }), StaffBookingSchema);
    expect(json(await get(owner, `/api/pets/${pet.id}/vaccinations`), z.array(DoseSchema))).toEqual([]);
  });

  it('an expired batch is refused with its reason beside that dose, and nothing of the visit is recorded', async () => {
    const { owner, vet, pet, bookingId, visitDay } = await setting();
    const expired = addDays(visitDay, -1);
    const res = await complete(vet, bookingId, {
      findings: 'Healthy puppy',
      doses: [dhppi(), dhppi({ vaccineId: SEEDED_VACCINE_IDS.rabies, batch: 'R-9', expiresOn: expired })],
    });
    expectError(res, 400, 'VALIDATION', VACCINE_MSG.batchExpired('R-9', expired, visitDay));
    expect(res.json<{ details: { path: string }[] }>().details[0]!.path).toBe('doses.1.expiresOn');
    expect(await bookingStatus(bookingId)).toBe('confirmed');
    expect(json(await get(owner, `/api/pets/${pet.id}/vaccinations`), z.array(DoseSchema))).toEqual([]);
    // Once the batch is put right, the visit and both doses are recorded.
    json(
      await complete(vet, bookingId, { doses: [dhppi(), dhppi({ vaccineId: SEEDED_VACCINE_IDS.rabies })] }),
      StaffBookingSchema,
    );
    expect(json(await get(owner, `/api/pets/${pet.id}/vaccinations`), z.array(DoseSchema))).toHaveLength(2);
  });

  it('a dose refused inside the transaction (a cat vaccine for a dog) rolls back the visit and the doses before it', async () => {
    const { owner, vet, pet, bookingId } = await setting();
    const res = await complete(vet, bookingId, {
      findings: 'Healthy puppy',
      doses: [dhppi(), dhppi({ vaccineId: SEEDED_VACCINE_IDS.fvrcp })],
    });
    expectError(res, 400, 'VALIDATION');
    expect(res.json<{ details: { path: string }[] }>().details[0]!.path).toBe('doses.1.vaccineId');
    expect(await bookingStatus(bookingId)).toBe('confirmed');
    expect(json(await get(owner, `/api/pets/${pet.id}/vaccinations`), z.array(DoseSchema))).toEqual([]);
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from visits where booking_id = ${bookingId}::uuid`),
    );
    expect(Number(n)).toBe(0);
  });

  it('refuses more doses than a visit takes, a customer sending doses, and a malformed dose', async () => {
    const { owner, vet, bookingId } = await setting();
    const many = Array.from({ length: VISIT_DOSES_MAX + 1 }, () => dhppi());
    expectError(await complete(vet, bookingId, { doses: many }), 400);
    expectError(await complete(vet, bookingId, { doses: [{ vaccineId: 'nope', batch: '' }] }), 400);
    expectError(await complete(owner, bookingId, { doses: [dhppi()] }), 403);
    expect(await bookingStatus(bookingId)).toBe('confirmed');
  });
});
