import { z } from 'zod';
import { IdParamSchema } from '#shared/common';
import { EmergencyBodySchema, EmergencyCountSchema, EmergencySchema, EmergencyUpdateSchema } from '#shared/emergencies';
import { depsOf } from '../deps.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { pushNotification } from '../notifications/service.ts';
import { currentUser } from '../lib/caller.ts';
import { announceEmergency, listEmergencies, openCount, raiseEmergency, updateEmergency } from './service.ts';
import { STAFF_ROLES } from '../lib/policy.ts';

/** Emergency care: customers raise a request at any hour; staff work a live queue. */
export default routes((app) => {
  const deps = depsOf(app);
  const staffOnly = app.requireRole(...STAFF_ROLES);

  app.post(
    '/api/emergencies',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['emergencies'],
        summary:
          'Raise an emergency request (customers; open round the clock). At most one unresolved request per customer: another is refused with 409',
        ...secured,
        body: EmergencyBodySchema,
        response: { 201: EmergencySchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const emergency = await raiseEmergency(deps, currentUser(request), request.body);
      await announceEmergency(deps, emergency, 'raised');
      return reply.code(201).send(emergency);
    },
  );

  app.get(
    '/api/emergencies',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['emergencies'],
        summary:
          'Staff: every unresolved request (untriaged first, then triage level 1-3 and time), then the latest resolved ones. A customer: their own, newest first',
        ...secured,
        response: { 200: z.array(EmergencySchema), ...errorReplies(401) },
      },
    },
    async (request) => listEmergencies(deps, currentUser(request)),
  );

  app.get(
    '/api/emergencies/count',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['emergencies'],
        summary: 'How many emergency requests are unresolved (staff navbar badge)',
        ...secured,
        response: { 200: EmergencyCountSchema, ...errorReplies(401, 403) },
      },
    },
    async () => ({ open: await openCount(deps) }),
  );

  app.put(
    '/api/emergencies/:id',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['emergencies'],
        summary:
          'Move a request forward (open -> acknowledged -> assigned -> resolved; "assigned" assigns it to the caller), set its triage level (1 most urgent) or add a note (staff)',
        ...secured,
        params: IdParamSchema,
        body: EmergencyUpdateSchema,
        response: { 200: EmergencySchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { emergency, notification } = await updateEmergency(
        deps,
        currentUser(request),
        request.params.id,
        request.body,
      );
      if (notification) pushNotification(deps, emergency.customerId, notification);
      await announceEmergency(deps, emergency, 'updated');
      return emergency;
    },
  );
});
