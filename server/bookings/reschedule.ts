import { eq, sql } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import { formatDateTime, formatWhen } from '#shared/dates';
import type { Notification } from '#shared/notifications';
import { BOOKING_MSG, BOOKING_NOTIFICATION_TYPES, type Booking } from '#shared/bookings';
import { recordAudit } from '../audit/record.ts';
import { withRetry } from '../db/retry.ts';
import { isUniqueViolation, rowsOf } from '../db/client.ts';
import { services, slotBookings } from '../db/schema/index.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { readMailBrand } from '../mail/brand.ts';
import { bookingMovedMail } from '../mail/booking-moved.ts';
import { createNotification } from '../notifications/service.ts';
import { enqueueMail } from '../outbox/queue.ts';
import type { AuthUser } from '../lib/caller.ts';
import { capacityOf } from '../offerings/service.ts';
import { readClinic } from '../clinic/settings.ts';
import { isStaff, mayOpenRecordOf } from '../lib/policy.ts';
import {
  type BookingDeps,
  bookingMailFacts,
  bookingWords,
  isOpen,
  lockOwnerOf,
  minutesBetween,
  readableWhen,
  recordOf,
  toBookingDto,
} from './records.ts';
import { addMinutes, checkChangeNotice, resolveSchedule, rideUnderWay, spanOf } from './schedule.ts';
import { pickProvider, providerTaken, serviceHasProviders } from './providers.ts';
import { PROVIDER_MSG } from '#shared/providers';

/* Moving a booking to another time in one transaction: the old seats are freed and the new ones taken, or nothing changes. */

/**
 * Moves an open booking that has not started to a new time of the same service, in one transaction: the booking's
 * row changes first (the trigger gives its old seats back), then every seat of the new time is taken with the same
 * conditional upsert as a booking; when any is full the transaction is undone and the booking stays exactly as it
 * was (409). A moved booking is pending again, for staff to confirm; when staff moved it, the customer is told. The
 * same transaction queues the customer's e-mail (the clinic's move, or a confirmation of their own); the caller
 * nudges the outbox.
 */
export async function rescheduleBooking(
  deps: BookingDeps,
  me: AuthUser,
  id: string,
  schedule: string,
  now = new Date(),
): Promise<{ booking: Booking; notification?: Notification; audit?: AuditEntry }> {
  const { db, config } = deps;
  if (!isUuid(id)) throw errors.notFound('Booking');
  try {
    return await withRetry(() =>
      db.transaction(async (tx) => {
        // The settings row's KEY SHARE lock holds off an admin's save until this move commits (decision 026).
        const clinic = await readClinic(tx, config, { lock: 'key share' });
        const owner = await lockOwnerOf(tx, id);
        const current = owner ? await recordOf(tx, id) : undefined;
        if (!current || !mayOpenRecordOf(me, current.booking.userId)) throw errors.notFound('Booking');
        const b = current.booking;
        if (isOpen(b.status) && rideUnderWay(b)) throw errors.conflict(BOOKING_MSG.rideUnderWay);
        if (!isOpen(b.status) || b.startsAt.getTime() <= now.getTime())
          throw errors.conflict(BOOKING_MSG.rescheduleClosed);
        checkChangeNotice(clinic.settings, me, b, now);
        const [service] = await tx.select().from(services).where(eq(services.id, b.serviceId)).limit(1);
        const span = spanOf(minutesBetween(b.startsAt, b.endsAt), clinic.seatStepMinutes);
        const { date, time, startsAt } = resolveSchedule(
          clinic,
          config.CLINIC_TZ,
          schedule,
          span.durationMinutes,
          { staff: isStaff(me) },
          now,
        );
        if (startsAt.getTime() === b.startsAt.getTime()) throw errors.badRequest(BOOKING_MSG.rescheduleSameTime);
        const endsAt = addMinutes(startsAt, span.durationMinutes);
        const petBusy = rowsOf(
          await tx.execute(sql`
            select 1 from slot_bookings
            where user_id = ${b.userId}::uuid and id <> ${b.id}::uuid and status in ('pending', 'confirmed')
              and starts_at < ${endsAt.toISOString()}::timestamptz and ends_at > ${startsAt.toISOString()}::timestamptz
              and ((pet_id is not null and pet_id = ${b.petId}::uuid) or lower(pet_name) = lower(${b.petName}))
            limit 1`),
        );
        if (petBusy.length > 0) throw errors.conflict(BOOKING_MSG.petBusy);
        // The booking keeps its provider when they are free at the new time, else goes to the fairest free one
        // (decision 051); a service without providers keeps what it has.
        let providerId = b.providerId;
        if (await serviceHasProviders(tx, b.serviceId)) {
          const pick = await pickProvider(tx, {
            serviceId: b.serviceId,
            startsAt,
            endsAt,
            timeZone: config.CLINIC_TZ,
            bookingId: b.id,
            preferProviderId: b.providerId,
          });
          if (!pick) throw errors.conflict(PROVIDER_MSG.noneFree, 'SLOT_FULL');
          providerId = pick.id;
        }
        await tx
          .update(slotBookings)
          .set({
            schedule: `${date} at ${time}`,
            startsAt,
            endsAt,
            seatStepMinutes: span.step,
            providerId,
            status: 'pending',
            updatedAt: sql`now()`,
          })
          .where(eq(slotBookings.id, id));
        const capacity = capacityOf(service!, config.SLOT_CAPACITY);
        const seats = rowsOf(
          await tx.execute(sql`
            insert into slot_seats (service_id, starts_at, booked)
            select ${b.serviceId}::uuid, t, 1
            from generate_series(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz - interval '1 microsecond', make_interval(mins => ${span.step}::int)) as t
            order by t
            on conflict (service_id, starts_at) do update set booked = slot_seats.booked + 1
            where slot_seats.booked < ${capacity}
            returning starts_at`),
        );
        if (seats.length < span.seats) throw errors.conflict(BOOKING_MSG.slotFull, 'SLOT_FULL');
        const moved = (await recordOf(tx, id))!;
        let notification: Notification | undefined;
        if (b.userId !== me.id) {
          notification = await createNotification(
            { db: tx },
            {
              userId: b.userId,
              type: BOOKING_NOTIFICATION_TYPES.rescheduled,
              title: 'Booking moved',
              body: `The clinic moved ${b.petName}'s ${current.service.name} from ${formatDateTime(b.startsAt, config.CLINIC_TZ)} to ${formatWhen(date, time)}.`,
              data: { bookingId: b.id, schedule: `${date} at ${time}`, status: 'pending' },
            },
          );
        }
        const mail = bookingMovedMail(await readMailBrand(tx, config), {
          ...bookingMailFacts(moved, config),
          userName: b.userName,
          from: b.startsAt,
          by: b.userId !== me.id ? 'clinic' : 'customer',
        });
        await enqueueMail(tx, { kind: 'booking_moved', to: b.userEmail, ...mail });
        // Customers move their own bookings freely: only staff moves are recorded.
        const audit = isStaff(me)
          ? await recordAudit(tx, me, {
              kind: 'booking.rescheduled',
              subjectType: 'booking',
              subjectId: b.id,
              summary: `Moved ${bookingWords(current, config.CLINIC_TZ)} to ${readableWhen(startsAt, config.CLINIC_TZ)}`,
              before: { schedule: b.schedule, ...(b.status === 'pending' ? {} : { status: b.status }) },
              after: { schedule: `${date} at ${time}`, ...(b.status === 'pending' ? {} : { status: 'pending' }) },
            })
          : undefined;
        return { booking: toBookingDto(moved, config.CLINIC_TZ, now), notification, audit };
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err, 'slot_bookings_pet_time_uq')) throw errors.conflict(BOOKING_MSG.petBusy);
    if (providerTaken(err)) throw errors.conflict(PROVIDER_MSG.noneFree, 'SLOT_FULL');
    throw err;
  }
}
