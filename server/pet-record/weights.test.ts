import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addDays, todayIn } from '#shared/dates';
import { WeightEntrySchema, type WeightEntry } from '#shared/pet-record';
import { PetSchema, type Pet } from '#shared/pets';
import { createTestApp, type TestContext } from '../test/app.ts';
import { errorOf, json } from '../test/json.ts';
import { addPet, as, MISSING_ID, pastVisit, type Person } from '../test/pet-record.ts';

let t: TestContext;
let owner: Person;
let stranger: Person;
let employee: Person;
let pet: Pet;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  [owner, stranger, employee] = await Promise.all([
    t.buildUser({ name: 'Asha Rao' }),
    t.buildUser(),
    t.buildUser({ role: 'employee', name: 'Dr. Vet' }),
  ]);
  pet = await addPet(t.app, owner, 'Bruno');
  today = todayIn(t.config.CLINIC_TZ);
});
afterAll(() => t.close());

const WeightListSchema = z.array(WeightEntrySchema);
const post = (who: Person | undefined, petId: string, payload: unknown) =>
  as(t.app, who, { method: 'POST', url: `/api/pets/${petId}/weights`, payload: payload as object });
const list = async (who: Person, petId = pet.id) =>
  json(await as(t.app, who, { method: 'GET', url: `/api/pets/${petId}/weights` }), WeightListSchema);

async function record(payload: object, petId = pet.id): Promise<WeightEntry> {
  const res = await post(employee, petId, payload);
  expect(res.statusCode, res.body).toBe(201);
  return json(res, WeightEntrySchema);
}

describe("a pet's weight history", () => {
  it("holds each visit's weight and weights measured on their own, newest first, for the owner and staff", async () => {
    await pastVisit(t.database.db, pet, 60, 28.4);
    await pastVisit(t.database.db, pet, 30, null); // a visit without a weight is not a weight
    const measured = await record({ weightKg: 29.25, measuredOn: addDays(today, -10), bodyCondition: 5 });
    expect(measured).toMatchObject({
      source: 'measured',
      weightKg: 29.25,
      bodyCondition: 5,
      recordedByName: 'Dr. Vet',
      correctsId: null,
      correctedById: null,
    });
    const seen = await list(owner);
    expect(seen.map((w) => [w.source, w.weightKg])).toEqual([
      ['measured', 29.25],
      ['visit', 28.4],
    ]);
    expect(seen[1]!.measuredOn).toBe(addDays(today, -60));
    expect(await list(employee)).toEqual(seen);
  });

  it("the latest measurement becomes the pet's weight; an older one does not", async () => {
    const dog = await addPet(t.app, owner, 'Rex');
    await record({ weightKg: 12, measuredOn: addDays(today, -2) }, dog.id);
    await record({ weightKg: 10, measuredOn: addDays(today, -20) }, dog.id);
    const now = json(await as(t.app, owner, { method: 'GET', url: `/api/pets/${dog.id}` }), PetSchema);
    expect(now.weightKg).toBe(12);
  });

  it('a correction is a new entry naming the one it corrects; the corrected one stays, once', async () => {
    const dog = await addPet(t.app, owner, 'Tiger');
    const visit = await pastVisit(t.database.db, dog, 5, 40);
    const wrong = await record({ weightKg: 4.1, measuredOn: addDays(today, -1) }, dog.id);
    const fixed = await record({ weightKg: 41, measuredOn: addDays(today, -1), correctsId: wrong.id }, dog.id);
    const visitFix = await record({ weightKg: 39.5, measuredOn: addDays(today, -5), correctsId: visit }, dog.id);
    const seen = await list(owner, dog.id);
    expect(seen.find((w) => w.id === wrong.id)?.correctedById).toBe(fixed.id);
    expect(seen.find((w) => w.id === visit)?.correctedById).toBe(visitFix.id);
    expect(seen).toHaveLength(4);
    const again = await post(employee, dog.id, { weightKg: 42, measuredOn: today, correctsId: wrong.id });
    expect(again.statusCode).toBe(409);
    const elsewhere = await post(employee, pet.id, { weightKg: 42, measuredOn: today, correctsId: fixed.id });
    expect(elsewhere.statusCode).toBe(400);
  });
});

describe('who may read and record weights', () => {
  it('the owner and staff read; customers never record; anyone else hears 404', async () => {
    expect((await post(owner, pet.id, { weightKg: 5, measuredOn: today })).statusCode).toBe(403);
    expect((await post(stranger, pet.id, { weightKg: 5, measuredOn: today })).statusCode).toBe(403);
    expect((await post(undefined, pet.id, { weightKg: 5, measuredOn: today })).statusCode).toBe(401);
    expect((await as(t.app, stranger, { method: 'GET', url: `/api/pets/${pet.id}/weights` })).statusCode).toBe(404);
    expect((await as(t.app, undefined, { method: 'GET', url: `/api/pets/${pet.id}/weights` })).statusCode).toBe(401);
    expect((await post(employee, MISSING_ID, { weightKg: 5, measuredOn: today })).statusCode).toBe(404);
  });

  it.each([
    ['no weight', { measuredOn: '2026-01-01' }],
    ['a weight of 0', { weightKg: 0, measuredOn: '2026-01-01' }],
    ['a weight of 600 kg', { weightKg: 600, measuredOn: '2026-01-01' }],
    ['a weight as text', { weightKg: 'heavy', measuredOn: '2026-01-01' }],
    ['no date', { weightKg: 5 }],
    ['a date that does not exist', { weightKg: 5, measuredOn: '2026-02-30' }],
    ['a date before 2000', { weightKg: 5, measuredOn: '1999-12-31' }],
    ['a body condition of 0', { weightKg: 5, measuredOn: '2026-01-01', bodyCondition: 0 }],
    ['a body condition of 10', { weightKg: 5, measuredOn: '2026-01-01', bodyCondition: 10 }],
    ['a body condition of 4.5', { weightKg: 5, measuredOn: '2026-01-01', bodyCondition: 4.5 }],
    ['a correction of no id', { weightKg: 5, measuredOn: '2026-01-01', correctsId: 'x' }],
  ])('%s is a 400', async (_name, body) => {
    const res = await post(employee, pet.id, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).length).toBeGreaterThan(5);
  });

  it('a date after the clinic’s today is a 400 that says so', async () => {
    const res = await post(employee, pet.id, { weightKg: 5, measuredOn: addDays(today, 1) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('The measuring date cannot be in the future.');
  });

  it('a list asked for more than it may hold is a 400', async () => {
    const res = await as(t.app, owner, { method: 'GET', url: `/api/pets/${pet.id}/weights?limit=100000` });
    expect(res.statusCode).toBe(400);
  });
});
