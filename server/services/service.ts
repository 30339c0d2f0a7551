import { asc, eq } from 'drizzle-orm';
import { SERVICE_MSG, type Service, type ServiceCreate, type ServiceUpdate } from '#shared/services';
import { isUniqueViolation, type Executor } from '../db/client.ts';
import { services, slotBookings } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';

export type ServiceRow = typeof services.$inferSelect;
/** What reading a service needs: the database and the clinic's default capacity. */
export type ServiceDeps = Pick<Deps, 'db'> & { config: Pick<Deps['config'], 'SLOT_CAPACITY'> };

/** A service's seats per time: its own capacity, or the clinic's SLOT_CAPACITY when it has none. */
export const capacityOf = (row: ServiceRow, slotCapacity: number) => row.capacity ?? slotCapacity;

/** The API shape of a stored service. */
function toServiceDto(row: ServiceRow, slotCapacity: number): Service {
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
    bookable: row.kind !== 'emergency',
  };
}

/** A stored service by id, active or not; undefined for an unknown id or one that is not a UUID. */
export async function findService(db: Executor, id: string): Promise<ServiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(services).where(eq(services.id, id)).limit(1);
  return row;
}

/**
 * The services as last read, per database: every booking needs its service, an admin changes them rarely. A booking
 * checks in its own statement that the service it used is still as read (`bookSlot`), and reads afresh when not; this
 * process forgets the list as soon as it changes a service, other processes within SERVICES_TTL_MS.
 */
const cache = new WeakMap<object, { rows: ServiceRow[]; at: number }>();
const SERVICES_TTL_MS = 30_000;

async function allServices(db: Executor, fresh: boolean): Promise<ServiceRow[]> {
  const hit = cache.get(db);
  if (!fresh && hit && Date.now() - hit.at < SERVICES_TTL_MS) return hit.rows;
  const rows = await db.select().from(services).orderBy(asc(services.sortOrder), asc(services.name));
  cache.set(db, { rows, at: Date.now() });
  return rows;
}

/** Drops the cached services of a database, after a change to them. */
const forgetServices = (db: Executor) => cache.delete(db);

/**
 * The service a booking is for: the one named (404 when unknown, 409 when inactive or not booked on the grid), or,
 * for the spec's clients that name none, the first active checkup in the clinic's order. Read from the cache unless
 * `fresh`.
 */
export async function bookableService(
  db: Executor,
  id: string | null | undefined,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<ServiceRow> {
  if (id && !isUuid(id)) throw errors.notFound('Service');
  const rows = await allServices(db, fresh);
  if (!id) {
    const checkup = rows.find((r) => r.kind === 'checkup' && r.active);
    if (!checkup) throw errors.conflict(SERVICE_MSG.unavailable);
    return checkup;
  }
  const row = rows.find((r) => r.id === id);
  // A service added by another process since the list was read.
  if (!row && !fresh) return bookableService(db, id, { fresh: true });
  if (!row) throw errors.notFound('Service');
  if (row.kind === 'emergency') throw errors.badRequest(SERVICE_MSG.emergencyNotBookable);
  if (!row.active) throw errors.conflict(SERVICE_MSG.unavailable);
  return row;
}

/** The clinic's services in their order (sortOrder, then name): the active ones, or every one when `all`. */
export async function listServices(
  { db, config }: ServiceDeps,
  { all = false }: { all?: boolean } = {},
): Promise<Service[]> {
  const rows = await db
    .select()
    .from(services)
    .where(all ? undefined : eq(services.active, true))
    .orderBy(asc(services.sortOrder), asc(services.name));
  return rows.map((row) => toServiceDto(row, config.SLOT_CAPACITY));
}

/** What writing a service needs: the database, the clinic's default capacity and the grid step. */
export type ServiceWriteDeps = Pick<Deps, 'db'> & { config: Pick<Deps['config'], 'SLOT_CAPACITY' | 'SLOT_MINUTES'> };

/** A duration must cover whole grid steps: a booking holds every grid time its service covers. */
function checkDuration(durationMinutes: number | undefined, step: number) {
  if (durationMinutes === undefined || durationMinutes % step === 0) return;
  const message = SERVICE_MSG.durationStep(step);
  throw errors.validation(message, [{ path: 'durationMinutes', message }]);
}

/** Rupees as the numeric column stores them. */
const priceColumn = (price: number | null) => (price === null ? null : price.toFixed(2));

/** A second service of the same name (any case) is refused by the unique index, whoever wrote first. */
function nameTaken(err: unknown): never {
  if (isUniqueViolation(err, 'services_name_lower_uq')) throw errors.conflict(SERVICE_MSG.nameTaken);
  throw err;
}

/** Adds a service (admin). Its capacity is stored as given. */
export async function createService({ db, config }: ServiceWriteDeps, input: ServiceCreate): Promise<Service> {
  checkDuration(input.durationMinutes, config.SLOT_MINUTES);
  const [row] = await db
    .insert(services)
    .values({ ...input, price: priceColumn(input.price) })
    .returning()
    .catch(nameTaken);
  forgetServices(db);
  return toServiceDto(row!, config.SLOT_CAPACITY);
}

/**
 * Changes the fields sent of a service (admin); 404 for an unknown id. The kind of a service that has bookings is
 * fixed: the service row is locked FOR UPDATE first, which waits for (and then holds off) any booking being made
 * for it (a booking's foreign key takes a KEY SHARE lock on it), so no booking slips in between the check and the
 * change.
 */
export async function updateService(
  { db, config }: ServiceWriteDeps,
  id: string,
  patch: ServiceUpdate,
): Promise<Service> {
  checkDuration(patch.durationMinutes, config.SLOT_MINUTES);
  if (!isUuid(id)) throw errors.notFound('Service');
  const changes: Partial<typeof services.$inferInsert> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined) Object.assign(changes, { [key]: value });
  }
  if (patch.price !== undefined) changes.price = priceColumn(patch.price);
  const row = await db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(services).where(eq(services.id, id)).for('update');
      if (!current) throw errors.notFound('Service');
      if (patch.kind !== undefined && patch.kind !== current.kind) {
        const [booked] = await tx
          .select({ id: slotBookings.id })
          .from(slotBookings)
          .where(eq(slotBookings.serviceId, id))
          .limit(1);
        if (booked) throw errors.conflict(SERVICE_MSG.kindFixed);
      }
      const [updated] = await tx
        .update(services)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(services.id, id))
        .returning();
      return updated!;
    })
    .catch(nameTaken);
  forgetServices(db);
  return toServiceDto(row, config.SLOT_CAPACITY);
}
