import { z } from 'zod';
import { IdParamSchema } from '#shared/common';
import { OfferingCreateSchema, OfferingListQuerySchema, OfferingSchema, OfferingUpdateSchema } from '#shared/offerings';
import { announceAudit } from '../audit/record.ts';
import { depsOf } from '../deps.ts';
import { currentUser } from '../lib/caller.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { createOffering, listOfferings, updateOffering } from './service.ts';

/**
 * The clinic's services: GET /api/services (anyone; `?all=true` for admins lists the inactive ones too), and for
 * admins POST /api/services and PUT /api/services/{id}. A service is never deleted: `PUT {active: false}` retires it.
 */
export default routes((app) => {
  const deps = depsOf(app);
  const requireAdmin = app.requireRole('admin');

  app.get(
    '/api/services',
    {
      // Only the full list is for admins; the public list needs no token at all.
      onRequest: async (request, reply) => {
        if ((request.query as { all?: unknown }).all === 'true') await requireAdmin.call(app, request, reply);
      },
      schema: {
        tags: ['services'],
        summary: "The clinic's active services in order (all=true: every service, admins only)",
        querystring: OfferingListQuerySchema,
        response: { 200: z.array(OfferingSchema), ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => listOfferings(deps, { all: request.query.all }),
  );

  app.post(
    '/api/services',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['services'],
        summary: 'Add a service (admin)',
        ...secured,
        body: OfferingCreateSchema,
        response: { 201: OfferingSchema, ...errorReplies(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { service, audit } = await createOffering(deps, currentUser(request), request.body);
      announceAudit(deps, audit);
      return reply.status(201).send(service);
    },
  );

  app.put(
    '/api/services/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['services'],
        summary: 'Change the fields sent of a service; active: false retires it (admin)',
        ...secured,
        params: IdParamSchema,
        body: OfferingUpdateSchema,
        response: { 200: OfferingSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { service, audit } = await updateOffering(deps, currentUser(request), request.params.id, request.body);
      announceAudit(deps, audit);
      return service;
    },
  );
});
