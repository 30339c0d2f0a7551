import { z } from 'zod';
import { IdParamSchema, PageQuerySchema } from '#shared/common';
import {
  ClinicalNoteBodySchema,
  ClinicalNoteSchema,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MIMES,
  DOCUMENT_TOO_LARGE,
  DocumentFieldsSchema,
  DocumentFormSchema,
  PET_RECORD_MSG,
  PetDocumentSchema,
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
import { errors, zodDetails } from '../errors.ts';
import { etagMatches, readFileAndFields, sendPrivateFile } from '../lib/uploads.ts';
import { readablePet } from './access.ts';
import { addClinicalNote, addDocument, listClinicalNotes, listDocuments, openDocument } from './documents.ts';
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

  app.get(
    '/api/pets/:id/documents',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pet record'],
        summary: "The pet's documents, newest first: staff see every one, its owner those not marked staff-only",
        ...secured,
        params: IdParamSchema,
        response: { 200: z.array(PetDocumentSchema), ...errorReplies(401, 404) },
      },
    },
    async (request) => listDocuments(deps, currentUser(request), request.params.id),
  );

  app.post(
    '/api/pets/:id/documents',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['pet record'],
        summary: `Attach a document to the pet or one of its visits (staff; multipart: "file" (PDF, JPEG or PNG by its bytes, at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB), "title", "staffOnly" (true or false), optional "kind" and "bookingId"). It counts in the owner's storage (413 past the quota) and is never changed or removed`,
        ...secured,
        params: IdParamSchema,
        multipartBody: DocumentFormSchema,
        response: { 201: PetDocumentSchema, ...errorReplies(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      // The pet is checked before the upload is read: no bytes are buffered for a pet that does not exist.
      const pet = await readablePet(deps.db, me, request.params.id);
      if (pet.archived) throw errors.conflict(PET_RECORD_MSG.archived);
      const { file, fields } = await readFileAndFields(request, {
        field: 'file',
        maxBytes: DOCUMENT_MAX_BYTES,
        allowed: DOCUMENT_MIMES,
        messages: {
          required: PET_RECORD_MSG.documentRequired,
          type: PET_RECORD_MSG.documentType,
          tooLarge: DOCUMENT_TOO_LARGE,
        },
      });
      const parsed = DocumentFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const details = zodDetails(parsed.error.issues);
        throw errors.validation(details[0]!.message, details);
      }
      return reply.status(201).send(await addDocument(deps, me, request.params.id, { file, ...parsed.data }));
    },
  );

  app.get(
    '/api/documents/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pet record'],
        summary:
          "A document's file, as its own type (staff, and its pet's owner unless it is staff-only; anyone else 404), with an ETag",
        ...secured,
        params: IdParamSchema,
      },
    },
    async (request, reply) => {
      const doc = await openDocument(deps, currentUser(request), request.params.id);
      reply.header('etag', doc.etag);
      if (etagMatches(request.headers['if-none-match'], doc.etag)) {
        if (!Buffer.isBuffer(doc.file.data)) doc.file.data.destroy();
        return reply.status(304).header('cache-control', 'private, no-cache').send();
      }
      return sendPrivateFile(reply, doc.file, { filename: doc.filename, cache: 'no-cache' });
    },
  );

  app.get(
    '/api/pets/:id/clinical-notes',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['pet record'],
        summary: "Staff-only clinical notes on the pet's visits, newest first (staff; never shown to the customer)",
        ...secured,
        params: IdParamSchema,
        response: { 200: z.array(ClinicalNoteSchema), ...errorReplies(401, 403, 404) },
      },
    },
    async (request) => listClinicalNotes(deps, currentUser(request), request.params.id),
  );

  app.post(
    '/api/pets/:id/clinical-notes',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['pet record'],
        summary:
          "Add a staff-only clinical note to one of the pet's visits (staff), or correct one (correctsId; the corrected note stays)",
        ...secured,
        params: IdParamSchema,
        body: ClinicalNoteBodySchema,
        response: { 201: ClinicalNoteSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addClinicalNote(deps, currentUser(request), request.params.id, request.body)),
  );
});
