import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { PetSchema, type Pet } from '#shared/pets';
import { rowsOf, type Executor } from '../db/client.ts';
import type { TestContext } from './app.ts';
import { json } from './json.ts';

/** Someone signed in for a test: their user and token. */
export type Person = Awaited<ReturnType<TestContext['buildUser']>>;

/** A request as `who` (none: anonymous). */
export function as(app: FastifyInstance, who: { token: string } | undefined, opts: InjectOptions) {
  return app.inject({
    ...opts,
    headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...opts.headers },
  });
}

/** Adds a pet for its owner (201) and returns it. */
export async function addPet(app: FastifyInstance, owner: { token: string }, name = 'Bruno'): Promise<Pet> {
  const res = await as(app, owner, { method: 'POST', url: '/api/pets', payload: { name, species: 'dog' } });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, PetSchema);
}

/** An id no row has. */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/**
 * A completed visit of the pet `daysAgo` days ago with a weight, written directly (the past cannot be booked):
 * returns its booking's id.
 */
export async function pastVisit(
  db: Executor,
  pet: { id: string; ownerId: string },
  daysAgo: number,
  weightKg: number | null,
): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes, service_id, pet_id, pet_name, owner_name, phone, status)
      select u.id, u.name, u.email, 'earlier', now() - make_interval(days => ${daysAgo}::int),
             now() - make_interval(days => ${daysAgo}::int) + interval '30 minutes', 30, s.id, ${pet.id}::uuid, 'Bruno', u.name, '9876543210', 'completed'
        from users u, services s where u.id = ${pet.ownerId}::uuid and s.kind = 'checkup'
       order by s.sort_order limit 1
      returning id`),
  );
  await db.execute(sql`insert into visits (booking_id, pet_id, findings, weight_kg, recorded_by_name)
    values (${row!.id}::uuid, ${pet.id}::uuid, 'Healthy', ${weightKg === null ? null : weightKg.toFixed(2)}::numeric, 'Dr. Vet')`);
  return row!.id;
}
