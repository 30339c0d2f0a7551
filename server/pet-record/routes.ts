import { z } from 'zod';
import { IdParamSchema, PageQuerySchema } from '#shared/common';
import {
  PrescriptionBodySchema,
  PrescriptionSchema,
  RefillDecisionBodySchema,
  RefillListQuerySchema,
  RefillRequestBodySchema,
  RefillRequestSchema,
  WeightBodySchema,
  WeightEntrySchema,
  WeightListQuerySchema,
  type RefillRequest,
} from '#shared/pet-record';
import { PetAlertsBodySchema, PetAlertsSchema } from '#shared/pet-alerts';
import { depsOf } from '../deps.ts';
import { currentUser } from '../lib/caller.ts';
import { STAFF_ROLES } from '../lib/policy.ts';
import { decodeCursor, pageOf } from '../lib/pagination.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { readAlerts, setAlerts } from './alerts.ts';
import { listWeights, recordWeight } from './weights.ts';
import { listPrescriptions, writePrescription } from './prescriptions.ts';
import { decideRefill, listRefills, requestRefill } from './refills.ts';

/**
 * The pet's medical record beyond its visits (decision 047): staff write it, the owner reads what is not staff-only.
 * Every entry is kept; a correction is a new entry naming the one it corrects.
 */
export default routes((app) => {
  const deps = depsOf(app);
  const staffOnly = app.requireRole(...STAFF_ROLES);
  const ownerOnly = app.requireRole('user');
  const byCreated = (r: RefillRequest) => ({ at: new Date(r.createdAt), id: r.id });

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

  app.get(
    '/api/pets/:id/prescriptions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pet record'],
        summary:
          "The pet's prescriptions, newest first, each with its refills left and its latest refill request (its owner and staff)",
        ...secured,
        params: IdParamSchema,
        response: { 200: z.array(PrescriptionSchema), ...errorReplies(401, 404) },
      },
    },
    async (request) => listPrescriptions(deps, currentUser(request), request.params.id),
  );

  app.post(
    '/api/pets/:id/prescriptions',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['pet record'],
        summary:
          'Write a prescription for the pet (staff), at one of its visits (bookingId) or on its own; productId names the shop product it dispenses; correctsId an earlier prescription it corrects, which stays and can no longer be refilled',
        ...secured,
        params: IdParamSchema,
        body: PrescriptionBodySchema,
        response: { 201: PrescriptionSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await writePrescription(deps, currentUser(request), request.params.id, request.body)),
  );

  app.post(
    '/api/prescriptions/:id/refill-requests',
    {
      onRequest: ownerOnly,
      schema: {
        tags: ['pet record'],
        summary:
          "Ask the clinic for a refill of one of your pet's prescriptions (its owner): 409 when no refill is left, one is already waiting, or the prescription was corrected",
        ...secured,
        params: IdParamSchema,
        body: RefillRequestBodySchema,
        response: { 201: RefillRequestSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await requestRefill(deps, currentUser(request), request.params.id, request.body.note)),
  );

  app.get(
    '/api/refill-requests',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['pet record'],
        summary:
          'Refill requests (staff): status=open (the default) is the work list, oldest first; approved and refused ones newest first',
        ...secured,
        querystring: PageQuerySchema.extend(RefillListQuerySchema.shape),
        response: { 200: z.array(RefillRequestSchema), ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { limit, cursor, status } = request.query;
      return pageOf(reply, await listRefills(deps, status, limit, decodeCursor(cursor)), limit, byCreated);
    },
  );

  app.put(
    '/api/refill-requests/:id',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['pet record'],
        summary:
          "Approve or refuse an open refill request (staff), with an optional note for the customer. An approval counts a refill (never past those allowed: 409) and puts a shop product into the customer's cart; a request is decided once (409)",
        ...secured,
        params: IdParamSchema,
        body: RefillDecisionBodySchema,
        response: { 200: RefillRequestSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => decideRefill(deps, currentUser(request), request.params.id, request.body),
  );
});
