import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OFFERING_MSG, OfferingSchema, type Service } from '#shared/offerings';
import { addDays, todayIn } from '#shared/dates';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import { bookingFor, newBooking } from '../test/bookings.ts';
import { SEEDED_OFFERING_IDS } from './seeded.ts';

let t: TestContext;
let admin: { token: string };
let customer: { token: string };
let employee: { token: string };

beforeAll(async () => {
  t = await createTestApp({ SLOT_MINUTES: 30, SLOT_CAPACITY: 2 });
  admin = await t.buildUser({ role: 'admin' });
  customer = await t.buildUser({ role: 'user' });
  employee = await t.buildUser({ role: 'employee' });
});
afterAll(() => t.close());

const OfferingListSchema = z.array(OfferingSchema);

/** GET /api/services as `token` (none: anonymous). */
async function list(token?: string, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/services${query}`,
    headers: token ? t.auth(token) : {},
  });
  return res;
}

const publicList = async () => json(await list(), OfferingListSchema);
const fullList = async () => json(await list(admin.token, '?all=true'), OfferingListSchema);

function post(token: string | undefined, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: token ? t.auth(token) : {},
    payload: payload as object,
  });
}

function put(token: string | undefined, id: string, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/services/${id}`,
    headers: token ? t.auth(token) : {},
    payload: payload as object,
  });
}

let n = 0;
/** A valid new service; `over` changes or adds fields. */
const newOffering = (over: Record<string, unknown> = {}) => ({
  name: `Grooming ${(n += 1)}`,
  kind: 'checkup',
  description: 'Bath, brush and nail trim.',
  durationMinutes: 60,
  price: 499,
  capacity: 3,
  sortOrder: 50,
  ...over,
});

/** Creates a service as the admin (must be granted) and returns it. */
async function created(over: Record<string, unknown> = {}): Promise<Service> {
  const res = await post(admin.token, newOffering(over));
  expect(res.statusCode, res.body).toBe(201);
  return json(res, OfferingSchema);
}

describe('GET /api/services', () => {
  it("lists the clinic's four seeded services in order, to anyone", async () => {
    const services = await publicList();
    expect(services.map((s) => [s.name, s.kind, s.durationMinutes, s.needsAddress, s.bookable])).toEqual([
      ['Pet Health Checkup', 'checkup', 30, false, true],
      ['Pet Training', 'training', 60, false, true],
      ['Pet Pickup Ride', 'pickup', 30, true, true],
      ['Emergency Pet Care', 'emergency', 30, false, false],
    ]);
    expect(services.map((s) => s.id)).toEqual([
      SEEDED_OFFERING_IDS.checkup,
      SEEDED_OFFERING_IDS.training,
      SEEDED_OFFERING_IDS.pickup,
      SEEDED_OFFERING_IDS.emergency,
    ]);
    // No capacity of its own: the clinic's SLOT_CAPACITY.
    expect(services.every((s) => s.capacity === 2 && s.active && s.price === null)).toBe(true);
    expect(services[0]!.description).toMatch(/examinations/);
  });

  it('answers every role alike', async () => {
    const anonymous = await publicList();
    for (const who of [customer, employee, admin]) {
      expect(json(await list(who.token), OfferingListSchema)).toEqual(anonymous);
    }
  });

  it('lists inactive services only for an admin asking for all of them', async () => {
    const hidden = await created({ active: false, name: 'Hidden Spa Day' });
    expect((await publicList()).map((s) => s.id)).not.toContain(hidden.id);
    expect((await fullList()).find((s) => s.id === hidden.id)).toMatchObject({ name: 'Hidden Spa Day', active: false });
    // all=false is the public list.
    expect(json(await list(undefined, '?all=false'), OfferingListSchema)).toEqual(await publicList());
  });

  it('refuses the full list to anyone but an admin', async () => {
    expectError(await list(undefined, '?all=true'), 401, 'UNAUTHENTICATED');
    expectError(await list(customer.token, '?all=true'), 403, 'FORBIDDEN');
    expectError(await list(employee.token, '?all=true'), 403, 'FORBIDDEN');
    expectError(await list('not-a-token', '?all=true'), 401, 'UNAUTHENTICATED');
    expectError(await list(undefined, '?all=yes'), 400, 'VALIDATION', 'all must be true or false');
  });
});

describe('POST /api/services', () => {
  it('adds a service an admin describes, listed in its place', async () => {
    const service = await created({ name: '  Dental Cleaning  ', price: 1250.5, sortOrder: 15, capacity: 1 });
    expect(service).toMatchObject({
      name: 'Dental Cleaning',
      kind: 'checkup',
      durationMinutes: 60,
      price: 1250.5,
      capacity: 1,
      active: true,
      sortOrder: 15,
      needsAddress: false,
      bookable: true,
    });
    const names = (await publicList()).map((s) => s.name);
    expect(names.indexOf('Dental Cleaning')).toBe(names.indexOf('Pet Health Checkup') + 1);
    expect(names.indexOf('Pet Training')).toBe(names.indexOf('Dental Cleaning') + 1);
  });

  it('takes defaults for the optional fields', async () => {
    const service = await created({ description: undefined, price: undefined, sortOrder: undefined, kind: 'pickup' });
    expect(service).toMatchObject({ description: '', price: null, sortOrder: 0, active: true, needsAddress: true });
  });

  it('is for admins only: anonymous 401, customer and employee 403', async () => {
    expectError(await post(undefined, newOffering()), 401, 'UNAUTHENTICATED');
    expectError(await post(customer.token, newOffering()), 403, 'FORBIDDEN');
    expectError(await post(employee.token, newOffering()), 403, 'FORBIDDEN');
    // Even a body that is not valid: who is asking comes first.
    expectError(await post(customer.token, { kind: 'spa' }), 403, 'FORBIDDEN');
  });

  it.each([
    [{ durationMinutes: 45 }, OFFERING_MSG.durationStep(30)],
    [{ durationMinutes: 0 }, OFFERING_MSG.durationInvalid],
    [{ durationMinutes: 510 }, OFFERING_MSG.durationInvalid],
    [{ durationMinutes: 30.5 }, OFFERING_MSG.durationInvalid],
    [{ durationMinutes: '30' }, OFFERING_MSG.durationInvalid],
    [{ capacity: 0 }, OFFERING_MSG.capacityInvalid],
    [{ capacity: 101 }, OFFERING_MSG.capacityInvalid],
    [{ capacity: 1.5 }, OFFERING_MSG.capacityInvalid],
    [{ price: -1 }, OFFERING_MSG.priceInvalid],
    [{ price: 1.001 }, OFFERING_MSG.priceInvalid],
    [{ price: 1_000_001 }, OFFERING_MSG.priceInvalid],
    [{ price: '100' }, OFFERING_MSG.priceInvalid],
    [{ kind: 'spa' }, OFFERING_MSG.kindInvalid],
    [{ name: '' }, OFFERING_MSG.nameRequired],
    [{ name: '   ' }, OFFERING_MSG.nameRequired],
    [{ name: undefined }, OFFERING_MSG.nameRequired],
    [{ name: 'Bath\u0000time' }, 'Service name contains a character that is not allowed'],
    [{ name: 'Bath\ntime' }, 'Service name contains a character that is not allowed'],
    [{ description: 'Soap\u0007' }, 'Description contains a character that is not allowed'],
    [{ name: 'x'.repeat(101) }, 'Service name must be at most'],
    [{ description: 'x'.repeat(1001) }, 'Description must be at most 1000 characters'],
    [{ sortOrder: -1 }, 'Sort order cannot be negative'],
  ])('refuses %j with a clear message', async (over, message) => {
    const before = (await fullList()).length;
    const res = await post(admin.token, newOffering(over));
    expectError(res, 400, 'VALIDATION');
    expect(res.json<{ error: string }>().error).toContain(message);
    expect((await fullList()).length).toBe(before);
  });

  it('keeps a description on several lines', async () => {
    const service = await created({ description: 'Line one\nLine two' });
    expect(service.description).toBe('Line one\nLine two');
  });

  it('ignores fields it does not know (an id, a bookable flag)', async () => {
    const service = await created({ id: SEEDED_OFFERING_IDS.checkup, bookable: false, needsAddress: true });
    expect(service.id).not.toBe(SEEDED_OFFERING_IDS.checkup);
    expect(service).toMatchObject({ bookable: true, needsAddress: false });
  });

  it('refuses a second service of the same name, whatever its case (409)', async () => {
    const res = await post(admin.token, newOffering({ name: 'pet TRAINING' }));
    expectError(res, 409, 'CONFLICT', OFFERING_MSG.nameTaken);
    expect((await fullList()).filter((s) => s.name.toLowerCase() === 'pet training')).toHaveLength(1);
  });

  it('refuses a body that is not an object', async () => {
    expectError(await post(admin.token, [newOffering()]), 400, 'VALIDATION');
  });
});

describe('PUT /api/services/{id}', () => {
  it('changes only the fields sent', async () => {
    const service = await created();
    const res = await put(admin.token, service.id, { price: 650 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res, OfferingSchema)).toEqual({ ...service, price: 650 });
    const again = await put(admin.token, service.id, { durationMinutes: 90, description: 'Longer now.' });
    expect(json(again, OfferingSchema)).toEqual({
      ...service,
      price: 650,
      durationMinutes: 90,
      description: 'Longer now.',
    });
    expect((await fullList()).find((s) => s.id === service.id)).toEqual({
      ...service,
      price: 650,
      durationMinutes: 90,
      description: 'Longer now.',
    });
  });

  it('clears a price with null and stores a capacity as given', async () => {
    const checkup = (await publicList()).find((s) => s.id === SEEDED_OFFERING_IDS.checkup)!;
    const res = await put(admin.token, SEEDED_OFFERING_IDS.checkup, { price: 400, capacity: 5 });
    expect(json(res, OfferingSchema)).toEqual({ ...checkup, price: 400, capacity: 5 });
    const cleared = await put(admin.token, SEEDED_OFFERING_IDS.checkup, { price: null, capacity: 2 });
    expect(json(cleared, OfferingSchema)).toEqual({ ...checkup, price: null, capacity: 2 });
  });

  it('is for admins only: anonymous 401, customer and employee 403, nothing changes', async () => {
    const service = await created();
    expectError(await put(undefined, service.id, { price: 1 }), 401, 'UNAUTHENTICATED');
    expectError(await put(customer.token, service.id, { price: 1 }), 403, 'FORBIDDEN');
    expectError(await put(employee.token, service.id, { active: false }), 403, 'FORBIDDEN');
    expect((await fullList()).find((s) => s.id === service.id)).toEqual(service);
  });

  it('answers 404 for an unknown id or one that is not a UUID', async () => {
    expectError(await put(admin.token, '7d444840-9dc0-11d1-b245-5ffdce74fad2', { price: 1 }), 404, 'NOT_FOUND');
    expectError(await put(admin.token, 'not-a-uuid', { price: 1 }), 404, 'NOT_FOUND', OFFERING_MSG.notFound);
    expectError(await put(admin.token, "1' or '1'='1", { price: 1 }), 404, 'NOT_FOUND');
  });

  it.each([
    [{ durationMinutes: 45 }, OFFERING_MSG.durationStep(30)],
    [{ capacity: 0 }, OFFERING_MSG.capacityInvalid],
    [{ capacity: 101 }, OFFERING_MSG.capacityInvalid],
    [{ capacity: null }, OFFERING_MSG.capacityInvalid],
    [{ price: -1 }, OFFERING_MSG.priceInvalid],
    [{ price: 1.001 }, OFFERING_MSG.priceInvalid],
    [{ kind: 'spa' }, OFFERING_MSG.kindInvalid],
    [{ name: '' }, OFFERING_MSG.nameRequired],
    [{ name: 'Tab\there' }, 'Service name contains a character that is not allowed'],
    [{ active: 'no' }, 'active must be true or false'],
    [{}, OFFERING_MSG.nothingToChange],
    [{ bogus: 1 }, OFFERING_MSG.nothingToChange],
  ])('refuses %j with a clear message and changes nothing', async (patch, message) => {
    const service = await created();
    const res = await put(admin.token, service.id, patch);
    expectError(res, 400, 'VALIDATION');
    expect(res.json<{ error: string }>().error).toContain(message);
    expect((await fullList()).find((s) => s.id === service.id)).toEqual(service);
  });

  it('refuses a name another service has (409), but a service may keep or recase its own', async () => {
    const service = await created({ name: 'Nail Trim' });
    expectError(
      await put(admin.token, service.id, { name: 'PET health checkup' }),
      409,
      'CONFLICT',
      OFFERING_MSG.nameTaken,
    );
    const recased = await put(admin.token, service.id, { name: 'nail trim' });
    expect(json(recased, OfferingSchema).name).toBe('nail trim');
  });

  it('changes the kind of a service without bookings', async () => {
    const service = await created({ kind: 'checkup' });
    const res = await put(admin.token, service.id, { kind: 'pickup' });
    expect(json(res, OfferingSchema)).toMatchObject({ kind: 'pickup', needsAddress: true, bookable: true });
  });

  it('keeps the kind of a service that has bookings (409), while its other fields still change', async () => {
    const tomorrow = addDays(todayIn(t.config.CLINIC_TZ), 1);
    const booker = await t.buildUser({ role: 'user' });
    await newBooking(t.app, booker.token, bookingFor(`${tomorrow} at 11:00`));
    const res = await put(admin.token, SEEDED_OFFERING_IDS.checkup, { kind: 'training', price: 1 });
    expectError(res, 409, 'CONFLICT', OFFERING_MSG.kindFixed);
    const checkup = (await publicList()).find((s) => s.id === SEEDED_OFFERING_IDS.checkup)!;
    expect(checkup.kind).toBe('checkup');
    expect(checkup.price).toBeNull();
    // Sending the kind it already has is no change.
    const same = await put(admin.token, SEEDED_OFFERING_IDS.checkup, { kind: 'checkup', price: 300 });
    expect(json(same, OfferingSchema)).toMatchObject({ kind: 'checkup', price: 300 });
    await put(admin.token, SEEDED_OFFERING_IDS.checkup, { price: null });
  });

  it('deactivates a service: it leaves the public list, stays for the admin and comes back when activated', async () => {
    const service = await created({ name: 'Puppy Class' });
    expect((await publicList()).map((s) => s.id)).toContain(service.id);
    const res = await put(admin.token, service.id, { active: false });
    expect(json(res, OfferingSchema)).toEqual({ ...service, active: false });
    expect((await publicList()).map((s) => s.id)).not.toContain(service.id);
    expect((await fullList()).find((s) => s.id === service.id)?.active).toBe(false);
    await put(admin.token, service.id, { active: true });
    expect((await publicList()).map((s) => s.id)).toContain(service.id);
  });

  it('has no DELETE: a service is never deleted', async () => {
    const service = await created();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/services/${service.id}`,
      headers: t.auth(admin.token),
    });
    expect(res.statusCode).toBe(404);
    expect((await fullList()).find((s) => s.id === service.id)).toEqual(service);
  });
});
