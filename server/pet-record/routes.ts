import { z } from 'zod';
import { IdParamSchema } from '#shared/common';
import { WeightBodySchema, WeightEntrySchema, WeightListQuerySchema } from '#shared/pet-record';
import { PetAlertsBodySchema, PetAlertsSchema } from '#shared/pet-alerts';
import { depsOf } from '../deps.ts';
import { currentUser } from '../lib/caller.ts';
import { STAFF_ROLES } from '../lib/policy.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { readAlerts, setAlerts } from './alerts.ts';
import { listWeights, recordWeight } from './weights.ts';

/**
 * The pet's medical record beyond its visits (decision 047): staff write it, the owner reads what is not staff-only.
 * Every entry is kept; a correction is a new entry naming the one it corrects.
 */
export default routes((app) => {
  const deps = depsOf(app);
  const staffOnly = app.requireRole(...STAFF_ROLES);

  app.get(
    '/api/pets/:id/alerts',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['pet record'],
        summary: "The pet's alerts now and their last 50 changes, newest first (staff)",
        ...secured,
        params: IdParamSchema,
        response: { 200: PetAlertsSchema, ...errorReplies(401, 403, 404) },
      },
    },
    async (request) => readAlerts(deps, currentUser(request), request.params.id),
  );

  app.put(
    '/api/pets/:id/alerts',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['pet record'],
        summary:
          "Set the pet's alerts (staff): the whole list as it is to be now, an empty one clears them. The earlier lists stay in the pet's history and the audit log; an archived pet is 409",
        ...secured,
        params: IdParamSchema,
        body: PetAlertsBodySchema,
        response: { 200: PetAlertsSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => setAlerts(deps, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/pets/:id/weights',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pet record'],
        summary:
          "The pet's weights, newest measurement first (its owner and staff): those measured on their own and each visit's, with the entry that corrected one, if any",
        ...secured,
        params: IdParamSchema,
        querystring: WeightListQuerySchema,
        response: { 200: z.array(WeightEntrySchema), ...errorReplies(400, 401, 404) },
      },
    },
    async (request) => listWeights(deps, currentUser(request), request.params.id, request.query.limit),
  );

  app.post(
    '/api/pets/:id/weights',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['pet record'],
        summary:
          "Record a weight measured on its own (staff), with an optional body condition score (1-9); correctsId names an earlier weight (measured, or a visit's booking id) it corrects, which stays",
        ...secured,
        params: IdParamSchema,
        body: WeightBodySchema,
        response: { 201: WeightEntrySchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await recordWeight(deps, currentUser(request), request.params.id, request.body)),
  );
});
