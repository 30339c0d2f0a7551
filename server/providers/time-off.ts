import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import {
  PROVIDER_LIMITS,
  PROVIDER_MSG,
  type TimeOff,
  type TimeOffCreate,
  type TimeOffCreated,
} from '#shared/providers';
import { recordAudit } from '../audit/record.ts';
import { readableWhen } from '../bookings/records.ts';
import { countCoveredBy, timeOffBookingsPage, toTimeOffDto } from '../bookings/time-off-bookings.ts';
import { providerTimeOff, providers } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import type { AuthUser } from '../lib/caller.ts';
import { isUuid } from '../lib/ids.ts';
import { findProvider, type ProviderRow } from './service.ts';

/* A provider's time off: added by an admin or the provider, never cancelling a booking (decision 051). */

type TimeOffDeps = Pick<Deps, 'db'> & { config: Pick<Deps['config'], 'CLINIC_TZ'> };

const DAY_MS = 86_400_000;

/** The provider of a time-off request, when the caller may manage their time off: an admin, or that provider. */
async function providerFor(db: TimeOffDeps['db'], me: AuthUser, id: string): Promise<ProviderRow> {
  const provider = await findProvider(db, id);
  if (me.role !== 'admin' && provider.userId !== me.id) throw errors.forbidden(PROVIDER_MSG.notYours);
  return provider;
}

/** A provider's time off not over more than 30 days ago, by start (at most the cap and a month of past ones). */
export async function listTimeOff(
  { db }: TimeOffDeps,
  me: AuthUser,
  providerId: string,
  now = new Date(),
): Promise<TimeOff[]> {
  await providerFor(db, me, providerId);
  const rows = await db
    .select()
    .from(providerTimeOff)
    .where(
      and(
        eq(providerTimeOff.providerId, providerId),
        gt(providerTimeOff.endsAt, new Date(now.getTime() - 30 * DAY_MS)),
      ),
    )
    .orderBy(asc(providerTimeOff.startsAt))
    .limit(PROVIDER_LIMITS.upcomingTimeOff * 2);
  return rows.map(toTimeOffDto);
}

/**
 * Adds a time off (admin, or the provider). Its length, how far ahead it starts and the provider's number of entries
 * not yet over are capped; the count is read after the provider's row lock, so racing additions count one after
 * another. Bookings it covers are not cancelled: the answer lists them, as does the staff screen, to give to another
 * provider or move. The audit entry is written in the same transaction.
 */
export async function addTimeOff(
  { db, config }: TimeOffDeps,
  me: AuthUser,
  providerId: string,
  input: TimeOffCreate,
  now = new Date(),
): Promise<{ timeOff: TimeOffCreated; audit: AuditEntry }> {
  const provider = await providerFor(db, me, providerId);
  const startsAt = new Date(input.from);
  const endsAt = new Date(input.to);
  if (endsAt.getTime() <= now.getTime()) throw errors.badRequest(PROVIDER_MSG.timeOffPast);
  if (endsAt.getTime() - startsAt.getTime() > PROVIDER_LIMITS.timeOffDays * DAY_MS) {
    throw errors.badRequest(PROVIDER_MSG.timeOffTooLong);
  }
  if (startsAt.getTime() > now.getTime() + PROVIDER_LIMITS.timeOffAheadDays * DAY_MS) {
    throw errors.badRequest(PROVIDER_MSG.timeOffTooFar);
  }
  const { row, audit } = await db.transaction(async (tx) => {
    await tx.select({ id: providers.id }).from(providers).where(eq(providers.id, providerId)).for('update');
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(providerTimeOff)
      .where(and(eq(providerTimeOff.providerId, providerId), gt(providerTimeOff.endsAt, now)));
    if (n >= PROVIDER_LIMITS.upcomingTimeOff) throw errors.conflict(PROVIDER_MSG.timeOffTooMany);
    const [inserted] = await tx
      .insert(providerTimeOff)
      .values({ providerId, startsAt, endsAt, reason: input.reason, createdBy: me.id })
      .returning();
    const entry = await recordAudit(tx, me, {
      kind: 'provider.time_off_added',
      subjectType: 'provider',
      subjectId: providerId,
      summary: `Added time off for ${provider.displayName} from ${readableWhen(startsAt, config.CLINIC_TZ)} to ${readableWhen(endsAt, config.CLINIC_TZ)}${input.reason ? ` (${input.reason})` : ''}`,
      before: null,
      after: { id: inserted!.id, from: input.from, to: input.to, reason: input.reason },
    });
    return { row: inserted!, audit: entry };
  });
  const listed = await timeOffBookingsPage(db, config.CLINIC_TZ, PROVIDER_LIMITS.affectedListed, undefined, {
    timeOffId: row.id,
    now,
  });
  return {
    timeOff: {
      ...toTimeOffDto(row),
      affectedBookings: listed.slice(0, PROVIDER_LIMITS.affectedListed).map((r) => r.booking),
      affectedCount: await countCoveredBy(db, row.id, now),
    },
    audit,
  };
}

/** Removes a time off (admin, or the provider); 404 when it is not this provider's. */
export async function removeTimeOff(
  { db, config }: TimeOffDeps,
  me: AuthUser,
  providerId: string,
  timeOffId: string,
): Promise<{ audit: AuditEntry }> {
  const provider = await providerFor(db, me, providerId);
  if (!isUuid(timeOffId)) throw errors.notFound('Time off');
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(providerTimeOff)
      .where(and(eq(providerTimeOff.id, timeOffId), eq(providerTimeOff.providerId, providerId)))
      .returning();
    if (!removed) throw errors.notFound('Time off');
    const audit = await recordAudit(tx, me, {
      kind: 'provider.time_off_removed',
      subjectType: 'provider',
      subjectId: providerId,
      summary: `Removed time off of ${provider.displayName} from ${readableWhen(removed.startsAt, config.CLINIC_TZ)} to ${readableWhen(removed.endsAt, config.CLINIC_TZ)}`,
      before: toTimeOffDto(removed),
      after: null,
    });
    return { audit };
  });
}

/** The provider profile of a staff account, if it has one (the time-off screen opens on it). */
export async function providerOfUser(db: TimeOffDeps['db'], userId: string) {
  const [row] = await db.select().from(providers).where(eq(providers.userId, userId)).limit(1);
  return row;
}
