import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, IdParamSchema, OkSchema, PageQuerySchema } from '#shared/common';
import { NotificationSchema } from '#shared/notifications';
import { currentUser } from '../plugins/auth';
import { decodeCursor, pageOf } from '../lib/pagination';
import { listNotifications, markAllRead, markRead, unreadCount } from './service';

const secured = { security: [{ bearerAuth: [] }] };

/** The signed-in user's notifications. */
export default async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/notifications',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Own notifications, newest first (X-Unread-Count header)',
        ...secured,
        querystring: PageQuerySchema,
        response: { 200: z.array(NotificationSchema) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { limit, cursor } = request.query;
      const [rows, unread] = await Promise.all([
        listNotifications(app.db, me.id, limit, decodeCursor(cursor)),
        unreadCount(app.db, me.id),
      ]);
      reply.header('x-unread-count', unread);
      return pageOf(reply, rows, limit, (n) => ({ at: new Date(n.createdAt), id: n.id }));
    },
  );

  app.put(
    '/api/notifications/:id/read',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Mark a notification read',
        ...secured,
        params: IdParamSchema,
        response: { 200: NotificationSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => markRead(app.db, currentUser(request).id, request.params.id),
  );

  app.put(
    '/api/notifications/read-all',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Mark all own notifications read',
        ...secured,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await markAllRead(app.db, currentUser(request).id);
      return { ok: true as const };
    },
  );
}
