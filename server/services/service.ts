import { and, asc, eq } from 'drizzle-orm';
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
 * The service a booking is for: the one named (404 when unknown, 409 when inactive or not booked on the grid), or,
 * for the spec's clients that name none, the first active checkup in the clinic's order.
 */
export async function bookableService(db: Executor, id: string | null | undefined): Promise<ServiceRow> {
  if (!id) {
    const [checkup] = await db
      .select()
      .from(services)
      .where(and(eq(services.kind, 'checkup'), eq(services.active, true)))
      .orderBy(asc(services.sortOrder), asc(services.name))
      .limit(1);
    if (!checkup) throw errors.conflict(SERVICE_MSG.unavailable);
    return checkup;
  }
  const row = await findService(db, id);
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
  return toServiceDto(row, config.SLOT_CAPACITY);
}
