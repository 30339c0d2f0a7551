import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import { WEEKDAY_NAME, WEEKDAYS, type ClinicSettings } from '#shared/clinic-settings';
import {
  PROVIDER_LIMITS,
  PROVIDER_MSG,
  type Provider,
  type ProviderCreate,
  type ProviderUpdate,
  type WeeklyHours,
} from '#shared/providers';
import { changedFields, recordAudit } from '../audit/record.ts';
import { readClinic, type ClinicDefaultsConfig } from '../clinic/settings.ts';
import { isUniqueViolation, type Executor } from '../db/client.ts';
import { providers, services, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import type { AuthUser } from '../lib/caller.ts';
import { isUuid } from '../lib/ids.ts';

/* Provider profiles: who customers book, what they do and when they work (decision 051). */

export type ProviderRow = typeof providers.$inferSelect;
type ProviderWriteDeps = Pick<Deps, 'db'> & { config: ClinicDefaultsConfig };

/** The API shape of a stored provider. */
export function toProviderDto(r: ProviderRow): Provider {
  return {
    id: r.id,
    displayName: r.displayName,
    photoUrl: r.photoUrl,
    qualifications: r.qualifications,
    languages: r.languages,
    bio: r.bio,
    serviceIds: r.serviceIds,
    weeklyHours: [...r.weeklyHours].sort((a, b) => a.weekday - b.weekday || a.open.localeCompare(b.open)),
    active: r.active,
    userId: r.userId,
  };
}

/** The providers in name order: the active ones (of one service when named), or every one when `all`. */
export async function listProviders(
  db: Executor,
  { all = false, serviceId }: { all?: boolean; serviceId?: string } = {},
): Promise<Provider[]> {
  const rows = await db
    .select()
    .from(providers)
    .where(
      and(
        all ? undefined : eq(providers.active, true),
        serviceId ? sql`${serviceId}::uuid = any(${providers.serviceIds})` : undefined,
      ),
    )
    .orderBy(asc(providers.displayName));
  return rows.map(toProviderDto);
}

/** A stored provider; 404 for an unknown id. */
export async function findProvider(db: Executor, id: string): Promise<ProviderRow> {
  if (!isUuid(id)) throw errors.notFound('Provider');
  const [row] = await db.select().from(providers).where(eq(providers.id, id)).limit(1);
  if (!row) throw errors.notFound('Provider');
  return row;
}

/** Every stretch of a provider's week must lie inside the clinic's hours of that weekday (a closed weekday has none). */
function checkInsideClinic(week: WeeklyHours[], settings: ClinicSettings): void {
  week.forEach((h, i) => {
    const day = WEEKDAYS[h.weekday - 1]!;
    const open = settings.hours[day];
    if (open && open.open <= h.open && h.close <= open.close) return;
    const message = PROVIDER_MSG.hoursOutsideClinic(WEEKDAY_NAME[day], open ? `${open.open}-${open.close}` : 'not');
    const text = open ? message : `The clinic is closed on ${WEEKDAY_NAME[day]}s; a provider cannot work then.`;
    throw errors.validation(text, [{ path: `weeklyHours.${i}`, message: text }]);
  });
}

/** Every service named exists and is booked on the grid. */
async function checkServices(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: services.id, kind: services.kind })
    .from(services)
    .where(inArray(services.id, ids));
  if (rows.length !== ids.length || rows.some((r) => r.kind === 'emergency')) {
    throw errors.validation(PROVIDER_MSG.unknownService, [
      { path: 'serviceIds', message: PROVIDER_MSG.unknownService },
    ]);
  }
}

/** A second provider with the same name or the same account is refused by the unique indexes, whoever wrote first. */
function taken(err: unknown): never {
  if (isUniqueViolation(err, 'providers_user_uq')) throw errors.conflict(PROVIDER_MSG.userTaken);
  if (isUniqueViolation(err, 'providers_display_name_lower_uq')) throw errors.conflict(PROVIDER_MSG.nameTaken);
  throw err;
}

/** How the log says a provider's week: 'Mon 09:00-13:00, Tue 09:00-17:00'. */
const weekWords = (week: WeeklyHours[]) =>
  week.map((h) => `${WEEKDAY_NAME[WEEKDAYS[h.weekday - 1]!].slice(0, 3)} ${h.open}-${h.close}`).join(', ') ||
  'no hours';

/**
 * Adds a provider (admin): a staff account's profile, with services that exist and hours inside the clinic's. The
 * clinic's number of providers is counted under a transaction-wide advisory lock, so racing additions count one after
 * another; the audit entry is written in the same transaction.
 */
export async function createProvider(
  { db, config }: ProviderWriteDeps,
  actor: AuthUser,
  input: ProviderCreate,
): Promise<{ provider: Provider; audit: AuditEntry }> {
  const { settings } = await readClinic(db, config);
  checkInsideClinic(input.weeklyHours, settings);
  await checkServices(db, input.serviceIds);
  return db
    .transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(5101)`);
      const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, input.userId)).limit(1);
      if (!user) throw errors.notFound('User');
      if (user.role === 'user')
        throw errors.validation(PROVIDER_MSG.userNotStaff, [{ path: 'userId', message: PROVIDER_MSG.userNotStaff }]);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(providers);
      if (n >= PROVIDER_LIMITS.providers) throw errors.conflict(PROVIDER_MSG.tooMany);
      const [row] = await tx.insert(providers).values(input).returning();
      const audit = await recordAudit(tx, actor, {
        kind: 'provider.created',
        subjectType: 'provider',
        subjectId: row!.id,
        summary: `Added the provider ${row!.displayName} (${weekWords(input.weeklyHours)})`,
        before: null,
        after: { ...input },
      });
      return { provider: toProviderDto(row!), audit };
    })
    .catch(taken);
}

/**
 * Changes the fields sent of a provider (admin); `active: false` retires them (their bookings stay with them; staff
 * give them to others). New hours must lie inside the clinic's; bookings they already hold outside new hours stay.
 */
export async function updateProvider(
  { db, config }: ProviderWriteDeps,
  actor: AuthUser,
  id: string,
  patch: ProviderUpdate,
): Promise<{ provider: Provider; audit?: AuditEntry }> {
  if (!isUuid(id)) throw errors.notFound('Provider');
  if (patch.weeklyHours) checkInsideClinic(patch.weeklyHours, (await readClinic(db, config)).settings);
  if (patch.serviceIds) await checkServices(db, patch.serviceIds);
  const changes: Partial<typeof providers.$inferInsert> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined) Object.assign(changes, { [key]: value });
  }
  return db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(providers).where(eq(providers.id, id)).for('update');
      if (!current) throw errors.notFound('Provider');
      const [updated] = await tx
        .update(providers)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(providers.id, id))
        .returning();
      const before: ProviderUpdate = {
        displayName: current.displayName,
        photoUrl: current.photoUrl,
        qualifications: current.qualifications,
        languages: current.languages,
        bio: current.bio,
        serviceIds: current.serviceIds,
        weeklyHours: current.weeklyHours,
        active: current.active,
      };
      // Lists sent as they were (same services in any order, the same week) are no change.
      const same = (k: keyof ProviderUpdate) =>
        JSON.stringify(k === 'serviceIds' ? [...(patch.serviceIds ?? [])].sort() : patch[k]) ===
        JSON.stringify(k === 'serviceIds' ? [...current.serviceIds].sort() : before[k]);
      const sent = Object.fromEntries(
        Object.entries(patch).filter(([k, v]) => v !== undefined && !same(k as keyof ProviderUpdate)),
      ) as ProviderUpdate;
      const change = changedFields<ProviderUpdate>(before, sent);
      if (!change) return { provider: toProviderDto(updated!) };
      const fields = Object.keys(change.after).map((f) =>
        f === 'weeklyHours' ? `hours (${weekWords(patch.weeklyHours ?? [])})` : f === 'serviceIds' ? 'services' : f,
      );
      const audit = await recordAudit(tx, actor, {
        kind: 'provider.updated',
        subjectType: 'provider',
        subjectId: id,
        summary: `Changed the provider ${current.displayName}: ${fields.join(', ')}`,
        before: change.before,
        after: change.after,
      });
      return { provider: toProviderDto(updated!), audit };
    })
    .catch(taken);
}
