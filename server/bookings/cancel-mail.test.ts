import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWhen } from '#shared/dates';
import { addDays, todayIn } from '#shared/dates';
import { type Booking } from '#shared/bookings';
import { rowsOf } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { bookingFor, newBooking } from '../test/bookings.ts';

type Person = Awaited<ReturnType<TestContext['buildUser']>>;

let t: TestContext;
let customer: Person;
let stranger: Person;
let employee: Person;
let day: string;

beforeAll(async () => {
  t = await createTestApp();
  [customer, stranger, employee] = await Promise.all([
    t.buildUser({ role: 'user', name: 'Tom & <script>alert(1)</script>' }),
    t.buildUser({ role: 'user' }),
    t.buildUser({ role: 'employee' }),
  ]);
  day = addDays(todayIn(t.config.CLINIC_TZ), 2);
});
afterAll(() => t.close());

const cancel = (id: string, who: Person) =>
  t.app.inject({ method: 'PUT', url: `/api/slots/cancel/${id}`, headers: t.auth(who.token) });

/** The booking-canceled mails queued for the customer, oldest first. */
const canceledMails = () =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, customer.user.email), eq(outbox.kind, 'booking_canceled')))
    .orderBy(outbox.createdAt);

/** True when the mail was written by the transaction that last changed the booking (PostgreSQL's xmin of both rows). */
async function sameTransaction(mailId: string, bookingId: string): Promise<boolean> {
  const [row] = rowsOf<{ same: boolean }>(
    await t.database.db.execute(sql`
      select (select xmin::text from outbox where id = ${mailId}::uuid) = (select xmin::text from slot_bookings where id = ${bookingId}::uuid) as same`),
  );
  return row!.same;
}

async function booked(time: string, petName = 'Bruno'): Promise<Booking> {
  return newBooking(t.app, customer.token, bookingFor(`${day} at ${time}`, { petName }));
}

describe('booking canceled e-mail', () => {
  it('tells the customer when staff cancel, in the one date format, in the transaction of the cancellation', async () => {
    const b = await booked('10:00');
    const before = (await canceledMails()).length;
    expect((await cancel(b.id, employee)).statusCode).toBe(200);
    const mails = await canceledMails();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    const when = formatWhen(day, '10:00');
    expect(mail.subject).toBe(`Your appointment for Bruno on ${when} is canceled`);
    expect(mail.text).toContain(
      `the clinic had to cancel Bruno's Pet Health Checkup on ${when} (${t.config.CLINIC_TZ}).`,
    );
    expect(mail.text).toContain(`Book another time: ${t.config.PUBLIC_URL}/slots`);
    expect(mail.html).toContain(`<a href="${t.config.PUBLIC_URL}/slots"`);
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain(day);
    expect(await sameTransaction(mail.id, b.id)).toBe(true);
  });

  it('confirms a cancellation the customer made', async () => {
    const b = await booked('10:30');
    expect((await cancel(b.id, customer)).statusCode).toBe(200);
    const mail = (await canceledMails()).at(-1)!;
    expect(mail.text).toContain(`As you asked, Bruno's Pet Health Checkup on ${formatWhen(day, '10:30')}`);
    expect(mail.text).toContain(`Manage this booking: ${t.config.PUBLIC_URL}/slots`);
    expect(await sameTransaction(mail.id, b.id)).toBe(true);
  });

  it('escapes the customer and pet names in the HTML', async () => {
    const b = await booked('11:00', 'Rex <script>x()</script> & Co');
    expect((await cancel(b.id, employee)).statusCode).toBe(200);
    const mail = (await canceledMails()).at(-1)!;
    expect(mail.html).toContain('Hello Tom &amp; &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail.html).toContain('Rex &lt;script&gt;x()&lt;/script&gt; &amp; Co&#39;s Pet Health Checkup');
    expect(mail.html).not.toContain('<script');
    expect(mail.text).toContain("Rex <script>x()</script> & Co's Pet Health Checkup");
  });

  it('mails nothing when the cancellation is refused or repeated', async () => {
    const b = await booked('11:30');
    const before = (await canceledMails()).length;
    expect((await cancel(b.id, stranger)).statusCode).toBe(404);
    expect(await canceledMails()).toHaveLength(before);
    expect((await cancel(b.id, customer)).statusCode).toBe(200);
    expect((await cancel(b.id, customer)).statusCode).toBe(200); // already canceled: harmless, no second mail
    expect((await cancel(b.id, employee)).statusCode).toBe(200);
    expect(await canceledMails()).toHaveLength(before + 1);

    // A visit with its outcome cannot be canceled (409): no mail.
    const done = await booked('12:00');
    await t.database.db.execute(sql`update slot_bookings set status = 'completed' where id = ${done.id}::uuid`);
    expect((await cancel(done.id, employee)).statusCode).toBe(409);
    expect(await canceledMails()).toHaveLength(before + 1);
  });
});
