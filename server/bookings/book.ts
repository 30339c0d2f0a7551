import { and, eq, sql } from 'drizzle-orm';
import { ageInYears, PET_MSG } from '#shared/pets';
import { OFFERING_MSG } from '#shared/offerings';
import { todayIn } from '#shared/dates';
import { parseSchedule, BOOKING_MSG, type BookSlotBody, type Booking } from '#shared/bookings';
import { withRetry } from '../db/retry.ts';
import { findPgError, isUniqueViolation, rowsOf, type Executor } from '../db/client.ts';
import { fromSqlRow } from '../db/rows.ts';
import { pets, slotBookings, users } from '../db/schema/index.ts';
import { errors } from '../errors.ts';
import type { AuthUser } from '../lib/caller.ts';
import { bookableOffering, capacityOf } from '../offerings/service.ts';
import { readClinic } from '../clinic/settings.ts';
import { type BookingDeps, type BookingRecord, type Row, recordOf, selectRecords, toBookingDto } from './records.ts';
import { alertsOfPets } from '../pet-record/alerts.ts';
import { addMinutes, resolveSchedule, spanOf } from './schedule.ts';
import { namedProvider, pickProviderSql, providerTaken, serviceHasProvidersSql } from './providers.ts';
import { PROVIDER_MSG } from '#shared/providers';

/* Booking a visit: one statement takes the seats and checks the customer's cap and the pet's other bookings (decision 021). */

/** The stored booking of one attempt (the customer's Idempotency-Key), if that attempt already booked. */
async function bookingOfAttempt(db: Executor, userId: string, key: string): Promise<BookingRecord | undefined> {
  const [record] = await selectRecords(db)
    .where(and(eq(slotBookings.userId, userId), eq(slotBookings.idempotencyKey, key)))
    .limit(1);
  return record;
}

/**
 * A retried attempt must ask for what it booked; anything else is a client reusing a key by mistake. The time it
 * asked for is the one it booked, even when the booking was moved since: the replay then gets the booking as it is.
 */
function assertSameAttempt(row: Row, body: BookSlotBody, date: string, time: string): void {
  const same =
    (row.bookedSchedule ?? row.schedule) === `${date} at ${time}` &&
    (body.petId ? row.petId === body.petId : row.petName === body.petName && row.petAge === (body.petAge ?? null)) &&
    (!body.serviceId || row.serviceId === body.serviceId) &&
    row.ownerName === body.ownerName &&
    row.phone === body.phone;
  if (!same) throw errors.conflict(BOOKING_MSG.keyReused);
}

/** The answer to a booking request: `created` is false when the request replayed an attempt already stored. */
export interface BookResult {
  booking: Booking;
  created: boolean;
}

/**
 * The booking an earlier request with this Idempotency-Key already stored, checked against the body, or undefined.
 * Lets the route answer a retry before counting it against the booking-attempt limit.
 */
export async function replayBooking(
  deps: BookingDeps,
  me: AuthUser,
  key: string,
  body: BookSlotBody,
): Promise<Booking | undefined> {
  if (me.role !== 'user') return undefined;
  const record = await bookingOfAttempt(deps.db, me.id, key);
  if (!record) return undefined;
  const parsed = parseSchedule(body.schedule);
  if (!parsed) throw errors.conflict(BOOKING_MSG.keyReused);
  assertSameAttempt(record.booking, body, parsed.date, parsed.time);
  return toBookingDto(record, deps.config.CLINIC_TZ);
}

/** The pet a booking names, with the name and age it is booked under; 404 for a pet that is not the customer's. */
async function petForBooking(deps: BookingDeps, me: AuthUser, body: BookSlotBody) {
  if (!body.petId) {
    return { petId: null, petName: body.petName ?? '', petAge: body.petAge ?? null };
  }
  const [pet] = await deps.db
    .select()
    .from(pets)
    .where(and(eq(pets.id, body.petId), eq(pets.ownerId, me.id)))
    .limit(1);
  if (!pet) throw errors.notFound('Pet');
  if (pet.archivedAt) throw errors.conflict(PET_MSG.archived);
  return { petId: pet.id, petName: pet.name, petAge: ageInYears(pet, todayIn(deps.config.CLINIC_TZ)) };
}

/** SQLSTATE `slot_seats_all_taken` raises when some, not all, of a booking's seats were free (migration 0002). */
const SEATS_PARTLY_FULL = 'PW409';

/**
 * Books a service for the signed-in customer in ONE statement (one round trip, its own transaction):
 * 1. `slot_booking_guard` (migration 0002) waits for the customer's row lock, then reads with a fresh snapshot
 *    whether the customer exists, how many upcoming open bookings they hold (the clinic's cap), the booking of an
 *    earlier request with the same Idempotency-Key, whether the pet already has a booking overlapping this one and
 *    whether the named pet is still the customer's; racing requests of one customer pass it one at a time, so these
 *    hold under any race;
 * 2. only when the guard lets it through, a data-modifying CTE takes one seat at every grid time the service covers,
 *    each with an atomic conditional upsert of that time's counter (no row back = full), in time order so two
 *    bookings never wait on each other crosswise; `slot_seats_all_taken` aborts the whole statement, seats
 *    included, when only some were free, and the booking is inserted only when all were. The NOT EXISTS read only
 *    refuses early when a time is already full (a crowd on a full time would otherwise queue on its row lock); the
 *    conditional upserts alone decide who gets the seats.
 * The seats are given back by a database trigger whenever the booking stops holding them (decisions 014 and 021).
 * The clinic's settings are read for every booking, and the statement checks, holding a KEY SHARE lock on their
 * row, that they are still the revision it used (an admin's save waits for it, or it sees the save and the booking
 * is decided again on the new settings): no booking lands on a day closed or a grid changed meanwhile (decision 026).
 */
export async function bookSlot(
  deps: BookingDeps,
  me: AuthUser,
  body: BookSlotBody,
  key?: string,
  { freshOffering = false, attempt = 1 }: { freshOffering?: boolean; attempt?: number } = {},
): Promise<BookResult> {
  const { db, config } = deps;
  if (me.role !== 'user') throw errors.forbidden(BOOKING_MSG.staffCannotBook);
  if (body.userId && body.userId !== me.id) throw errors.forbidden(BOOKING_MSG.otherUser);
  const clinic = await readClinic(db, config);
  const service = await bookableOffering(db, body.serviceId, { fresh: freshOffering });
  const span = spanOf(service.durationMinutes, clinic.seatStepMinutes);
  const { date, time, startsAt } = resolveSchedule(clinic, config.CLINIC_TZ, body.schedule, span.durationMinutes, {
    staff: false,
  });
  const maxOpen = clinic.settings.maxOpenBookings;
  const endsAt = addMinutes(startsAt, span.durationMinutes);
  const pet = await petForBooking(deps, me, body);
  const named = body.providerId ? await namedProvider(db, body.providerId, service.id) : undefined;
  const at = startsAt.toISOString();
  const until = endsAt.toISOString();
  const capacity = capacityOf(service, config.SLOT_CAPACITY);
  const bodyAddress = body.userAddress?.trim() || null;
  let pickupAddress: string | null = null;
  if (service.kind === 'pickup') {
    const [profile] = await db.select({ address: users.address }).from(users).where(eq(users.id, me.id)).limit(1);
    pickupAddress = body.pickupAddress ?? profile?.address ?? null;
    if (!pickupAddress) throw errors.badRequest(BOOKING_MSG.pickupAddressRequired);
  }

  // The guard's answer, and the booking's columns when one was made (id null when not).
  type Outcome = Record<string, unknown> & {
    customer_exists: boolean;
    open_bookings: number;
    earlier_id: string | null;
    pet_busy: boolean;
    pet_ok: boolean;
    service_current: boolean;
    settings_current: boolean;
    needs_provider: boolean;
    provider_free: boolean;
    provider_name: string | null;
    id: string | null;
  };
  let outcome: Outcome | undefined;
  try {
    [outcome] = await withRetry(async () =>
      rowsOf<Outcome>(
        await db.execute(sql`
          with guard as materialized (
            select * from slot_booking_guard(${me.id}::uuid, ${key ?? null}::text, ${pet.petId}::uuid, ${pet.petName}::text, ${at}::timestamptz, ${until}::timestamptz)
          ),
          -- The service is still as this request read it (a cached read may be behind an admin's change).
          current as materialized (
            select 1 from services s
            where s.id = ${service.id}::uuid and s.active and s.kind = ${service.kind}
              and s.duration_minutes = ${service.durationMinutes}::int and s.capacity is not distinct from ${service.capacity}::int
          ),
          -- The clinic's settings are still the revision this request read; the lock holds off a save until we commit,
          -- and a save that committed while we waited fails the check (it is re-read on the new row).
          settings as materialized (
            select 1 from site_settings
            where key = 'clinic' and (value->>'revision')::int = ${clinic.revision}::int
            for key share
          ),
          -- Who sees the pet (decision 051): the provider named, or the fairest free one; none for a service without
          -- providers. The exclusion constraint on slot_bookings decides between statements that chose the same one.
          needs as materialized (
            select ${serviceHasProvidersSql(service.id)} as needed
          ),
          pick as materialized (
            ${pickProviderSql({ serviceId: service.id, startsAt, endsAt, timeZone: config.CLINIC_TZ, providerId: named?.id })}
          ),
          seat as (
            insert into slot_seats (service_id, starts_at, booked)
            select ${service.id}::uuid, t, 1
            from guard, generate_series(${at}::timestamptz, ${until}::timestamptz - interval '1 microsecond', make_interval(mins => ${span.step}::int)) as t
            where guard.customer_exists and guard.earlier_id is null and guard.open_bookings < ${maxOpen}
              and guard.pet_ok and not guard.pet_busy and exists (select 1 from current) and exists (select 1 from settings)
              and (exists (select 1 from pick) or not (select needed from needs))
              -- Fast path, no lock: a service with a time already full is refused without queueing on its row.
              and not exists (
                select 1 from slot_seats s
                where s.service_id = ${service.id}::uuid and s.starts_at >= ${at}::timestamptz and s.starts_at < ${until}::timestamptz
                  and s.booked >= ${capacity}
              )
            order by t
            on conflict (service_id, starts_at) do update set booked = slot_seats.booked + 1
            where slot_seats.booked < ${capacity}
            returning starts_at
          ),
          taken as (
            select slot_seats_all_taken((select count(*)::int from seat), ${span.seats}::int) as ok
          ),
          booking as (
            insert into slot_bookings (user_id, user_name, user_email, user_address, schedule, starts_at, ends_at, seat_step_minutes,
                                       service_id, pet_id, pet_name, owner_name, pet_age, phone, note, pickup_address, idempotency_key,
                                       booked_schedule, provider_id)
            select ${me.id}::uuid, ${me.name}, ${me.email},
                   coalesce((select address from users where id = ${me.id}::uuid), ${bodyAddress}),
                   ${`${date} at ${time}`}, ${at}::timestamptz, ${until}::timestamptz, ${span.step}::int,
                   ${service.id}::uuid, ${pet.petId}::uuid, ${pet.petName}, ${body.ownerName}, ${pet.petAge}::int, ${body.phone},
                   ${body.note ?? null}, ${pickupAddress}, ${key ?? null}, ${`${date} at ${time}`},
                   (select id from pick)
            from taken where taken.ok
            returning *
          )
          select guard.customer_exists, guard.open_bookings, guard.earlier_id, guard.pet_busy, guard.pet_ok,
                 exists (select 1 from current) as service_current, exists (select 1 from settings) as settings_current,
                 (select needed from needs) as needs_provider, exists (select 1 from pick) as provider_free,
                 (select display_name from pick) as provider_name,
                 booking.*
          from guard left join booking on true`),
      ),
    );
  } catch (err) {
    if (isUniqueViolation(err, 'slot_bookings_pet_time_uq')) throw errors.conflict(BOOKING_MSG.petAlreadyBooked);
    if (findPgError(err)?.code === SEATS_PARTLY_FULL) throw errors.conflict(BOOKING_MSG.slotFull, 'SLOT_FULL');
    if (providerTaken(err)) {
      // Another booking took the provider this statement chose, and committed first: choose again among the rest.
      if (named) throw errors.conflict(PROVIDER_MSG.busy(named.displayName), 'SLOT_FULL');
      if (attempt < 5) return bookSlot(deps, me, body, key, { freshOffering, attempt: attempt + 1 });
      throw errors.conflict(PROVIDER_MSG.noneFree, 'SLOT_FULL');
    }
    throw err;
  }
  if (!outcome?.customer_exists) throw errors.unauthenticated();
  if (outcome.earlier_id) {
    const earlier = await recordOf(db, outcome.earlier_id);
    // Only the account's deletion removes bookings.
    if (!earlier) throw errors.unauthenticated();
    assertSameAttempt(earlier.booking, body, date, time);
    return { booking: toBookingDto(earlier, config.CLINIC_TZ), created: false };
  }
  if (!outcome.service_current) {
    // An admin changed or deactivated the service since it was read: decide again on what is stored now.
    if (!freshOffering) return bookSlot(deps, me, body, key, { freshOffering: true, attempt });
    throw errors.conflict(OFFERING_MSG.unavailable);
  }
  if (!outcome.settings_current) {
    // An admin saved the clinic's settings meanwhile: decide again on what is stored now.
    if (attempt < 3) return bookSlot(deps, me, body, key, { freshOffering, attempt: attempt + 1 });
    throw errors.conflict(BOOKING_MSG.settingsChanged);
  }
  if (!outcome.pet_ok) throw errors.conflict(PET_MSG.archived);
  const open = Number(outcome.open_bookings);
  if (open >= maxOpen) throw errors.conflict(BOOKING_MSG.tooManyOpen(open), 'BOOKING_LIMIT');
  if (outcome.pet_busy) throw errors.conflict(BOOKING_MSG.petBusy);
  if (outcome.needs_provider && !outcome.provider_free) {
    throw errors.conflict(named ? PROVIDER_MSG.busy(named.displayName) : PROVIDER_MSG.noneFree, 'SLOT_FULL');
  }
  if (!outcome.id) throw errors.conflict(BOOKING_MSG.slotFull, 'SLOT_FULL');
  const booking = fromSqlRow(slotBookings, outcome);
  // Staff screens hear of the booking with its pet's alerts.
  const alerts = booking.petId ? ((await alertsOfPets(deps.db, [booking.petId])).get(booking.petId) ?? []) : null;
  const record = { booking, service, visit: null, rideSteps: [], alerts, providerName: outcome.provider_name };
  return { booking: toBookingDto(record, config.CLINIC_TZ), created: true };
}
