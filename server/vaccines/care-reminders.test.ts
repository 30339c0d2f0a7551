import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addDays, formatDay, todayIn, zonedTimeToUtc } from '#shared/dates';
import { NotificationSchema } from '#shared/notifications';
import { PetSchema } from '#shared/pets';
import type { DoseCreateInput } from '#shared/vaccines';
import { rowsOf } from '../db/client.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import { startCareReminderWorker, VACCINE_REMINDER_TYPE } from './reminder-worker.ts';
import { SEEDED_VACCINE_IDS } from './seeded.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestContext['buildUser']>>;
const today = () => todayIn(t.config.CLINIC_TZ);
/** The clinic's opening on a day: the test clinic opens at 09:00 every day. */
const morning = (date: string) => zonedTimeToUtc(date, '09:00', t.config.CLINIC_TZ);
const MINUTE = 60_000;
const after = (d: Date) => new Date(d.getTime() + MINUTE);
const before = (d: Date) => new Date(d.getTime() - MINUTE);

const worker = () =>
  startCareReminderWorker({ db: t.database.db, config: t.config, log: t.app.log, autoStart: false, batchSize: 3 });

async function petOf(owner: Person, name: string, species = 'dog') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/pets',
    headers: t.auth(owner.token),
    payload: { name, species },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, PetSchema);
}

/** Tick and flea treatment (a dose every 30 days) given on `givenOn`: due 30 days later. */
async function treat(vet: Person, petId: string, givenOn: string, over: Partial<DoseCreateInput> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/pets/${petId}/vaccinations`,
    headers: t.auth(vet.token),
    payload: {
      vaccineId: SEEDED_VACCINE_IDS.tickFlea,
      givenOn,
      batch: 'TF-1',
      expiresOn: addDays(today(), 365),
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function remindersOf(who: Person) {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications?limit=200', headers: t.auth(who.token) });
  return json(res, z.array(NotificationSchema)).filter((n) => n.type === VACCINE_REMINDER_TYPE);
}

async function mailsTo(email: string) {
  return rowsOf<{ subject: string; text: string }>(
    await t.database.db.execute(
      sql`select subject, text from outbox where "to" = ${email} and kind = ${VACCINE_REMINDER_TYPE} order by created_at`,
    ),
  );
}

/** The Monday at least `days` days from today. */
function mondayFrom(days: number): string {
  let d = addDays(today(), days);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 1) d = addDays(d, 1);
  return d;
}

describe('vaccination reminders', () => {
  it('remind before the due date, then one week and one month overdue, each once', async () => {
    const owner = await t.buildUser({ name: 'Ritu Sharma' });
    const vet = await t.buildUser({ role: 'employee' });
    const pet = await petOf(owner, 'Bruno');
    const given = addDays(today(), -5);
    await treat(vet, pet.id, given);
    const due = addDays(given, 30);
    const steps = [
      morning(addDays(due, -t.config.REMINDER_DAYS_BEFORE)),
      ...t.config.CARE_OVERDUE_REMINDER_DAYS.map((d) => morning(addDays(due, d))),
    ];
    expect(t.config.CARE_OVERDUE_REMINDER_DAYS).toEqual([7, 30]);
    const w = worker();
    expect(await w.runOnce(before(steps[0]!))).toBe(0);
    for (const step of steps) {
      expect(await w.runOnce(after(step))).toBe(1);
      expect(await w.runOnce(after(step))).toBe(0);
    }
    expect(await w.runOnce(morning(addDays(due, 400)))).toBe(0);
    const notes = await remindersOf(owner);
    expect(notes.map((n) => n.title).reverse()).toEqual([
      'Vaccination due',
      'Vaccination overdue',
      'Vaccination overdue',
    ]);
    expect(notes.at(-1)!.body).toBe(
      `Bruno: Tick and flea treatment (booster), due on ${formatDay(due)}. Book a visit from the link.`,
    );
    expect(notes[0]!.body).toContain(`overdue since ${formatDay(due)}`);
    const mails = await mailsTo(owner.user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Bruno: vaccinations due soon',
      'Bruno: vaccinations overdue',
      'Bruno: vaccinations overdue',
    ]);
    expect(mails[0]!.text).toContain(`Book a visit: ${t.config.PUBLIC_URL}/slots?serviceId=`);
    expect(mails[0]!.text).toMatch(/Turn them off: \S+\/unsubscribe\?token=/);
  });

  it('stop once the dose is given, or the pet is archived', async () => {
    const owner = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee' });
    const given = addDays(today(), -10);
    const treated = await petOf(owner, 'Given');
    const archived = await petOf(owner, 'Archived');
    await treat(vet, treated.id, given);
    await treat(vet, archived.id, given);
    const due = addDays(given, 30);
    // The dose comes before the first reminder: its reminders are for the new date only.
    await treat(vet, treated.id, today());
    await t.app.inject({ method: 'DELETE', url: `/api/pets/${archived.id}`, headers: t.auth(owner.token) });
    const w = worker();
    expect(await w.runOnce(after(morning(addDays(due, -t.config.REMINDER_DAYS_BEFORE))))).toBe(0);
    expect(await remindersOf(owner)).toEqual([]);
    // The new due date's reminder still comes.
    expect(await w.runOnce(after(morning(addDays(today(), 30 - t.config.REMINDER_DAYS_BEFORE))))).toBe(1);
    expect((await remindersOf(owner)).map((n) => n.body)).toEqual([
      `Given: Tick and flea treatment (booster), due on ${formatDay(addDays(today(), 30))}. Book a visit from the link.`,
    ]);
  });

  it("a household's pets due the same week get one message listing them; another week gets its own", async () => {
    const owner = await t.buildUser();
    const vet = await t.buildUser({ role: 'employee' });
    const monday = mondayFrom(10);
    const [a, b, c] = [await petOf(owner, 'Asha'), await petOf(owner, 'Bijli'), await petOf(owner, 'Chintu')];
    await treat(vet, a.id, addDays(monday, -30)); // due Monday
    await treat(vet, b.id, addDays(monday, -27)); // due Thursday, same week
    await treat(vet, c.id, addDays(monday, -21)); // due next Wednesday
    const w = worker();
    const first = morning(addDays(monday, -t.config.REMINDER_DAYS_BEFORE));
    expect(await w.runOnce(after(first))).toBe(1);
    const [together] = await remindersOf(owner);
    expect(together!.body).toBe(
      `Asha: Tick and flea treatment (booster), due on ${formatDay(monday)}. ` +
        `Bijli: Tick and flea treatment (booster), due on ${formatDay(addDays(monday, 3))}. Book a visit from the link.`,
    );
    const [mail] = await mailsTo(owner.user.email);
    expect(mail!.subject).toBe('Asha and Bijli: vaccinations due soon');
    // Bijli's own day passes without a second message; Chintu's week has its own.
    expect(await w.runOnce(after(morning(addDays(monday, 3 - t.config.REMINDER_DAYS_BEFORE))))).toBe(0);
    expect(await w.runOnce(after(morning(addDays(monday, 9 - t.config.REMINDER_DAYS_BEFORE))))).toBe(1);
    expect((await remindersOf(owner)).map((n) => n.body.split(':')[0])).toEqual(['Chintu', 'Asha']);
  });

  it('two workers racing, and a restart, send each household one message', async () => {
    const vet = await t.buildUser({ role: 'employee' });
    const owners = await Promise.all(Array.from({ length: 7 }, () => t.buildUser()));
    const given = addDays(today(), -25);
    for (const o of owners) {
      await treat(vet, (await petOf(o, 'One')).id, given);
      await treat(vet, (await petOf(o, 'Two')).id, addDays(given, 1));
    }
    const now = after(morning(addDays(today(), 1)));
    const [a, b] = [worker(), worker()];
    const counts = await Promise.all([a.runOnce(now), b.runOnce(now), a.runOnce(now), b.runOnce(now)]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(7);
    // A worker started afresh (after a restart) finds nothing left to send.
    expect(await worker().runOnce(now)).toBe(0);
    for (const o of owners) {
      const notes = await remindersOf(o);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.body).toMatch(/^One: .*\. Two: .*\. Book a visit from the link\.$/);
      expect(await mailsTo(o.user.email)).toHaveLength(1);
    }
  });
});
