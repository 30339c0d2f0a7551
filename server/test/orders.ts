import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, type DeliveryAddressInput } from '#shared/orders';
import { readClinic, writeClinic, type ClinicDefaultsConfig } from '../clinic/settings.ts';
import type { Executor } from '../db/client.ts';
import { products } from '../db/schema/index.ts';

/** A delivery address every rule accepts, for `name`. */
export function deliveryAddress(name = 'Pet Owner'): DeliveryAddressInput {
  return {
    name,
    pin: '700019',
    city: 'Kolkata',
    house: '12B',
    landmark: 'Near Lake Mall',
    state: 'West Bengal',
    country: 'India',
  };
}

/** The seeded products' ids by name, read from the table (what the catalogue answers is its own tests' business). */
export async function productIds(db: Executor): Promise<Map<string, number>> {
  const rows = await db.select({ id: products.id, name: products.name }).from(products);
  return new Map(rows.map((r) => [r.name, r.id]));
}

/**
 * POST /api/orders as the holder of `token`, with a fresh Idempotency-Key unless `key` names one (null: no header).
 * The body is sent as given, so tests can send what no checkout would.
 */
export function placeOrder(app: FastifyInstance, token: string, body: object, key?: string | null) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (key !== null) headers[IDEMPOTENCY_KEY_HEADER] = key ?? randomUUID();
  return app.inject({ method: 'POST', url: '/api/orders', headers, payload: body });
}

/** Sets the stock of products (all of them when no ids are given), for tests that rely on how many are left. */
export async function setStock(db: Executor, stock: number, ids?: number[]): Promise<void> {
  await db
    .update(products)
    .set({ stock })
    .where(ids ? inArray(products.id, ids) : undefined);
}

/** Units on the shelf of one product now. */
export async function stockOf(db: Executor, id: number): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row!.stock;
}

/**
 * Lifts the shop's caps against hoarding (decision 038: open unpaid orders per customer, units of a product per
 * order) for a file whose tests place many orders as one customer about other things; holds.test.ts tests the caps.
 */
export async function liftShopCaps(db: Executor, config: ClinicDefaultsConfig): Promise<void> {
  await db.transaction(async (tx) => {
    const clinic = await readClinic(tx, config, { lock: 'update' });
    const settings = { ...clinic.settings, maxUnpaidOrders: 100, maxUnitsPerProduct: 1000 };
    await writeClinic(tx, config.CLINIC_TZ, settings, clinic.revision + 1);
  });
}
