import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CartSchema } from '#shared/cart';
import { PrescriptionSchema, RefillRequestSchema, type Prescription } from '#shared/pet-record';
import type { Pet } from '#shared/pets';
import { findPgError, rowsOf } from '../db/client.ts';
import { errorOf, json } from '../test/json.ts';
import { createLiveTestApp, type LiveTestContext } from '../test/live.ts';
import { productIds, setStock } from '../test/orders.ts';
import { addPet, as, MISSING_ID, pastVisit, type Person } from '../test/pet-record.ts';
import { collect, nextEvent } from '../test/socket.ts';

let t: LiveTestContext;
let owner: Person;
let stranger: Person;
let employee: Person;
let pet: Pet;
let dogFood: number;

beforeAll(async () => {
  t = await createLiveTestApp();
  [owner, stranger, employee] = await Promise.all([
    t.buildUser({ name: 'Asha Rao' }),
    t.buildUser(),
    t.buildUser({ role: 'employee', name: 'Dr. Vet' }),
  ]);
  pet = await addPet(t.app, owner, 'Bruno');
  dogFood = (await productIds(t.database.db)).get('Dog Food')!;
  await setStock(t.database.db, 1000);
});
afterAll(() => t.close());

const RX = {
  drug: 'Meloxicam',
  strength: '1.5 mg/ml',
  dose: '0.5 ml',
  frequency: 'once a day',
  durationDays: 14,
  quantity: 1,
  refills: 1,
  instructions: 'Give with food.',
};

const write = (who: Person | undefined, petId: string, payload: unknown) =>
  as(t.app, who, { method: 'POST', url: `/api/pets/${petId}/prescriptions`, payload: payload as object });
const askRefill = (who: Person | undefined, id: string, payload: object = {}) =>
  as(t.app, who, { method: 'POST', url: `/api/prescriptions/${id}/refill-requests`, payload });
const decide = (who: Person | undefined, id: string, payload: unknown) =>
  as(t.app, who, { method: 'PUT', url: `/api/refill-requests/${id}`, payload: payload as object });

async function prescribe(over: object = {}, petId = pet.id): Promise<Prescription> {
  const res = await write(employee, petId, { ...RX, ...over });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, PrescriptionSchema);
}
async function refillOf(who: Person, id: string) {
  const res = await askRefill(who, id);
  expect(res.statusCode, res.body).toBe(201);
  return json(res, RefillRequestSchema);
}
const cartOf = async (who: Person) => json(await as(t.app, who, { method: 'GET', url: '/api/cart' }), CartSchema);
const listOf = async (who: Person, petId = pet.id) =>
  json(await as(t.app, who, { method: 'GET', url: `/api/pets/${petId}/prescriptions` }), z.array(PrescriptionSchema));

describe('prescriptions and their refills', () => {
  it('staff write one at a visit; the owner sees it on the pet, newest first', async () => {
    const visit = await pastVisit(t.database.db, pet, 1, 30);
    const rx = await prescribe({ bookingId: visit, productId: dogFood });
    expect(rx).toMatchObject({
      ...RX,
      bookingId: visit,
      productId: dogFood,
      productName: 'Dog Food',
      refillsUsed: 0,
      refillsLeft: 1,
      prescribedByName: 'Dr. Vet',
      latestRefill: null,
    });
    expect((await listOf(owner))[0]).toEqual(rx);
  });

  it('the owner asks for a refill, staff approve it, the refill is counted and the product is in the cart', async () => {
    const customer = await t.connectUser('user');
    const dog = await addPet(t.app, customer, 'Rex');
    const rx = await prescribe({ productId: dogFood, quantity: 2 }, dog.id);
    const staff = await t.connectUser('employee');

    const staffHeard = nextEvent(staff.socket, 'refill_changed', (e) => e.request.prescriptionId === rx.id);
    const asked = await refillOf(customer, rx.id);
    expect(asked).toMatchObject({ status: 'open', petName: 'Rex', drug: 'Meloxicam', cart: null });
    expect((await staffHeard).request.id).toBe(asked.id);
    const open = json(
      await as(t.app, employee, { method: 'GET', url: '/api/refill-requests' }),
      z.array(RefillRequestSchema),
    );
    expect(open.map((r) => r.id)).toContain(asked.id);

    // One open request at a time.
    const second = await askRefill(customer, rx.id);
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toBe('A refill request for this prescription is already waiting for the clinic.');

    const notified = nextEvent(customer.socket, 'notification', (n) => n.type === 'refill_decided');
    const cartHeard = nextEvent(customer.socket, 'cart_changed');
    const res = await decide(employee, asked.id, { decision: 'approved', note: 'Collect or order online' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res, RefillRequestSchema)).toMatchObject({
      status: 'approved',
      decisionNote: 'Collect or order online',
      decidedByName: 'Dr. Vet',
      cart: 'added',
    });
    expect((await notified).title).toBe('Refill approved');
    expect((await cartHeard).cart.items).toEqual([expect.objectContaining({ productId: dogFood, quantity: 2 })]);
    expect((await cartOf(customer)).items).toEqual([expect.objectContaining({ productId: dogFood, quantity: 2 })]);

    const [now] = await listOf(customer, dog.id);
    expect(now).toMatchObject({ refillsUsed: 1, refillsLeft: 0, latestRefill: { status: 'approved' } });
    // No refill left: asking again is refused, and said so.
    const none = await askRefill(customer, rx.id);
    expect(none.statusCode).toBe(409);
    expect(errorOf(none)).toMatch(/No refills are left/);
    // Decided once.
    expect((await decide(employee, asked.id, { decision: 'refused' })).statusCode).toBe(409);
  });

  it('a refused refill counts nothing and leaves the cart alone; the customer may ask again', async () => {
    const rx = await prescribe({ productId: dogFood, refills: 2 });
    const asked = await refillOf(owner, rx.id);
    const before = await cartOf(owner);
    const res = await decide(employee, asked.id, { decision: 'refused', note: 'Please book a checkup first' });
    expect(json(res, RefillRequestSchema)).toMatchObject({ status: 'refused', cart: null });
    expect(await cartOf(owner)).toEqual(before);
    expect((await listOf(owner)).find((p) => p.id === rx.id)?.refillsLeft).toBe(2);
    await refillOf(owner, rx.id);
  });

  it('an approved refill the cart cannot take is still approved, and says why it is not in the cart', async () => {
    const rx = await prescribe({ productId: dogFood, quantity: 5 });
    await setStock(t.database.db, 3, [dogFood]);
    try {
      const asked = await refillOf(owner, rx.id);
      const decided = json(await decide(employee, asked.id, { decision: 'approved' }), RefillRequestSchema);
      expect(decided.status).toBe('approved');
      expect(decided.cart).toBe('not_added');
      expect(decided.cartMessage).toMatch(/^Not added to the cart: /);
    } finally {
      await setStock(t.database.db, 1000);
    }
  });

  it('a correction names the prescription it corrects, which stays and can no longer be refilled', async () => {
    const wrong = await prescribe({ strength: '15 mg/ml' });
    const fixed = await prescribe({ correctsId: wrong.id });
    const list = await listOf(owner);
    expect(list.find((p) => p.id === wrong.id)?.correctedById).toBe(fixed.id);
    expect(fixed.correctsId).toBe(wrong.id);
    expect((await askRefill(owner, wrong.id)).statusCode).toBe(409);
    expect((await write(employee, pet.id, { ...RX, correctsId: wrong.id })).statusCode).toBe(409);
    const err = await t.database.db
      .execute(sql`update prescriptions set drug = 'Water' where id = ${wrong.id}`)
      .catch((e: unknown) => e);
    expect(findPgError(err)?.code).toBe('PW403');
  });
});

describe('refills are counted atomically', () => {
  it('approving one request twice at once counts one refill: one 200, one 409', async () => {
    const rx = await prescribe({ refills: 1 });
    const asked = await refillOf(owner, rx.id);
    const answers = await Promise.all([
      decide(employee, asked.id, { decision: 'approved' }),
      decide(employee, asked.id, { decision: 'approved' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await listOf(owner)).find((p) => p.id === rx.id)?.refillsUsed).toBe(1);
  });

  it('asking twice at once makes one request', async () => {
    const rx = await prescribe({ refills: 3 });
    const answers = await Promise.all([askRefill(owner, rx.id), askRefill(owner, rx.id), askRefill(owner, rx.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('racing counts of one prescription never pass the refills allowed', async () => {
    const rx = await prescribe({ refills: 2 });
    const counted = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.database.db.transaction(async (tx) =>
          rowsOf(
            await tx.execute(sql`update prescriptions set refills_used = refills_used + 1
              where id = ${rx.id} and refills_used < refills returning id`),
          ),
        ),
      ),
    );
    expect(counted.filter((rows) => rows.length === 1)).toHaveLength(2);
    expect((await listOf(owner)).find((p) => p.id === rx.id)?.refillsUsed).toBe(2);
  });
});

describe('who may write, read and ask', () => {
  it('customers never write a prescription; anyone but the owner and staff hears 404', async () => {
    expect((await write(owner, pet.id, RX)).statusCode).toBe(403);
    expect((await write(undefined, pet.id, RX)).statusCode).toBe(401);
    expect((await write(employee, MISSING_ID, RX)).statusCode).toBe(404);
    expect((await as(t.app, stranger, { method: 'GET', url: `/api/pets/${pet.id}/prescriptions` })).statusCode).toBe(
      404,
    );
    expect((await as(t.app, employee, { method: 'GET', url: `/api/pets/${pet.id}/prescriptions` })).statusCode).toBe(
      200,
    );
  });

  it("only the owner asks for a refill of their pet's prescription; only staff decide", async () => {
    const rx = await prescribe({ refills: 2 });
    expect((await askRefill(stranger, rx.id)).statusCode).toBe(404);
    expect((await askRefill(employee, rx.id)).statusCode).toBe(403);
    expect((await askRefill(undefined, rx.id)).statusCode).toBe(401);
    expect((await askRefill(owner, MISSING_ID)).statusCode).toBe(404);
    const asked = await refillOf(owner, rx.id);
    expect((await decide(owner, asked.id, { decision: 'approved' })).statusCode).toBe(403);
    expect((await decide(stranger, asked.id, { decision: 'approved' })).statusCode).toBe(403);
    expect((await decide(employee, MISSING_ID, { decision: 'approved' })).statusCode).toBe(404);
    expect((await as(t.app, owner, { method: 'GET', url: '/api/refill-requests' })).statusCode).toBe(403);
  });

  it('the owner hears of their own refills and record only', async () => {
    const other = await t.connectUser('user');
    const heard = collect(other.socket, 'refill_changed');
    const rx = await prescribe({ refills: 1 });
    const asked = await refillOf(owner, rx.id);
    await decide(employee, asked.id, { decision: 'refused' });
    const ownerSide = await t.connectUser('user');
    expect(ownerSide).toBeDefined();
    expect(heard).toEqual([]);
  });

  it.each([
    ['no drug', { ...RX, drug: '' }],
    ['a drug name of 500 characters', { ...RX, drug: 'x'.repeat(500) }],
    ['a control character', { ...RX, dose: 'a\u0007b' }],
    ['0 days', { ...RX, durationDays: 0 }],
    ['half a day', { ...RX, durationDays: 1.5 }],
    ['a quantity of 0', { ...RX, quantity: 0 }],
    ['-1 refills', { ...RX, refills: -1 }],
    ['100 refills', { ...RX, refills: 100 }],
    ['refills as text', { ...RX, refills: 'many' }],
    ['a product that does not exist', { ...RX, productId: 999999 }],
    ['a product id as text', { ...RX, productId: 'dog-food' }],
    ['a visit that is not an id', { ...RX, bookingId: 'yesterday' }],
    ['a visit of another pet', { ...RX, bookingId: MISSING_ID }],
    ['a correction of nothing', { ...RX, correctsId: MISSING_ID }],
  ])('%s is a 400', async (_name, body) => {
    const res = await write(employee, pet.id, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).length).toBeGreaterThan(5);
  });

  it('a decision other than approved or refused, or a note too long, is a 400', async () => {
    const rx = await prescribe();
    const asked = await refillOf(owner, rx.id);
    expect((await decide(employee, asked.id, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await decide(employee, asked.id, { decision: 'refused', note: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await askRefill(owner, rx.id, { note: 'x'.repeat(301) })).statusCode).toBe(400);
  });
});
