import { eq, sql } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import { BOOKING_NOTIFICATION_TYPES, type StaffBooking } from '#shared/bookings';
import type { Notification } from '#shared/notifications';
import { PROVIDER_MSG } from '#shared/providers';
import { recordAudit } from '../audit/record.ts';
import { withRetry } from '../db/retry.ts';
import { slotBookings } from '../db/schema/index.ts';
import { errors } from '../errors.ts';
import type { AuthUser } from '../lib/caller.ts';
import { isUuid } from '../lib/ids.ts';
import { createNotification } from '../notifications/service.ts';
import { namedProvider, pickProvider, providerTaken } from './providers.ts';
import { type BookingDeps, bookingWords, isOpen, lockOwnerOf, recordOf, toBookingDto } from './records.ts';

/* Giving a booking to another provider in one step: the same rules as booking, the same constraint (decision 051). */

/**
 * Gives an open booking that has not started to another provider (staff): the one named, or the fairest other free
 * one when none is named. One transaction under the customer's lock: the new provider is chosen by the booking's own
 * rules (does the service, works then, not off, not booked at an overlapping time) and written by one UPDATE the
 * exclusion constraint checks, so a provider racing for the same time ends with one of the two (409 for the other).
 * The customer is told in the app; the change is in the audit log. Time and seats stay as they are.
 */
export async function reassignBooking(
  deps: BookingDeps,
  me: AuthUser,
  id: string,
  providerId: string | null,
  now = new Date(),
): Promise<{ booking: StaffBooking; notification: Notification; audit: AuditEntry }> {
  const { db, config } = deps;
  if (!isUuid(id)) throw errors.notFound('Booking');
  try {
    return await withRetry(() =>
      db.transaction(async (tx) => {
        const owner = await lockOwnerOf(tx, id);
        const current = owner ? await recordOf(tx, id) : undefined;
        if (!current) throw errors.notFound('Booking');
        const b = current.booking;
        if (!isOpen(b.status) || b.startsAt.getTime() <= now.getTime()) {
          throw errors.conflict(PROVIDER_MSG.reassignClosed);
        }
        if (providerId && providerId === b.providerId) throw errors.conflict(PROVIDER_MSG.sameProvider);
        const named = providerId ? await namedProvider(tx, providerId, b.serviceId) : undefined;
        const pick = await pickProvider(tx, {
          serviceId: b.serviceId,
          startsAt: b.startsAt,
          endsAt: b.endsAt,
          timeZone: config.CLINIC_TZ,
          providerId: named?.id,
          notProviderId: b.providerId,
          bookingId: b.id,
        });
        if (!pick) {
          throw errors.conflict(named ? PROVIDER_MSG.busy(named.displayName) : PROVIDER_MSG.noneFree, 'SLOT_FULL');
        }
        await tx
          .update(slotBookings)
          .set({ providerId: pick.id, updatedAt: sql`now()` })
          .where(eq(slotBookings.id, id));
        const moved = (await recordOf(tx, id))!;
        const notification = await createNotification(
          { db: tx },
          {
            userId: b.userId,
            type: BOOKING_NOTIFICATION_TYPES.reassigned,
            title: 'Your booking is with another provider',
            body: `${pick.display_name} will now see ${b.petName} for the ${current.service.name} on ${moved.booking.schedule}.`,
            data: { bookingId: b.id, providerId: pick.id },
          },
        );
        const audit = await recordAudit(tx, me, {
          kind: 'booking.reassigned',
          subjectType: 'booking',
          subjectId: b.id,
          summary: `Gave ${bookingWords(current, config.CLINIC_TZ)} to ${pick.display_name}${current.providerName ? ` (was ${current.providerName})` : ''}`,
          before: { providerId: b.providerId, providerName: current.providerName },
          after: { providerId: pick.id, providerName: pick.display_name },
        });
        return { booking: toBookingDto(moved, config.CLINIC_TZ, now), notification, audit };
      }),
    );
  } catch (err) {
    if (providerTaken(err)) throw errors.conflict(PROVIDER_MSG.noneFree, 'SLOT_FULL');
    throw err;
  }
}
