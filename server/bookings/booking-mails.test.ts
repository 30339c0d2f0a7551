import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatWhen, todayIn } from '#shared/dates';
import { rowsOf } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { THEME_MAIL_COLORS } from '../mail/brand.ts';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { bookingFor, newBooking } from '../test/bookings.ts';

/* The booking mails as the customer gets them from the app: the clinic's colour as an admin set it, the link to
   manage the booking, a pickup ride's address, and a mail when the booking is moved. */

type Person = Awaited<ReturnType<TestContext['buildUser']>>;

let t: TestContext;
let customer: Person;
let employee: Person;
let admin: Person;
let day: string;

beforeAll(async () => {
  t = await createTestApp();
  [customer, employee, admin] = await Promise.all([
    t.buildUser({ role: 'user', name: 'Asha Rao' }),
    t.buildUser({ role: 'employee' }),
    t.buildUser({ role: 'admin' }),
  ]);
  day = addDays(todayIn(t.config.CLINIC_TZ), 3);
});
afterAll(() => t.close());

const mailsOf = (kind: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, customer.user.email), eq(outbox.kind, kind)))
    .orderBy(outbox.createdAt);

const put = (url: string, who: Person, payload?: object) =>
  t.app.inject({ method: 'PUT', url, headers: t.auth(who.token), payload });

/** True when the mail was written by the transaction that last changed the booking (PostgreSQL's xmin of both rows). */
async function sameTransaction(mailId: string, bookingId: string): Promise<boolean> {
  const [row] = rowsOf<{ same: boolean }>(
    await t.database.db.execute(sql`
      select (select xmin::text from outbox where id = ${mailId}::uuid) = (select xmin::text from slot_bookings where id = ${bookingId}::uuid) as same`),
  );
  return row!.same;
}

describe('booking mails', () => {
  it("a pickup ride's confirmation says it is a ride and where the driver comes, in the colour an admin picked", async () => {
    expect((await put('/api/settings/theme', admin, { theme: 'green' })).statusCode).toBe(200);
    const address = '4 Lake Road <b>Block A</b>, Kolkata';
    const b = await newBooking(
      t.app,
      customer.token,
      bookingFor(`${day} at 10:00`, { serviceId: SEEDED_OFFERING_IDS.pickup, pickupAddress: address }),
    );
    expect((await put(`/api/slots/confirm/${b.id}`, employee)).statusCode).toBe(200);
    const mail = (await mailsOf('booking_confirmed')).at(-1)!;

    expect(mail.subject).toBe(`Your pickup ride for Bruno is confirmed (${formatWhen(day, '10:00')})`);
    expect(mail.text).toContain(`This is a pickup ride: our driver will come to ${address} to collect Bruno.`);
    expect(mail.text).toContain(`Manage this booking: ${t.config.PUBLIC_URL}/slots`);
    expect(mail.html).toContain('4 Lake Road &lt;b&gt;Block A&lt;/b&gt;, Kolkata');
    expect(mail.html).not.toContain('<b>Block A</b>');
    // The button and the clinic's name in the theme's colour.
    const green = THEME_MAIL_COLORS.green;
    expect(mail.html).toContain(`bgcolor="${green}"`);
    expect(mail.html).toContain(`color:${green}">${t.config.CLINIC_NAME}</span>`);
    expect(mail.html).toMatch(/<a href="[^"]+\/slots"[^>]*>Manage this booking<\/a>/);
  });

  it('tells the customer the clinic moved their booking, in the transaction of the move', async () => {
    const b = await newBooking(t.app, customer.token, bookingFor(`${day} at 11:00`));
    expect((await put(`/api/slots/${b.id}/reschedule`, employee, { schedule: `${day} at 15:00` })).statusCode).toBe(
      200,
    );
    const mails = await mailsOf('booking_moved');
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe(`Your appointment for Bruno is moved to ${formatWhen(day, '15:00')}`);
    expect(mail.text).toContain(
      `The clinic moved Bruno's Pet Health Checkup from ${formatWhen(day, '11:00')} to ${formatWhen(day, '15:00')} (${t.config.CLINIC_TZ}).`,
    );
    expect(mail.text).toContain('The new time waits for the clinic to confirm it');
    expect(mail.text).toContain(`Manage this booking: ${t.config.PUBLIC_URL}/slots`);
    expect(mail.html).toContain('Manage this booking</a>');
    expect(await sameTransaction(mail.id, b.id)).toBe(true);
  });

  it('confirms a move the customer made, and mails nothing for a move refused', async () => {
    const b = await newBooking(t.app, customer.token, bookingFor(`${day} at 12:00`));
    const before = (await mailsOf('booking_moved')).length;
    // The same time is refused (400): no mail.
    expect((await put(`/api/slots/${b.id}/reschedule`, customer, { schedule: `${day} at 12:00` })).statusCode).toBe(
      400,
    );
    expect(await mailsOf('booking_moved')).toHaveLength(before);
    expect((await put(`/api/slots/${b.id}/reschedule`, customer, { schedule: `${day} at 16:00` })).statusCode).toBe(
      200,
    );
    const mails = await mailsOf('booking_moved');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toContain(
      `As you asked, Bruno's Pet Health Checkup is moved from ${formatWhen(day, '12:00')} to ${formatWhen(day, '16:00')}`,
    );
  });
});
