import type { FastifyInstance } from 'fastify';

/** Routes of the slots feature. */
export default async function slotsRoutes(_app: FastifyInstance) {}
