import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import { formatDateTime, formatDay, zonedDateTime } from '#shared/dates';
import { WEEKDAYS, type ClinicSettings } from '#shared/clinic-settings';
import type { Notification } from '#shared/notifications';
import { addDays, todayIn, zonedTimeToUtc } from '#shared/dates';
import { BOOKING_MSG, BOOKING_NOTIFICATION_TYPES, type CompleteVisitBody, type StaffBooking } from '#shared/bookings';
import { recordAudit } from '../audit/record.ts';
import { withRetry } from '../db/retry.ts';
import { type Executor } from '../db/client.ts';
import { pets, reminders, slotBookings, visits } from '../db/schema/index.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { createNotification } from '../notifications/service.ts';
import { readMailBrand } from '../mail/brand.ts';
import { visitSummaryMail } from '../mail/visit-summary.ts';
import { enqueueMail } from '../outbox/queue.ts';
import type { AuthUser } from '../lib/caller.ts';
import { readClinic } from '../clinic/settings.ts';
import {
  type BookingConfig,
  type BookingDeps,
  type Row,
  bookingMailFacts,
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

/** What else a completed visit records in its transaction (the doses given at it), once the booking is completed. */
export type InVisit<T> = (tx: Executor, visit: { bookingId: string; petId: string | null; date: string }) => Promise<T>;

/**
 * Records a visit's outcome (staff): a confirmed booking becomes `completed` with its visit record from the start of
 * its day, or `no_show` once its time has begun. The status change is guarded in the UPDATE; the visit, the pet's new weight and the
 * customer's notification are written in the same transaction, and so is what `inVisit` records (the doses given at
 * the visit, from the vaccines feature): when it throws, nothing of the visit is recorded.
 */
export async function recordOutcome<T = undefined>(
  deps: BookingDeps,
  me: AuthUser,
  id: string,
  outcome: { status: 'completed'; visit: CompleteVisitBody; inVisit?: InVisit<T> } | { status: 'no_show' },
  now = new Date(),
): Promise<{ booking: StaffBooking; notification?: Notification; audit: AuditEntry; extra?: T }> {
  const { db, config } = deps;
  if (!isUuid(id)) throw errors.notFound('Booking');
  return withRetry(() =>
    db.transaction(async (tx) => {
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
      const [row] = await tx
        .update(slotBookings)
        .set({ status: outcome.status, updatedAt: sql`now()` })
        .where(
          and(
            eq(slotBookings.id, id),
            eq(slotBookings.status, 'confirmed'),
            outcome.status === 'completed' ? lt(slotBookings.startsAt, deadline) : lte(slotBookings.startsAt, deadline),
          ),
        )
        .returning({ id: slotBookings.id });
      if (!row) outcomeRefusal(b, outcome.status, deadline);
      let notification: Notification | undefined;
      let extra: T | undefined;
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
        if (outcome.inVisit) extra = await outcome.inVisit(tx, { bookingId: b.id, petId: b.petId, date: visitDate });
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
        const mail = visitSummaryMail(await readMailBrand(tx, config), {
          ...bookingMailFacts(current, config),
          userName: b.userName,
          findings: v.findings,
          treatment: v.treatment,
          medicines: v.medicines,
          weightKg: v.weightKg === null ? null : Number(v.weightKg.toFixed(2)),
          nextDueDate: v.nextDueDate,
          nextDueReason: v.nextDueDate ? v.nextDueReason : null,
        });
        await enqueueMail(tx, { kind: 'visit_summary', to: b.userEmail, ...mail });
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
      return { booking: toBookingDto(after, config.CLINIC_TZ, now), notification, audit, extra };
    }),
  );
}
