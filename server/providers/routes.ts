import { z } from 'zod';
import { IdParamSchema } from '#shared/common';
import {
  ProviderCreateSchema,
  ProviderListQuerySchema,
  ProviderSchema,
  ProviderUpdateSchema,
  TimeOffCreatedSchema,
  TimeOffCreateSchema,
  TimeOffParamsSchema,
  TimeOffSchema,
} from '#shared/providers';
import { announceAudit } from '../audit/record.ts';
import { depsOf } from '../deps.ts';
import { errors } from '../errors.ts';
import { currentUser } from '../lib/caller.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { createProvider, listProviders, toProviderDto, updateProvider } from './service.ts';
import { addTimeOff, listTimeOff, providerOfUser, removeTimeOff } from './time-off.ts';

/**
 * Providers (decision 051): GET /api/providers (anyone; `all=true` for admins lists retired ones and the staff
 * accounts), admins add and change them; an admin or the provider manages the provider's time off.
 */
export default routes((app) => {
  const deps = depsOf(app);
  const requireAdmin = app.requireRole('admin');
  const staffOnly = app.requireRole('employee', 'admin');

  app.get(
    '/api/providers',
    {
      // Only the full list is for admins; the public list needs no token at all.
      onRequest: async (request, reply) => {
        if ((request.query as { all?: unknown }).all === 'true') await requireAdmin.call(app, request, reply);
      },
      schema: {
        tags: ['providers'],
        summary:
          "The clinic's active providers by name, optionally those doing one service (all=true: every provider with their staff account, admins only)",
        querystring: ProviderListQuerySchema,
        response: { 200: z.array(ProviderSchema), ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      const rows = await listProviders(deps.db, request.query);
      // Which staff account works as whom is for admins.
      return request.query.all ? rows : rows.map((p) => ({ ...p, userId: null }));
    },
  );

  app.get(
    '/api/providers/mine',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['providers'],
        summary: "The signed-in staff member's own provider profile (404 when they have none)",
        ...secured,
        response: { 200: ProviderSchema, ...errorReplies(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await providerOfUser(deps.db, currentUser(request).id);
      if (!row) throw errors.notFound('Provider');
      return toProviderDto(row);
    },
  );

  app.post(
    '/api/providers',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['providers'],
        summary:
          "Add a provider (admin): a staff account's profile, the services they do and their weekly hours inside the clinic's",
        ...secured,
        body: ProviderCreateSchema,
        response: { 201: ProviderSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { provider, audit } = await createProvider(deps, currentUser(request), request.body);
      announceAudit(deps, audit);
      return reply.status(201).send(provider);
    },
  );

  app.put(
    '/api/providers/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['providers'],
        summary: 'Change the fields sent of a provider; active: false retires them (admin)',
        ...secured,
        params: IdParamSchema,
        body: ProviderUpdateSchema,
        response: { 200: ProviderSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { provider, audit } = await updateProvider(deps, currentUser(request), request.params.id, request.body);
      announceAudit(deps, audit);
      return provider;
    },
  );

  app.get(
    '/api/providers/:id/time-off',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['providers'],
        summary: "A provider's time off, from a month ago on, by start (admin, or that provider)",
        ...secured,
        params: IdParamSchema,
        response: { 200: z.array(TimeOffSchema), ...errorReplies(401, 403, 404) },
      },
    },
    async (request) => listTimeOff(deps, currentUser(request), request.params.id),
  );

  app.post(
    '/api/providers/:id/time-off',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['providers'],
        summary:
          'Add time off (admin, or that provider): no booking is given to them then; bookings they already hold stay and are listed in the answer, for staff to give to another provider or move',
        ...secured,
        params: IdParamSchema,
        body: TimeOffCreateSchema,
        response: { 201: TimeOffCreatedSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { timeOff, audit } = await addTimeOff(deps, currentUser(request), request.params.id, request.body);
      announceAudit(deps, audit);
      return reply.status(201).send(timeOff);
    },
  );

  app.delete(
    '/api/providers/:id/time-off/:timeOffId',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['providers'],
        summary: 'Remove a time off (admin, or that provider)',
        ...secured,
        params: TimeOffParamsSchema,
        response: { 200: z.object({ ok: z.literal(true), id: z.string() }), ...errorReplies(401, 403, 404) },
      },
    },
    async (request) => {
      const { timeOffId } = request.params;
      const { audit } = await removeTimeOff(deps, currentUser(request), request.params.id, timeOffId);
      announceAudit(deps, audit);
      return { ok: true as const, id: timeOffId };
    },
  );
});
