import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { PetSchema, type Pet } from '#shared/pets';
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
