import { BOOKING_MSG, type StaffBooking } from '#shared/bookings';
import type { CompleteVisitWithDoses } from '#shared/vaccines';
import { recordOutcome } from '../bookings/outcome.ts';
import type { BookingConfig } from '../bookings/records.ts';
import type { Executor } from '../db/client.ts';
import { AppError, errors } from '../errors.ts';
import type { AuthUser } from '../lib/caller.ts';
import type { Notification } from '#shared/notifications';
import type { AuditEntry } from '#shared/audit';
import { checkDoseDates, doseConflict, recordDoseIn, type DoseConfig, type RecordedDose } from './doses.ts';

/** A dose's refusal, its detail's path put under `doses.<i>.` so the form shows it beside that dose. */
function underDose(i: number, err: unknown): unknown {
  const conflict = doseConflict(err);
  if (conflict instanceof AppError && conflict.details) {
    const details = conflict.details.map((d) => ({ ...d, path: `doses.${i}.${d.path}` }));
    return new AppError(conflict.statusCode, conflict.code, conflict.message, details);
  }
  return conflict;
}

/**
 * Completes a visit (PUT /api/slots/{id}/complete) with the doses given at it: the visit's record as the bookings
 * feature writes it, and in the same transaction each dose, given on the visit's day at this booking, as
 * `POST /api/pets/{id}/vaccinations` records it (the same checks: an expired batch, a vaccine not for the pet's
 * species). A dose refused leaves the booking confirmed and nothing recorded. Without doses it is the plain
 * completion.
 */
export async function completeVisitWithDoses(
  deps: { db: Executor; config: BookingConfig & DoseConfig },
  me: AuthUser,
  bookingId: string,
  body: CompleteVisitWithDoses,
  now = new Date(),
): Promise<{ booking: StaffBooking; notification?: Notification; audit: AuditEntry; doses: RecordedDose[] }> {
  const { doses: given, ...visit } = body;
  const result = await recordOutcome(
    deps,
    me,
    bookingId,
    {
      status: 'completed',
      visit,
      inVisit: async (tx, at) => {
        if (given.length && !at.petId) throw errors.badRequest(BOOKING_MSG.dosesNeedPet);
        const recorded: RecordedDose[] = [];
        for (const [i, d] of given.entries()) {
          const dose = { ...d, givenOn: at.date, bookingId: at.bookingId, correctsId: null };
          try {
            checkDoseDates(deps.config, dose, now);
            recorded.push(await recordDoseIn(tx, deps.config, me, at.petId!, dose, now));
          } catch (err) {
            throw underDose(i, err);
          }
        }
        return recorded;
      },
    },
    now,
  );
  return { ...result, doses: result.extra ?? [] };
}
