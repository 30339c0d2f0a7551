import { and, asc, eq } from 'drizzle-orm';
import { SERVICE_MSG, type Service } from '#shared/services';
import type { Executor } from '../db/client.ts';
import { services } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';

export type ServiceRow = typeof services.$inferSelect;
/** What reading a service needs: the database and the clinic's default capacity. */
export type ServiceDeps = Pick<Deps, 'db'> & { config: Pick<Deps['config'], 'SLOT_CAPACITY'> };

/** A service's seats per time: its own capacity, or the clinic's SLOT_CAPACITY when it has none. */
export const capacityOf = (row: ServiceRow, slotCapacity: number) => row.capacity ?? slotCapacity;

/** The API shape of a stored service. */
export function toServiceDto(row: ServiceRow, slotCapacity: number): Service {
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
