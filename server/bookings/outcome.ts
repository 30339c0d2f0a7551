import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import { formatDateTime, formatDay, zonedDateTime } from '#shared/dates';
import { WEEKDAYS, type ClinicSettings } from '#shared/clinic-settings';
import type { Notification } from '#shared/notifications';
import { addDays, todayIn, zonedTimeToUtc } from '#shared/dates';
import { BOOKING_MSG, BOOKING_NOTIFICATION_TYPES, type StaffBooking } from '#shared/bookings';
import type { CompleteVisitWithDoses } from '#shared/vaccines';
import { recordAudit } from '../audit/record.ts';
import { withRetry } from '../db/retry.ts';
import { type Executor } from '../db/client.ts';
import { pets, reminders, slotBookings, visits } from '../db/schema/index.ts';
import { AppError, errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { createNotification } from '../notifications/service.ts';
import type { AuthUser } from '../lib/caller.ts';
import { readClinic } from '../clinic/settings.ts';
import { checkDoseDates, doseConflict, recordDoseIn, type DoseConfig, type RecordedDose } from '../vaccines/doses.ts';
import {
  type BookingConfig,
  type BookingDeps,
  type Row,
  bookingWords,
  dayBounds,
  lockOwnerOf,
  recordOf,
  toBookingDto,
} from './records.ts';

/* A visit's outcome (completed with notes and a next-due date, or no-show) and the care reminder it schedules. */

/**
 * The latest start a booking may have for this outcome to be recorded now: a visit may be completed from the start of
 * its day (a pet seen before its booked time), a no-show only once its time has begun.
 */
function outcomeDeadline(config: BookingConfig, status: 'completed' | 'no_show', now: Date): Date {
  return status === 'completed' ? dayBounds(todayIn(config.CLINIC_TZ, now), config.CLINIC_TZ).end : now;
}

/** The clinic's earliest opening time of the week: when care reminders go out (09:00 while no day is open). */
function firstOpening(settings: ClinicSettings): string {
  const opens = WEEKDAYS.flatMap((d) => settings.hours[d]?.open ?? []).sort();
  return opens[0] ?? '09:00';
}

/**
 * The care reminder of a visit whose record sets a next-due date: REMINDER_DAYS_BEFORE days before it, at opening
 * time; when that is already past, tomorrow at opening time, as long as that is still before the due date.
 */
async function scheduleCareReminder(tx: Executor, config: BookingConfig, b: Row, nextDueDate: string, now: Date) {
  const tz = config.CLINIC_TZ;
  const opening = firstOpening((await readClinic(tx, config)).settings);
  const forAt = zonedTimeToUtc(nextDueDate, opening, tz);
  let dueAt = zonedTimeToUtc(addDays(nextDueDate, -config.REMINDER_DAYS_BEFORE), opening, tz);
  if (dueAt.getTime() <= now.getTime()) dueAt = zonedTimeToUtc(addDays(todayIn(tz, now), 1), opening, tz);
  if (dueAt.getTime() >= forAt.getTime()) return;
  await tx
    .insert(reminders)
    .values({ kind: 'care', bookingId: b.id, userId: b.userId, dueAt, forAt })
    .onConflictDoUpdate({
      target: [reminders.kind, reminders.bookingId],
      set: { dueAt, forAt, sentAt: null },
    });
}

/** Why this outcome cannot be recorded for this booking (it is not confirmed, or not due yet). */
function outcomeRefusal(b: Row, status: 'completed' | 'no_show', deadline: Date): never {
  if (b.status === 'completed' || b.status === 'no_show') throw errors.conflict(BOOKING_MSG.outcomeRecorded);
  if (b.status !== 'confirmed') throw errors.conflict(BOOKING_MSG.outcomeNeedsConfirmed);
  if (b.startsAt.getTime() >= deadline.getTime() && status === 'completed') {
    throw errors.conflict(BOOKING_MSG.outcomeTooEarly);
  }
  if (b.startsAt.getTime() > deadline.getTime()) throw errors.conflict(BOOKING_MSG.noShowTooEarly);
  throw errors.conflict(BOOKING_MSG.outcomeNeedsConfirmed);
}

/**
 * Records a visit's outcome (staff): a confirmed booking becomes `completed` with its visit record from the start of
 * its day, or `no_show` once its time has begun. The status change is guarded in the UPDATE; the visit, the pet's new weight,
 * the doses given at the visit (each with its booking, on the visit's day) and the customer's notification are written
 * in the same transaction: a dose refused (an expired batch) leaves the visit as it was.
 */
export async function recordOutcome(
  deps: Pick<BookingDeps, 'db'> & { config: BookingConfig & DoseConfig },
  me: AuthUser,
  id: string,
  outcome: { status: 'completed'; visit: CompleteVisitWithDoses } | { status: 'no_show' },
  now = new Date(),
): Promise<{ booking: StaffBooking; notification?: Notification; audit: AuditEntry; doses: RecordedDose[] }> {
  const { db, config } = deps;
  if (!isUuid(id)) throw errors.notFound('Booking');
  return withRetry(() =>
    db
      .transaction(async (tx) => {
        const owner = await lockOwnerOf(tx, id);
        const current = owner ? await recordOf(tx, id) : undefined;
        if (!current) throw errors.notFound('Booking');
        const b = current.booking;
        const deadline = outcomeDeadline(config, outcome.status, now);
        const due = outcome.status === 'completed' ? b.startsAt < deadline : b.startsAt <= deadline;
        if (b.status !== 'confirmed' || !due) outcomeRefusal(b, outcome.status, deadline);
        const visitDate = zonedDateTime(b.startsAt, config.CLINIC_TZ).date;
        if (outcome.status === 'completed' && outcome.visit.nextDueDate && outcome.visit.nextDueDate <= visitDate) {
          throw errors.badRequest(BOOKING_MSG.nextDueBeforeVisit);
        }
        const doseBodies = (outcome.status === 'completed' ? outcome.visit.doses : []).map((d) => ({
          ...d,
          givenOn: visitDate,
          bookingId: b.id,
          correctsId: null,
        }));
        if (doseBodies.length && !b.petId) throw errors.badRequest(BOOKING_MSG.dosesNeedPet);
        doseBodies.forEach((d, i) => withDosePath(i, () => checkDoseDates(config, d, now)));
        const [row] = await tx
          .update(slotBookings)
          .set({ status: outcome.status, updatedAt: sql`now()` })
          .where(
            and(
              eq(slotBookings.id, id),
              eq(slotBookings.status, 'confirmed'),
              outcome.status === 'completed'
                ? lt(slotBookings.startsAt, deadline)
                : lte(slotBookings.startsAt, deadline),
            ),
          )
          .returning({ id: slotBookings.id });
        if (!row) outcomeRefusal(b, outcome.status, deadline);
        let notification: Notification | undefined;
        const doses: RecordedDose[] = [];
        if (outcome.status === 'completed') {
          const v = outcome.visit;
          await tx.insert(visits).values({
            bookingId: b.id,
            petId: b.petId,
            findings: v.findings,
            treatment: v.treatment,
            medicines: v.medicines,
            weightKg: v.weightKg === null ? null : v.weightKg.toFixed(2),
            nextDueDate: v.nextDueDate,
            nextDueReason: v.nextDueReason,
            recordedBy: me.id,
            recordedByName: me.name,
          });
          if (b.petId && v.weightKg !== null) {
            await tx
              .update(pets)
              .set({ weightKg: v.weightKg.toFixed(2), updatedAt: sql`now()` })
              .where(eq(pets.id, b.petId));
          }
          if (v.nextDueDate) await scheduleCareReminder(tx, config, b, v.nextDueDate, now);
          for (const [i, d] of doseBodies.entries())
            doses.push(await withDosePathAsync(i, () => recordDoseIn(tx, config, me, b.petId!, d, now)));
          const due = v.nextDueDate ? ` Next due: ${v.nextDueReason} on ${formatDay(v.nextDueDate)}.` : '';
          notification = await createNotification(
            { db: tx },
            {
              userId: b.userId,
              type: BOOKING_NOTIFICATION_TYPES.completed,
              title: 'Visit summary ready',
              body: `${b.petName}'s ${current.service.name} on ${formatDateTime(b.startsAt, config.CLINIC_TZ)} is complete.${due}`,
              data: { bookingId: b.id, schedule: b.schedule, status: 'completed', petId: b.petId },
            },
          );
        }
        const audit = await recordAudit(tx, me, {
          kind: outcome.status === 'completed' ? 'booking.completed' : 'booking.no_show',
          subjectType: 'booking',
          subjectId: b.id,
          summary:
            outcome.status === 'completed'
              ? `Completed ${bookingWords(current, config.CLINIC_TZ)}`
              : `Marked ${bookingWords(current, config.CLINIC_TZ)} as a no-show`,
          before: { status: 'confirmed' },
          after: { status: outcome.status },
        });
        const after = (await recordOf(tx, id))!;
        return { booking: toBookingDto(after, config.CLINIC_TZ, now), notification, audit, doses };
      })
      .catch((err: unknown) => {
        throw doseConflict(err);
      }),
  );
}

/** A dose's refusal, its detail's path put under `doses.<i>.` so the form can show it beside that dose. */
function underDose(i: number, err: unknown): unknown {
  if (err instanceof AppError && err.details) {
    const details = err.details.map((d) => ({ ...d, path: `doses.${i}.${d.path}` }));
    return new AppError(err.statusCode, err.code, err.message, details);
  }
  return err;
}
function withDosePath(i: number, check: () => void): void {
  try {
    check();
  } catch (err) {
    throw underDose(i, err);
  }
}
async function withDosePathAsync<T>(i: number, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw underDose(i, err);
  }
}
