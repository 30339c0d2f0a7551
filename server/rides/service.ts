import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Notification } from '#shared/notifications';
import {
  nextRideStep,
  RIDE_MSG,
  rideOf,
  RIDE_STATUS_LABELS,
  RIDE_STEPS,
  type Ride,
  type RideStatusBody,
  type RideStep,
} from '#shared/rides';
import { todayIn } from '#shared/dates';
import { type Booking } from '#shared/bookings';
import { readMailBrand } from '../mail/brand.ts';
import { rideStepMail } from '../mail/ride-step.ts';
import { rideSteps, slotBookings } from '../db/schema/index.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { createNotification } from '../notifications/service.ts';
import { enqueueMail } from '../outbox/queue.ts';
import type { AuthUser } from '../lib/caller.ts';
import {
  bookingMailFacts,
  dayBounds,
  lockOwnerOf,
  recordOf,
  selectRecords,
  toBookingDto,
  type BookingRecord,
  type BookingDeps,
} from '../bookings/records.ts';
import { withRetry } from '../db/retry.ts';

/** Notification types of rides (GET /api/notifications). */
const RIDE_NOTIFICATION_TYPES = { step: 'ride_step', message: 'ride_message' } as const;

/** What the customer is told at each step. */
const STEP_SENTENCE: Record<Exclude<RideStep, 'scheduled'>, (pet: string) => string> = {
  driver_on_the_way: (pet) => `Our driver is on the way to collect ${pet}.`,
  picked_up: (pet) => `${pet} has been picked up and is on the way to the clinic.`,
  at_clinic: (pet) => `${pet} has arrived at the clinic.`,
  on_the_way_home: (pet) => `${pet} is on the way home.`,
  dropped_off: (pet) => `${pet} is back home.`,
};

/** Steps the customer also hears about by e-mail. */
const MAILED_STEPS: readonly RideStep[] = ['picked_up', 'dropped_off'];

function toRide(record: BookingRecord, timeZone: string): Ride {
  return rideOf(toBookingDto(record, timeZone))!;
}

/** A clinic day's rides (staff), in time order. */
export async function listRides(deps: BookingDeps, date: string): Promise<Ride[]> {
  const { start, end } = dayBounds(date, deps.config.CLINIC_TZ);
  const rows = await selectRecords(deps.db)
    .where(and(isNotNull(slotBookings.rideStatus), gte(slotBookings.startsAt, start), lt(slotBookings.startsAt, end)))
    .orderBy(asc(slotBookings.startsAt), asc(slotBookings.id));
  return rows.map((r) => toRide(r, deps.config.CLINIC_TZ));
}

const withMessage = (sentence: string, message: string | undefined) =>
  message ? `${sentence} Message from the driver: "${message}"` : sentence;

/** Why a ride cannot take `status` now; `b` is the booking as stored. */
function refusal(b: BookingRecord['booking'], status: RideStep, timeZone: string, now: Date): never {
  if (!b.rideStatus) throw errors.conflict(RIDE_MSG.notARide);
  if (b.rideStatus === 'canceled' || b.rideStatus === 'dropped_off') throw errors.conflict(RIDE_MSG.over);
  if (b.status !== 'confirmed' && b.status !== 'completed') throw errors.conflict(RIDE_MSG.notConfirmed);
  const day = todayIn(timeZone, now);
  if (dayBounds(day, timeZone).end.getTime() <= b.startsAt.getTime()) throw errors.conflict(RIDE_MSG.notToday);
  if (b.rideStatus === status) throw errors.conflict(`This ride is already: ${RIDE_STATUS_LABELS[status]}`);
  const next = nextRideStep(b.rideStatus);
  throw errors.conflict(
    `This ride is at "${RIDE_STATUS_LABELS[b.rideStatus]}"; its next step is "${next ? RIDE_STATUS_LABELS[next] : '-'}"`,
  );
}

/**
 * Moves a ride one step forward (staff). The UPDATE's WHERE names the step before this one, the booking's statuses
 * that allow a ride and its day, so two drivers tapping at once move it once; the step is stored with who and when,
 * the customer's notification (and, for pickup and drop-off, the e-mail) in the same transaction.
 */
export async function advanceRide(
  deps: BookingDeps,
  me: AuthUser,
  id: string,
  body: RideStatusBody,
  now = new Date(),
): Promise<{ booking: Booking; notification: Notification; mailed: boolean }> {
  const { config } = deps;
  if (!isUuid(id)) throw errors.notFound('Booking');
  const index = RIDE_STEPS.indexOf(body.status);
  const previous = index > 0 ? RIDE_STEPS[index - 1]! : undefined;
  const todayEnds = dayBounds(todayIn(config.CLINIC_TZ, now), config.CLINIC_TZ).end;
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      const owner = await lockOwnerOf(tx, id);
      const current = owner ? await recordOf(tx, id) : undefined;
      if (!current) throw errors.notFound('Booking');
      const b = current.booking;
      const [row] = previous
        ? await tx
            .update(slotBookings)
            .set({ rideStatus: body.status, updatedAt: sql`now()` })
            .where(
              and(
                eq(slotBookings.id, id),
                eq(slotBookings.rideStatus, previous),
                inArray(slotBookings.status, ['confirmed', 'completed']),
                lt(slotBookings.startsAt, todayEnds),
              ),
            )
            .returning({ id: slotBookings.id })
        : [];
      if (!row) refusal(b, body.status, config.CLINIC_TZ, now);
      await tx.insert(rideSteps).values({ bookingId: id, status: body.status, setBy: me.id, message: body.message });
      const step = body.status as Exclude<RideStep, 'scheduled'>;
      const sentence = STEP_SENTENCE[step](b.petName);
      const notification = await createNotification(
        { db: tx },
        {
          userId: b.userId,
          type: RIDE_NOTIFICATION_TYPES.step,
          title: `Pickup ride: ${RIDE_STATUS_LABELS[step]}`,
          body: withMessage(sentence, body.message),
          data: { bookingId: id, rideStatus: step, petId: b.petId },
        },
      );
      const mailed = MAILED_STEPS.includes(step);
      if (mailed) {
        const mail = rideStepMail(await readMailBrand(tx, config), {
          ...bookingMailFacts(current, config),
          ownerName: b.ownerName,
          stepLabel: RIDE_STATUS_LABELS[step],
          sentence: withMessage(sentence, body.message),
        });
        await enqueueMail(tx, { kind: `ride_${step}`, to: b.userEmail, ...mail });
      }
      const after = (await recordOf(tx, id))!;
      return { booking: toBookingDto(after, config.CLINIC_TZ, now), notification, mailed };
    }),
  );
}

/** A driver's short message to the customer of a ride under way (an in-app notification, no step). */
export async function messageRideCustomer(
  deps: BookingDeps,
  id: string,
  message: string,
): Promise<{ userId: string; notification: Notification }> {
  if (!isUuid(id)) throw errors.notFound('Booking');
  return deps.db.transaction(async (tx) => {
    const current = await recordOf(tx, id);
    if (!current) throw errors.notFound('Booking');
    const b = current.booking;
    if (!b.rideStatus) throw errors.conflict(RIDE_MSG.notARide);
    if (b.rideStatus === 'canceled' || b.rideStatus === 'dropped_off') throw errors.conflict(RIDE_MSG.over);
    const notification = await createNotification(
      { db: tx },
      {
        userId: b.userId,
        type: RIDE_NOTIFICATION_TYPES.message,
        title: `Pickup ride for ${b.petName}`,
        body: `Message from the driver: "${message}"`,
        data: { bookingId: id, rideStatus: b.rideStatus, petId: b.petId },
      },
    );
    return { userId: b.userId, notification };
  });
}
