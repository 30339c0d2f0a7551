import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ProductSchema, type Product } from '#shared/catalogue';
import { IDEMPOTENCY_KEY_HEADER, type DeliveryAddressInput } from '#shared/orders';
import { json } from './json.ts';

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

/** GET /api/products (with an optional query string such as `?q=Dog%20Food`), checked against the shared schema. */
export async function listProducts(app: FastifyInstance, query = ''): Promise<Product[]> {
  return json(await app.inject({ method: 'GET', url: `/api/products${query}` }), z.array(ProductSchema));
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
