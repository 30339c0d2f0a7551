import type { FastifyInstance } from 'fastify';

/** Routes of the catalogue feature. */
export default async function catalogueRoutes(_app: FastifyInstance) {}
