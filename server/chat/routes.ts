import type { FastifyInstance } from 'fastify';

/** Routes of the chat feature. */
export default async function chatRoutes(_app: FastifyInstance) {}
