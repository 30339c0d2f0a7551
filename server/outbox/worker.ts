import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';

/** Sends queued outbox mail. */
export function startOutboxWorker(_opts: { db: Db; config: Config; log: FastifyBaseLogger }) {
  return { stop: async () => {} };
}
