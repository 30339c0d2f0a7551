import type { FastifyInstance } from 'fastify';

/** Routes of the orders feature. */
export default async function ordersRoutes(_app: FastifyInstance) {}
