import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addDays, todayIn } from '#shared/dates';
import { BookingSchema, StaffBookingSchema } from '#shared/bookings';
import { EmergencySchema } from '#shared/emergencies';
import { PetAlertsSchema, PET_ALERTS_MAX, type PetAlert } from '#shared/pet-alerts';
import { PetSchema, type Pet } from '#shared/pets';
import { RideSchema } from '#shared/rides';
import { AuditEntrySchema } from '#shared/audit';
import { findPgError } from '../db/client.ts';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';
import { bookingFor, newBooking } from '../test/bookings.ts';
import { errorOf, json } from '../test/json.ts';
import { createLiveTestApp, type LiveTestContext } from '../test/live.ts';
import { collect, nextEvent } from '../test/socket.ts';
import { addPet, as, MISSING_ID, type Person } from '../test/pet-record.ts';

let t: LiveTestContext;
let owner: Person;
let stranger: Person;
let employee: Person;
let admin: Person;
let pet: Pet;

beforeAll(async () => {
  t = await createLiveTestApp();
  [owner, stranger, employee, admin] = await Promise.all([
    t.buildUser({ name: 'Asha Rao' }),
    t.buildUser(),
    t.buildUser({ role: 'employee', name: 'Front Desk' }),
    t.buildUser({ role: 'admin' }),
  ]);
  pet = await addPet(t.app, owner, 'Bruno');
});
afterAll(() => t.close());

const BITES: PetAlert = { kind: 'behaviour', text: 'Bites when his ears are touched' };
const PENICILLIN: PetAlert = { kind: 'allergy', text: 'Penicillin' };

const putAlerts = (who: Person | undefined, petId: string, payload: unknown) =>
  as(t.app, who, { method: 'PUT', url: `/api/pets/${petId}/alerts`, payload: payload as object });

async function setAlerts(alerts: PetAlert[], petId = pet.id) {
  const res = await putAlerts(employee, petId, { alerts });
  expect(res.statusCode, res.body).toBe(200);
  return json(res, PetAlertsSchema);
}

describe('staff set alerts on a pet; each change is kept', () => {
  it('sets, reads back and keeps every earlier list, newest first, with who set it', async () => {
    const first = await setAlerts([PENICILLIN]);
    expect(first.alerts).toEqual([PENICILLIN]);
    const second = await setAlerts([PENICILLIN, BITES]);
    expect(second.alerts).toEqual([PENICILLIN, BITES]);
    expect(second.history.map((h) => h.alerts)).toEqual([[PENICILLIN, BITES], [PENICILLIN]]);
    expect(second.history[0]!.setByName).toBe('Front Desk');
    // The same list again is no change: nothing new in the history.
    const again = await setAlerts([PENICILLIN, BITES]);
    expect(again.history).toHaveLength(2);
  });

  it('writes each change in the audit log with the lists before and after', async () => {
    const cat = await addPet(t.app, owner, 'Mittens');
    await setAlerts([{ kind: 'condition', text: 'Diabetic' }], cat.id);
    const res = await as(t.app, admin, { method: 'GET', url: '/api/audit?kind=pet.alerts_changed&limit=50' });
    const entries = json(res, z.array(AuditEntrySchema));
    const entry = entries.find((e) => e.subjectId === cat.id);
    expect(entry).toMatchObject({
      subjectType: 'pet',
      summary: 'Set the alerts of Mittens (Asha Rao): Condition: Diabetic',
      before: { alerts: [] },
      after: { alerts: [{ kind: 'condition', text: 'Diabetic' }] },
      actor: { name: 'Front Desk', role: 'employee' },
    });
  });

  it('the database refuses to change or delete a kept change', async () => {
    const err = await t.database.db
      .execute(sql`update pet_alert_changes set alerts = '[]'::jsonb where pet_id = ${pet.id}`)
      .catch((e: unknown) => e);
    expect(findPgError(err)?.code).toBe('PW403');
    const del = await t.database.db
      .execute(sql`delete from pet_alert_changes where pet_id = ${pet.id}`)
      .catch((e: unknown) => e);
    expect(findPgError(del)?.code).toBe('PW403');
  });

  it('an empty list clears the alerts', async () => {
    const dog = await addPet(t.app, owner, 'Rex');
    await setAlerts([BITES], dog.id);
    expect((await setAlerts([], dog.id)).alerts).toEqual([]);
  });
});

describe('who may read and set alerts', () => {
  it('customers (the owner too) may not set or read them; anonymous callers are asked to log in', async () => {
    expect((await putAlerts(owner, pet.id, { alerts: [] })).statusCode).toBe(403);
    expect((await putAlerts(stranger, pet.id, { alerts: [] })).statusCode).toBe(403);
    expect((await putAlerts(undefined, pet.id, { alerts: [] })).statusCode).toBe(401);
    expect((await as(t.app, owner, { method: 'GET', url: `/api/pets/${pet.id}/alerts` })).statusCode).toBe(403);
    expect((await as(t.app, admin, { method: 'GET', url: `/api/pets/${pet.id}/alerts` })).statusCode).toBe(200);
  });

  it('a pet that does not exist is 404, an archived one 409', async () => {
    expect((await putAlerts(employee, MISSING_ID, { alerts: [] })).statusCode).toBe(404);
    expect((await putAlerts(employee, 'not-an-id', { alerts: [] })).statusCode).toBe(404);
    const old = await addPet(t.app, owner, 'Old Timer');
    await as(t.app, owner, { method: 'DELETE', url: `/api/pets/${old.id}` });
    expect((await putAlerts(employee, old.id, { alerts: [BITES] })).statusCode).toBe(409);
  });

  it.each([
    ['an unknown kind', { alerts: [{ kind: 'mood', text: 'Grumpy' }] }, 'Alert kind must be one of'],
    ['empty text', { alerts: [{ kind: 'allergy', text: '   ' }] }, 'Write what staff must know'],
    ['text too long', { alerts: [{ kind: 'allergy', text: 'x'.repeat(201) }] }, 'Write what staff must know'],
    ['a control character', { alerts: [{ kind: 'allergy', text: 'Peni\u0000cillin' }] }, 'not allowed'],
    ['too many', { alerts: Array.from({ length: PET_ALERTS_MAX + 1 }, () => PENICILLIN) }, 'at most'],
    ['no list', {}, ''],
    ['a list of text', { alerts: 'penicillin' }, ''],
  ])('%s is a 400 with a clear message', async (_name, body, message) => {
    const res = await putAlerts(employee, pet.id, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toContain(message);
  });
});

describe('staff meet the alerts wherever they meet the pet; its owner does not see them', () => {
  let dog: Pet;
  beforeAll(async () => {
    dog = await addPet(t.app, owner, 'Tiger');
    await setAlerts([BITES], dog.id);
  });

  it('on the pet, for staff only', async () => {
    const staffView = json(await as(t.app, employee, { method: 'GET', url: `/api/pets/${dog.id}` }), PetSchema);
    expect(staffView.alerts).toEqual([BITES]);
    const list = json(
      await as(t.app, employee, { method: 'GET', url: `/api/pets?ownerId=${owner.user.id}` }),
      z.array(PetSchema),
    );
    expect(list.find((p) => p.id === dog.id)?.alerts).toEqual([BITES]);
    const ownView = (await as(t.app, owner, { method: 'GET', url: `/api/pets/${dog.id}` })).json<object>();
    expect(ownView).not.toHaveProperty('alerts');
  });

  it("on the agenda and the booking's live event for staff, never in the owner's answers or events", async () => {
    const staffSocket = (await t.connectUser('employee')).socket;
    const date = addDays(todayIn(t.config.CLINIC_TZ), 3);
    const staffHeard = nextEvent(staffSocket, 'booking_changed', (e) => e.booking.petId === dog.id);
    const mine = await newBooking(t.app, owner.token, bookingFor(`${date} at 10:00`, { petId: dog.id }));
    expect(mine).not.toHaveProperty('alerts');
    expect((await staffHeard).booking.alerts).toEqual([BITES]);

    const agenda = json(
      await as(t.app, employee, { method: 'GET', url: `/api/slots/bookings?sort=appointment&date=${date}` }),
      z.array(StaffBookingSchema),
    );
    expect(agenda.find((b) => b.id === mine.id)?.alerts).toEqual([BITES]);
    // A pet without alerts has none, whatever other pets carry.
    const calm = await addPet(t.app, owner, 'Calm');
    const calmBooking = await newBooking(t.app, owner.token, bookingFor(`${date} at 12:00`, { petId: calm.id }));
    const again = json(
      await as(t.app, employee, { method: 'GET', url: `/api/slots/bookings?sort=appointment&date=${date}` }),
      z.array(StaffBookingSchema),
    );
    expect(again.find((b) => b.id === calmBooking.id)?.alerts).toEqual([]);
    expect(again.find((b) => b.id === mine.id)?.alerts).toEqual([BITES]);
    const confirmed = json(
      await as(t.app, employee, { method: 'PUT', url: `/api/slots/confirm/${mine.id}`, payload: {} }),
      StaffBookingSchema,
    );
    expect(confirmed.alerts).toEqual([BITES]);

    const own = (await as(t.app, owner, { method: 'GET', url: '/api/slots/mine' })).json<object[]>();
    z.array(BookingSchema).parse(own);
    expect(own.every((b) => !('alerts' in b))).toBe(true);
    const timeline = (await as(t.app, owner, { method: 'GET', url: `/api/pets/${dog.id}/timeline` })).json<object[]>();
    expect(timeline.length).toBeGreaterThan(0);
    expect(timeline.every((b) => !('alerts' in b))).toBe(true);
  });

  it('the owner hears booking events without the alerts', async () => {
    const { socket, token } = await t.connectUser('user');
    const own = await addPet(t.app, { token }, 'Shadow');
    await setAlerts([PENICILLIN], own.id);
    const heard = collect(socket, 'booking_changed');
    const date = addDays(todayIn(t.config.CLINIC_TZ), 4);
    const booking = await newBooking(t.app, token, bookingFor(`${date} at 11:00`, { petId: own.id }));
    const confirmedEvent = nextEvent(socket, 'booking_changed', (e) => e.action === 'confirmed');
    await as(t.app, employee, { method: 'PUT', url: `/api/slots/confirm/${booking.id}`, payload: {} });
    await confirmedEvent;
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.every((e) => e.booking.alerts === undefined)).toBe(true);
  });

  it('on the ride card', async () => {
    const date = todayIn(t.config.CLINIC_TZ);
    const tomorrow = addDays(date, 1);
    await newBooking(
      t.app,
      owner.token,
      bookingFor(`${tomorrow} at 15:00`, {
        petId: dog.id,
        serviceId: SEEDED_OFFERING_IDS.pickup,
        pickupAddress: '12 Lake Road',
      }),
    );
    const rides = json(
      await as(t.app, employee, { method: 'GET', url: `/api/rides?date=${tomorrow}` }),
      z.array(RideSchema),
    );
    expect(rides.find((r) => r.petId === dog.id)?.alerts).toEqual([BITES]);
  });

  it('in the emergency queue and its live event for staff, not for the customer', async () => {
    const staffSocket = (await t.connectUser('employee')).socket;
    const staffHeard = nextEvent(staffSocket, 'emergency_changed', (e) => e.emergency.petId === dog.id);
    const raised = await as(t.app, owner, {
      method: 'POST',
      url: '/api/emergencies',
      payload: { petId: dog.id, description: 'Ate a sock', phone: '9876543210', needsPickup: false },
    });
    expect(raised.statusCode, raised.body).toBe(201);
    expect(raised.json<object>()).not.toHaveProperty('alerts');
    expect((await staffHeard).emergency.alerts).toEqual([BITES]);
    const queue = json(await as(t.app, employee, { method: 'GET', url: '/api/emergencies' }), z.array(EmergencySchema));
    expect(queue.find((e) => e.petId === dog.id)?.alerts).toEqual([BITES]);
    const own = (await as(t.app, owner, { method: 'GET', url: '/api/emergencies' })).json<object[]>();
    expect(own.every((e) => !('alerts' in e))).toBe(true);
  });

  it('a change is announced to staff pages only', async () => {
    const staff = await t.connectUser('employee');
    const customer = await t.connectUser('user');
    const theirs = await addPet(t.app, customer, 'Coco');
    const ownerHeard = collect(customer.socket, 'pet_record_changed');
    const heard = nextEvent(staff.socket, 'pet_record_changed', (e) => e.petId === theirs.id);
    await setAlerts([PENICILLIN], theirs.id);
    expect(await heard).toEqual({ petId: theirs.id, part: 'alerts' });
    // The owner's socket hears the next change of their own record (a weight), never the alerts before it.
    expect(ownerHeard).toEqual([]);
  });
});
