import { z } from 'zod';
import { IdParamSchema, OkSchema, PageQuerySchema } from '#shared/common';
import { NotificationSchema, UnreadCountSchema } from '#shared/notifications';
import { depsOf } from '../deps.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { currentUser } from '../lib/caller.ts';
import { decodeCursor, pageOf } from '../lib/pagination.ts';
import { listNotifications, markAllRead, markRead, unreadCount } from './service.ts';

/** The signed-in user's notifications. */
export default routes((app) => {
  const deps = depsOf(app);
  app.get(
    '/api/notifications',
    {
      onRequest: app.authenticate,
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
        listNotifications(deps, me.id, limit, decodeCursor(cursor)),
        unreadCount(deps, me.id),
      ]);
      reply.header('x-unread-count', unread);
      return pageOf(reply, rows, limit, (n) => ({ at: new Date(n.createdAt), id: n.id }));
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: "How many of the caller's notifications are unread (the navbar's bell)",
        ...secured,
        response: { 200: UnreadCountSchema },
      },
    },
    async (request) => ({ count: await unreadCount(deps, currentUser(request).id) }),
  );

  app.put(
    '/api/notifications/:id/read',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Mark a notification read',
        ...secured,
        params: IdParamSchema,
        response: { 200: NotificationSchema, ...errorReplies(404) },
      },
    },
    async (request) => markRead(deps, currentUser(request).id, request.params.id),
  );

  app.put(
    '/api/notifications/read-all',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Mark all own notifications read',
        ...secured,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await markAllRead(deps, currentUser(request).id);
      return { ok: true as const };
    },
  );
});
