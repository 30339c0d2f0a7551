import { asc, eq } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import { formatRupees } from '#shared/money';
import { OFFERING_KIND_TAX } from '#shared/gst';
import { OFFERING_MSG, type Service, type OfferingCreate, type OfferingUpdate } from '#shared/offerings';
import { changedFields, recordAudit } from '../audit/record.ts';
import { isUniqueViolation, type Executor } from '../db/client.ts';
import { services, slotBookings } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import type { AuthUser } from '../lib/caller.ts';
import { readClinic, type ClinicDefaultsConfig } from '../clinic/settings.ts';

export type OfferingRow = typeof services.$inferSelect;
/** What reading a service needs: the database and the clinic's default capacity. */
export type OfferingDeps = Pick<Deps, 'db'> & { config: Pick<Deps['config'], 'SLOT_CAPACITY'> };

/** A service's seats per time: its own capacity, or the clinic's SLOT_CAPACITY when it has none. */
export const capacityOf = (row: OfferingRow, slotCapacity: number) => row.capacity ?? slotCapacity;

/** The API shape of a stored service. */
function toOfferingDto(row: OfferingRow, slotCapacity: number): Service {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    description: row.description,
    durationMinutes: row.durationMinutes,
    price: row.price === null ? null : Number(row.price),
    capacity: capacityOf(row, slotCapacity),
    active: row.active,
    sortOrder: row.sortOrder,
    needsAddress: row.kind === 'pickup',
    hsnSac: row.hsnSac,
    gstRate: row.gstRate,
    bookable: row.kind !== 'emergency',
  };
}

/** A stored service by id, active or not; undefined for an unknown id or one that is not a UUID. */
export async function findOffering(db: Executor, id: string): Promise<OfferingRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(services).where(eq(services.id, id)).limit(1);
  return row;
}

/**
 * The services as last read, per database: every booking needs its service, an admin changes them rarely. A booking
 * checks in its own statement that the service it used is still as read (`bookSlot`), and reads afresh when not; this
 * process forgets the list as soon as it changes a service, other processes within OFFERINGS_TTL_MS.
 */
const cache = new WeakMap<object, { rows: OfferingRow[]; at: number }>();
const OFFERINGS_TTL_MS = 30_000;

async function allOfferings(db: Executor, fresh: boolean): Promise<OfferingRow[]> {
  const hit = cache.get(db);
  if (!fresh && hit && Date.now() - hit.at < OFFERINGS_TTL_MS) return hit.rows;
  const rows = await db.select().from(services).orderBy(asc(services.sortOrder), asc(services.name));
  cache.set(db, { rows, at: Date.now() });
  return rows;
}

/** Drops the cached services of a database, after a change to them. */
const forgetOfferings = (db: Executor) => cache.delete(db);

/**
 * The service a booking is for: the one named (404 when unknown, 409 when inactive or not booked on the grid), or,
 * for the spec's clients that name none, the first active checkup in the clinic's order. Read from the cache unless
 * `fresh`.
 */
export async function bookableOffering(
  db: Executor,
  id: string | null | undefined,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<OfferingRow> {
  if (id && !isUuid(id)) throw errors.notFound('Service');
  const rows = await allOfferings(db, fresh);
  if (!id) {
    const checkup = rows.find((r) => r.kind === 'checkup' && r.active);
    if (!checkup) throw errors.conflict(OFFERING_MSG.unavailable);
    return checkup;
  }
  const row = rows.find((r) => r.id === id);
  // A service added by another process since the list was read.
  if (!row && !fresh) return bookableOffering(db, id, { fresh: true });
  if (!row) throw errors.notFound('Service');
  if (row.kind === 'emergency') throw errors.badRequest(OFFERING_MSG.emergencyNotBookable);
  if (!row.active) throw errors.conflict(OFFERING_MSG.unavailable);
  return row;
}

/** The clinic's services in their order (sortOrder, then name): the active ones, or every one when `all`. */
export async function listOfferings(
  { db, config }: OfferingDeps,
  { all = false }: { all?: boolean } = {},
): Promise<Service[]> {
  const rows = await db
    .select()
    .from(services)
    .where(all ? undefined : eq(services.active, true))
    .orderBy(asc(services.sortOrder), asc(services.name));
  return rows.map((row) => toOfferingDto(row, config.SLOT_CAPACITY));
}

/** What writing a service needs: the database, the clinic's default capacity and its settings (the slot length). */
type OfferingWriteDeps = Pick<Deps, 'db'> & { config: Pick<Deps['config'], 'SLOT_CAPACITY'> & ClinicDefaultsConfig };

/**
 * A new or changed duration must cover whole slots of the clinic's current slot length, so a service fills the grid
 * it is booked on. Seats stay right whatever the durations (decision 026): a later change of the slot length leaves
 * the services as they are.
 */
async function checkDuration({ db, config }: OfferingWriteDeps, durationMinutes: number | undefined) {
  if (durationMinutes === undefined) return;
  const step = (await readClinic(db, config)).settings.slotMinutes;
  if (durationMinutes % step === 0) return;
  const message = OFFERING_MSG.durationStep(step);
  throw errors.validation(message, [{ path: 'durationMinutes', message }]);
}

/** Rupees as the numeric column stores them. */
const priceColumn = (price: number | null) => (price === null ? null : price.toFixed(2));

/** A second service of the same name (any case) is refused by the unique index, whoever wrote first. */
function nameTaken(err: unknown): never {
  if (isUniqueViolation(err, 'services_name_lower_uq')) throw errors.conflict(OFFERING_MSG.nameTaken);
  throw err;
}

/** Rupees as the log shows them ('no price' when the service has none). */
const priceWords = (price: number | null | undefined) => (price == null ? 'no price' : formatRupees(price));

/** Adds a service (admin). Its capacity is stored as given; the audit entry is written in the same transaction. */
export async function createOffering(
  { db, config }: OfferingWriteDeps,
  actor: AuthUser,
  input: OfferingCreate,
): Promise<{ service: Service; audit: AuditEntry }> {
  await checkDuration({ db, config }, input.durationMinutes);
  const result = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(services)
        .values({
          ...input,
          price: priceColumn(input.price),
          hsnSac: input.hsnSac ?? OFFERING_KIND_TAX[input.kind].hsnSac,
          gstRate: input.gstRate ?? OFFERING_KIND_TAX[input.kind].gstRate,
        })
        .returning();
      const audit = await recordAudit(tx, actor, {
        kind: 'service.created',
        subjectType: 'service',
        subjectId: row!.id,
        summary: `Added the service ${row!.name} (${row!.durationMinutes} min, ${priceWords(input.price)})`,
        before: null,
        after: { ...input, hsnSac: row!.hsnSac, gstRate: row!.gstRate },
      });
      return { row: row!, audit };
    })
    .catch(nameTaken);
  forgetOfferings(db);
  return { service: toOfferingDto(result.row, config.SLOT_CAPACITY), audit: result.audit };
}

/** A field's value as a service update holds it. */
type FieldValue = OfferingUpdate[keyof OfferingUpdate];

/** One changed field of a service as the log's summary says it: 'duration 30 → 60 min'. */
function serviceChangeWords(field: keyof OfferingUpdate, before: FieldValue, after: FieldValue): string {
  switch (field) {
    case 'description':
      return 'description';
    case 'durationMinutes':
      return `duration ${String(before)} → ${String(after)} min`;
    case 'price':
      return `price ${priceWords(before as number | null)} → ${priceWords(after as number | null)}`;
    case 'capacity':
      return `capacity ${before === null ? 'the clinic default' : String(before)} → ${String(after)}`;
    case 'sortOrder':
      return `position ${String(before)} → ${String(after)}`;
    case 'hsnSac':
      return `SAC ${String(before)} → ${String(after)}`;
    case 'gstRate':
      return `GST rate ${String(before)}% → ${String(after)}%`;
    default:
      return `${field} ${String(before)} → ${String(after)}`;
  }
}

/**
 * Changes the fields sent of a service (admin); 404 for an unknown id. The kind of a service that has bookings is
 * fixed: the service row is locked FOR UPDATE first, which waits for (and then holds off) any booking being made
 * for it (a booking's foreign key takes a KEY SHARE lock on it), so no booking slips in between the check and the
 * change. The fields that really changed are recorded in the audit log in the same transaction.
 */
export async function updateOffering(
  { db, config }: OfferingWriteDeps,
  actor: AuthUser,
  id: string,
  patch: OfferingUpdate,
): Promise<{ service: Service; audit?: AuditEntry }> {
  await checkDuration({ db, config }, patch.durationMinutes);
  if (!isUuid(id)) throw errors.notFound('Service');
  const changes: Partial<typeof services.$inferInsert> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined) Object.assign(changes, { [key]: value });
  }
  if (patch.price !== undefined) changes.price = priceColumn(patch.price);
  const { row, audit } = await db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(services).where(eq(services.id, id)).for('update');
      if (!current) throw errors.notFound('Service');
      if (patch.kind !== undefined && patch.kind !== current.kind) {
        const [booked] = await tx
          .select({ id: slotBookings.id })
          .from(slotBookings)
          .where(eq(slotBookings.serviceId, id))
          .limit(1);
        if (booked) throw errors.conflict(OFFERING_MSG.kindFixed);
      }
      const [updated] = await tx
        .update(services)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(services.id, id))
        .returning();
      const change = changedFields<OfferingUpdate>(
        {
          name: current.name,
          kind: current.kind,
          description: current.description,
          durationMinutes: current.durationMinutes,
          price: current.price === null ? null : Number(current.price),
          // null: the clinic's SLOT_CAPACITY.
          capacity: current.capacity as number,
          active: current.active,
          sortOrder: current.sortOrder,
          hsnSac: current.hsnSac,
          gstRate: current.gstRate as OfferingUpdate['gstRate'],
        },
        patch,
      );
      if (!change) return { row: updated! };
      const fields = (Object.keys(change.after) as (keyof OfferingUpdate)[]).filter((f) => f !== 'active');
      const words = fields.map((f) => serviceChangeWords(f, change.before[f], change.after[f])).join(', ');
      const status =
        change.after.active === false ? 'Retired' : change.after.active === true ? 'Brought back' : undefined;
      const summary = status
        ? `${status} the service ${current.name}` + (words ? `, and changed ${words}` : '')
        : `Changed the service ${current.name}: ${words}`;
      const entry = await recordAudit(tx, actor, {
        kind: 'service.updated',
        subjectType: 'service',
        subjectId: id,
        summary,
        before: change.before,
        after: change.after,
      });
      return { row: updated!, audit: entry };
    })
    .catch(nameTaken);
  forgetOfferings(db);
  return { service: toOfferingDto(row, config.SLOT_CAPACITY), audit };
}
