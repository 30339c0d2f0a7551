import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  EMERGENCY_CHANGED_EVENT,
  EMERGENCY_MSG,
  EmergencyCountSchema,
  EmergencySchema,
  type Emergency,
} from '#shared/emergencies';
import { NotificationSchema } from '#shared/notifications';
import { expectError } from '../test/app.ts';
import { json } from '../test/json.ts';
import { createLiveTestApp, type LiveTestContext } from '../test/live.ts';
import { nextEvent } from '../test/socket.ts';

let t: LiveTestContext;
beforeAll(async () => {
  t = await createLiveTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<LiveTestContext['buildUser']>>;

const request = (over: object = {}) => ({
  petName: 'Bruno',
  description: 'Ate a bar of chocolate an hour ago and is shaking.',
  phone: '9876543210',
  needsPickup: false,
  ...over,
});
const raise = (who: Person, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/emergencies', headers: t.auth(who.token), payload: body });
const update = (who: Person, id: string, body: object) =>
  t.app.inject({ method: 'PUT', url: `/api/emergencies/${id}`, headers: t.auth(who.token), payload: body });
const list = async (who: Person) =>
  json(
    await t.app.inject({ method: 'GET', url: '/api/emergencies', headers: t.auth(who.token) }),
    z.array(EmergencySchema),
  );
async function raised(who: Person, body: object = request()): Promise<Emergency> {
  const res = await raise(who, body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res, EmergencySchema);
}
/** Resolves whatever is left open, so each test starts from its own queue. */
async function resolveAll(staff: Person) {
  for (const e of await list(staff)) if (e.status !== 'resolved') await update(staff, e.id, { status: 'resolved' });
}

describe('raising an emergency request', () => {
  it("takes the pet from the customer's pets, or a name; staff see every request, a customer only theirs", async () => {
    const customer = await t.buildUser({ role: 'user' });
    const other = await t.buildUser({ role: 'user' });
    const staff = await t.buildUser({ role: 'employee' });
    const pet = await t.app.inject({
      method: 'POST',
      url: '/api/pets',
      headers: t.auth(customer.token),
      payload: { name: 'Luna', species: 'cat' },
    });
    expect(pet.statusCode).toBe(201);
    const petId = pet.json<{ id: string }>().id;
    const e = await raised(
      customer,
      request({ petName: undefined, petId, needsPickup: true, address: '12 Park Road' }),
    );
    expect(e).toMatchObject({
      petId,
      petName: 'Luna',
      status: 'open',
      needsPickup: true,
      address: '12 Park Road',
      customerId: customer.user.id,
      triageLevel: null,
    });
    expect(e.events).toMatchObject([{ status: 'open', actorName: customer.user.name }]);
    expect((await list(staff)).map((x) => x.id)).toContain(e.id);
    expect((await list(customer)).map((x) => x.id)).toEqual([e.id]);
    expect((await list(other)).map((x) => x.id)).not.toContain(e.id);
    // Another customer's pet is not theirs to name.
    expectError(await raise(other, request({ petId })), 404);
  });

  it('refuses what is missing with a clear message, and staff raising one', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const staff = await t.buildUser({ role: 'employee' });
    expectError(await raise(customer, request({ description: '  ' })), 400, 'VALIDATION', EMERGENCY_MSG.describe);
    expectError(
      await raise(customer, request({ needsPickup: true })),
      400,
      'VALIDATION',
      EMERGENCY_MSG.addressRequired,
    );
    expectError(await raise(customer, request({ petName: '' })), 400, 'VALIDATION', EMERGENCY_MSG.petRequired);
    expectError(await raise(customer, request({ phone: '123' })), 400);
    expectError(await raise(staff, request()), 403, 'FORBIDDEN', EMERGENCY_MSG.staffOnly);
    expectError(await t.app.inject({ method: 'POST', url: '/api/emergencies', payload: request() }), 401);
  });

  it('holds one unresolved request per customer, even when several are sent at once', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const staff = await t.buildUser({ role: 'employee' });
    const results = await Promise.all(Array.from({ length: 6 }, () => raise(customer, request())));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expectError(refused, 409, 'EMERGENCY_OPEN', EMERGENCY_MSG.oneOpen);
    const first = json(
      results.find((r) => r.statusCode === 201)!,
      EmergencySchema,
    );
    expect((await update(staff, first.id, { status: 'resolved' })).statusCode).toBe(200);
    // Once it is resolved, a new emergency can be raised.
    await raised(customer);
  });
});

describe('the staff queue', () => {
  it('moves a request forward only, assigns it to the caller, and tells the customer each time', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const vet = await t.buildUser({ role: 'employee', name: 'Clinic Vet' });
    const e = await raised(customer);
    const seen = await update(vet, e.id, { status: 'acknowledged', triageLevel: 2, note: 'Call back in 5 minutes' });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(json(seen, EmergencySchema)).toMatchObject({ status: 'acknowledged', triageLevel: 2 });
    const assigned = json(await update(vet, e.id, { status: 'assigned' }), EmergencySchema);
    expect(assigned).toMatchObject({ status: 'assigned', assignedToId: vet.user.id, assignedToName: 'Clinic Vet' });
    expectError(await update(vet, e.id, { status: 'open' }), 409, 'CONFLICT', EMERGENCY_MSG.backwards('assigned'));
    expectError(await update(vet, e.id, { status: 'acknowledged' }), 409);
    const done = json(await update(vet, e.id, { status: 'resolved' }), EmergencySchema);
    expect(done.events.map((x) => [x.status, x.actorName])).toEqual([
      ['open', customer.user.name],
      ['acknowledged', 'Clinic Vet'],
      ['assigned', 'Clinic Vet'],
      ['resolved', 'Clinic Vet'],
    ]);
    expect(done.events[1]).toMatchObject({ triageLevel: 2, note: 'Call back in 5 minutes' });
    expectError(await update(vet, e.id, { status: 'resolved' }), 409, 'CONFLICT', EMERGENCY_MSG.resolved);

    const notes = json(
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: t.auth(customer.token) }),
      z.array(NotificationSchema),
    );
    expect(notes.map((n) => n.title)).toEqual([
      'Emergency request resolved',
      'Assigned to Clinic Vet',
      'A vet has seen your request',
    ]);
  });

  it("a colleague's triage level or note leaves the request with whoever has it; Assign to me takes it over", async () => {
    const customer = await t.buildUser({ role: 'user' });
    const vet = await t.buildUser({ role: 'employee', name: 'Clinic Vet' });
    const colleague = await t.buildUser({ role: 'admin', name: 'Second Vet' });
    const e = await raised(customer);
    expect((await update(vet, e.id, { status: 'assigned' })).statusCode).toBe(200);
    const noted = json(
      await update(colleague, e.id, { status: 'assigned', triageLevel: 1, note: 'Oxygen ready' }),
      EmergencySchema,
    );
    expect(noted).toMatchObject({ assignedToName: 'Clinic Vet', triageLevel: 1 });
    const taken = json(await update(colleague, e.id, { status: 'assigned' }), EmergencySchema);
    expect(taken).toMatchObject({ assignedToName: 'Second Vet', assignedToId: colleague.user.id });
    await update(colleague, e.id, { status: 'resolved' });
  });

  it('refuses customers, bad triage levels, unknown requests and changes of nothing', async () => {
    const customer = await t.buildUser({ role: 'user' });
    const staff = await t.buildUser({ role: 'admin' });
    const e = await raised(customer);
    expectError(await update(customer, e.id, { status: 'resolved' }), 403);
    expectError(await update(staff, e.id, { status: 'acknowledged', triageLevel: 4 }), 400);
    expectError(await update(staff, e.id, { status: 'later' }), 400);
    expectError(await update(staff, e.id, { status: 'open' }), 400, 'BAD_REQUEST', EMERGENCY_MSG.nothingToChange);
    expect((await update(staff, e.id, { status: 'open', triageLevel: 1 })).statusCode).toBe(200);
    expectError(await update(staff, '00000000-0000-4000-8000-000000000000', { status: 'resolved' }), 404);
    expectError(await update(staff, 'nope', { status: 'resolved' }), 404);
  });

  it('orders unresolved requests untriaged first, then by triage level and time, resolved ones after', async () => {
    const staff = await t.buildUser({ role: 'employee' });
    await resolveAll(staff);
    const people = await Promise.all(Array.from({ length: 5 }, () => t.buildUser({ role: 'user' })));
    const ids: string[] = [];
    for (const p of people) ids.push((await raised(p)).id);
    // Five requests in time order: stable, critical, untriaged, urgent, resolved.
    await update(staff, ids[0]!, { status: 'acknowledged', triageLevel: 3 });
    await update(staff, ids[1]!, { status: 'acknowledged', triageLevel: 1 });
    await update(staff, ids[3]!, { status: 'acknowledged', triageLevel: 2 });
    await update(staff, ids[4]!, { status: 'resolved' });
    const queue = (await list(staff)).filter((e) => ids.includes(e.id)).map((e) => ids.indexOf(e.id));
    expect(queue).toEqual([2, 1, 3, 0, 4]);
    const count = await t.app.inject({ method: 'GET', url: '/api/emergencies/count', headers: t.auth(staff.token) });
    expect(json(count, EmergencyCountSchema)).toEqual({ open: 4 });
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/emergencies/count', headers: t.auth(people[0]!.token) }),
      403,
    );
  });

  it('reaches staff screens at once with the open count, and the customer with each change', async () => {
    const staff = await t.connectUser('employee');
    await resolveAll(staff);
    const customer = await t.connectUser('user');
    const staffHears = nextEvent(staff.socket, EMERGENCY_CHANGED_EVENT, (e) => e.action === 'raised');
    const e = await raised(customer);
    expect(await staffHears).toMatchObject({ action: 'raised', open: 1, emergency: { id: e.id, status: 'open' } });
    const customerHears = nextEvent(
      customer.socket,
      EMERGENCY_CHANGED_EVENT,
      (x) => x.emergency.id === e.id && x.action === 'updated',
    );
    await update(staff, e.id, { status: 'acknowledged' });
    const told = await customerHears;
    expect(told.emergency.status).toBe('acknowledged');
    // The queue's size is for staff only.
    expect(told.open).toBeUndefined();
  });
});
