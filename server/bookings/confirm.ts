import { and, eq, sql } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import { formatDateTime } from '#shared/dates';
import type { Notification } from '#shared/notifications';
import { BOOKING_NOTIFICATION_TYPES, type HospitalInfo, type StaffBooking } from '#shared/bookings';
import { recordAudit } from '../audit/record.ts';
import { slotBookings } from '../db/schema/index.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { readMailBrand } from '../mail/brand.ts';
import { bookingConfirmedMail } from '../mail/booking-confirmed.ts';
import { createNotification } from '../notifications/service.ts';
import { enqueueMail } from '../outbox/queue.ts';
import type { AuthUser } from '../lib/caller.ts';
import {
  type BookingDeps,
  bookingWords,
  explainMissing,
  lockOwnerOf,
  mailFactsOf,
  recordOf,
  toBookingDto,
} from './records.ts';

/* Staff confirm a booking: the customer is notified and e-mailed with the clinic's details. */

/**
 * Confirms a pending booking (staff). In one transaction: status + hospital info, the customer's notification,
 * the confirmation mail (with its calendar invite) in the outbox and the audit entry. The caller pushes the
 * notification and announces the entry after the commit.
 */
export async function confirmBooking(
  deps: BookingDeps,
  actor: AuthUser,
  id: string,
  hospital: HospitalInfo,
): Promise<{ booking: StaffBooking; notification: Notification; audit: AuditEntry }> {
  const { db, config } = deps;
  if (!isUuid(id)) throw errors.notFound('Booking');
  return db.transaction(async (tx) => {
    // The owner's lock first, as every booking change takes it (the notification below refers to the owner's row).
    await lockOwnerOf(tx, id);
    const [row] = await tx
      .update(slotBookings)
      .set({ status: 'confirmed', hospitalInfo: hospital, updatedAt: sql`now()` })
      .where(and(eq(slotBookings.id, id), eq(slotBookings.status, 'pending')))
      .returning({ id: slotBookings.id });
    if (!row) return explainMissing(tx, id);
    const record = (await recordOf(tx, id))!;
    const b = record.booking;
    const booking = toBookingDto(record, config.CLINIC_TZ);
    const notification = await createNotification(
      { db: tx },
      {
        userId: b.userId,
        type: BOOKING_NOTIFICATION_TYPES.confirmed,
        title: 'Booking confirmed',
        body: `${b.petName}'s ${record.service.name} at ${hospital.name} on ${formatDateTime(b.startsAt, config.CLINIC_TZ)} is confirmed.`,
        data: { bookingId: b.id, schedule: b.schedule, status: 'confirmed', hospitalInfo: hospital },
      },
    );
    const mail = bookingConfirmedMail(await readMailBrand(tx, config), mailFactsOf(record, hospital, config));
    await enqueueMail(tx, {
      kind: 'booking_confirmed',
      to: b.userEmail,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: [
        { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: mail.ics },
      ],
    });
    const audit = await recordAudit(tx, actor, {
      kind: 'booking.confirmed',
      subjectType: 'booking',
      subjectId: b.id,
      summary: `Confirmed ${bookingWords(record, config.CLINIC_TZ)}`,
      before: { status: 'pending' },
      after: { status: 'confirmed' },
    });
    return { booking, notification, audit };
  });
}
