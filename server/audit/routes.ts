import { z } from 'zod';
import {
  AUDIT_ACTORS_ENDPOINT,
  AUDIT_ENDPOINT,
  AuditActorSchema,
  AuditEntrySchema,
  AuditListQuerySchema,
} from '#shared/audit';
import { depsOf } from '../deps.ts';
import { decodeCursor, pageOf } from '../lib/pagination.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { listAudit, listAuditActors } from './service.ts';

/**
 * The audit log, for admins: read only. Entries are written by the changes they record (`recordAudit`), and no
 * route changes or removes one; the table refuses it too (migration 0007).
 */
export default routes((app) => {
  const deps = depsOf(app);
  const adminOnly = app.requireRole('admin');

  app.get(
    AUDIT_ENDPOINT,
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'What staff and admins did, newest first (admin): filter by person (actorId), kind, and clinic-local days from/to (inclusive); X-Next-Cursor when more exist',
        ...secured,
        querystring: AuditListQuerySchema,
        response: { 200: z.array(AuditEntrySchema), ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { limit, cursor, ...filter } = request.query;
      const rows = await listAudit(deps, filter, limit, decodeCursor(cursor));
      reply.header('cache-control', 'no-store');
      return pageOf(reply, rows, limit, (e) => ({ at: new Date(e.at), id: e.id }));
    },
  );

  app.get(
    AUDIT_ACTORS_ENDPOINT,
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Everyone who appears in the audit log, by name, for its person filter (admin)',
        ...secured,
        response: { 200: z.array(AuditActorSchema), ...errorReplies(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAuditActors(deps);
    },
  );
});
