import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import { formatDateTime } from '#shared/dates';
import type { Notification } from '#shared/notifications';
import { BOOKING_MSG, BOOKING_NOTIFICATION_TYPES, type Booking } from '#shared/bookings';
import { recordAudit } from '../audit/record.ts';
import { withRetry } from '../db/retry.ts';
import { slotBookings } from '../db/schema/index.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { readMailBrand } from '../mail/brand.ts';
import { bookingCanceledMail } from '../mail/booking-canceled.ts';
import { createNotification } from '../notifications/service.ts';
import { enqueueMail } from '../outbox/queue.ts';
import type { AuthUser } from '../lib/caller.ts';
import { readClinic } from '../clinic/settings.ts';
import { isStaff, mayOpenRecordOf } from '../lib/policy.ts';
import { type BookingDeps, OPEN, bookingMailFacts, bookingWords, isOpen, recordOf, toBookingDto } from './records.ts';
import { lockCustomer } from './records.ts';
import { checkChangeNotice, rideUnderWay } from './schedule.ts';

/* Cancelling a booking, by the customer within the notice or by staff; the seats are given back by a trigger. */

/**
 * Cancels a pending or confirmed booking once: the status change is guarded in the UPDATE, and the database trigger
 * gives its seats back in the same transaction. Staff may cancel any booking, a customer only their own (someone
 * else's is a 404, so ids cannot be probed) and not within the clinic's change notice. Cancelling twice is harmless;
 * a visit with its outcome cannot be canceled (409). The same transaction queues the customer's e-mail (the clinic's
 * cancellation, or a confirmation of their own) and, when staff canceled, their notification; the caller nudges the
 * outbox.
 */
export async function cancelBooking(
  deps: BookingDeps,
  me: AuthUser,
  id: string,
  now = new Date(),
): Promise<{ booking: Booking; changed: boolean; notification?: Notification; audit?: AuditEntry }> {
  const { db, config } = deps;
  if (!isUuid(id)) throw errors.notFound('Booking');
  const { settings } = isStaff(me) ? { settings: null } : await readClinic(db, config);
  return withRetry(() =>
    db.transaction(async (tx) => {
      const current = await recordOf(tx, id);
      if (!current || !mayOpenRecordOf(me, current.booking.userId)) throw errors.notFound('Booking');
      if (current.booking.status === 'canceled')
        return { booking: toBookingDto(current, config.CLINIC_TZ), changed: false };
      if (settings && isOpen(current.booking.status)) checkChangeNotice(settings, me, current.booking, now);
      // The owner's deletion may have taken the booking with it meanwhile: then the update finds nothing.
      await lockCustomer(tx, current.booking.userId);
      // Under the lock every change of the booking waits: the status read now is the one the update changes.
      const [held] = isStaff(me)
        ? await tx.select({ status: slotBookings.status }).from(slotBookings).where(eq(slotBookings.id, id)).limit(1)
        : [];
      // A customer cannot cancel a ride once the driver has set off (staff can, and call them).
      const [row] = await tx
        .update(slotBookings)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(
          and(
            eq(slotBookings.id, id),
            inArray(slotBookings.status, OPEN),
            isStaff(me) ? undefined : sql`coalesce(${slotBookings.rideStatus}, 'scheduled') = 'scheduled'`,
          ),
        )
        .returning({ id: slotBookings.id });
      const after = await recordOf(tx, id);
      if (!after) throw errors.notFound('Booking');
      if (!row) {
        if (after.booking.status === 'canceled')
          return { booking: toBookingDto(after, config.CLINIC_TZ), changed: false };
        if (isOpen(after.booking.status) && rideUnderWay(after.booking))
          throw errors.conflict(BOOKING_MSG.rideUnderWay);
        throw errors.conflict(BOOKING_MSG.cancelClosed);
      }
      const b = after.booking;
      const byClinic = b.userId !== me.id;
      let notification: Notification | undefined;
      if (byClinic) {
        notification = await createNotification(
          { db: tx },
          {
            userId: b.userId,
            type: BOOKING_NOTIFICATION_TYPES.canceled,
            title: 'Booking canceled',
            body: `The clinic canceled ${b.petName}'s appointment on ${formatDateTime(b.startsAt, config.CLINIC_TZ)}. Please book another time.`,
            data: { bookingId: b.id, schedule: b.schedule, status: 'canceled' },
          },
        );
      }
      const mail = bookingCanceledMail(await readMailBrand(tx, config), {
        ...bookingMailFacts(after, config),
        userName: b.userName,
        by: byClinic ? 'clinic' : 'customer',
      });
      await enqueueMail(tx, { kind: 'booking_canceled', to: b.userEmail, ...mail });
      // A customer canceling their own booking is not a staff action: only staff cancellations are recorded.
      const audit = held
        ? await recordAudit(tx, me, {
            kind: 'booking.canceled',
            subjectType: 'booking',
            subjectId: b.id,
            summary: `Canceled ${bookingWords(after, config.CLINIC_TZ)}`,
            before: { status: held.status },
            after: { status: 'canceled' },
          })
        : undefined;
      return { booking: toBookingDto(after, config.CLINIC_TZ), changed: true, notification, audit };
    }),
  );
}
