import { z } from 'zod';
import { IdParamSchema } from '#shared/common';
import { StaffBookingSchema } from '#shared/bookings';
import { NEXT_CURSOR_HEADER } from '#shared/http';
import {
  CareDueItemSchema,
  CareDueQuerySchema,
  CareStatusBatchQuerySchema,
  CareStatusBatchSchema,
  CareStatusItemSchema,
  CompleteVisitWithDosesSchema,
  DoseCreateSchema,
  DoseListQuerySchema,
  DoseSchema,
  VaccineCreateSchema,
  VaccineListQuerySchema,
  VaccineSchema,
  VaccineUpdateSchema,
} from '#shared/vaccines';
import { announceAudit } from '../audit/record.ts';
import { depsOf } from '../deps.ts';
import { currentUser } from '../lib/caller.ts';
import { pageOf } from '../lib/pagination.ts';
import { STAFF_ROLES } from '../lib/policy.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { announceBooking } from '../bookings/records.ts';
import { pushNotification } from '../notifications/service.ts';
import { assertPetVisible } from '../pets/service.ts';
import { createVaccine, listVaccines, updateVaccine } from './catalogue.ts';
import { announceDose, doseCursor, listDoses, recordDose } from './doses.ts';
import { careDueList, careStatusOfPet, careStatusOfPets } from './status.ts';
import { completeVisitWithDoses } from './visit-doses.ts';

/**
 * The pet's preventive care: the catalogue of vaccines and treatments (everyone signed in reads the active ones,
 * admins keep it), the doses staff record on a pet (its owner and staff read them), each pet's status per protocol,
 * and the clinic's list of pets due and overdue (staff).
 */
export default routes((app) => {
  const deps = depsOf(app);
  const adminOnly = app.requireRole('admin');
  const staffOnly = app.requireRole(...STAFF_ROLES);

  app.get(
    '/api/vaccines',
    {
      onRequest: async (request, reply) => {
        // Everyone signed in reads the catalogue in use; only admins the retired entries too.
        if ((request.query as { all?: unknown }).all === 'true') return adminOnly.call(app, request, reply);
        return app.authenticate.call(app, request, reply);
      },
      schema: {
        tags: ['vaccines'],
        summary: "The clinic's vaccines and preventive treatments in use, by name (all=true: retired ones too, admins)",
        ...secured,
        querystring: VaccineListQuerySchema,
        response: { 200: z.array(VaccineSchema), ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => listVaccines(deps, { all: request.query.all }),
  );

  app.post(
    '/api/vaccines',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['vaccines'],
        summary: 'Add a vaccine or preventive treatment with its protocol (admin)',
        ...secured,
        body: VaccineCreateSchema,
        response: { 201: VaccineSchema, ...errorReplies(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { vaccine, audit } = await createVaccine(deps, currentUser(request), request.body);
      announceAudit(deps, audit);
      return reply.status(201).send(vaccine);
    },
  );

  app.put(
    '/api/vaccines/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['vaccines'],
        summary:
          'Change the fields sent of a vaccine or treatment; active: false retires it (admin). Doses already given keep their due dates',
        ...secured,
        params: IdParamSchema,
        body: VaccineUpdateSchema,
        response: { 200: VaccineSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { vaccine, audit } = await updateVaccine(deps, currentUser(request), request.params.id, request.body);
      announceAudit(deps, audit);
      return vaccine;
    },
  );

  app.post(
    '/api/pets/:id/vaccinations',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['vaccines'],
        summary:
          'Record a dose given to the pet, or a correction of an entry (correctsId), by the signed-in staff member. nextDueOn comes from the protocol unless sent with nextDueReason; a batch expired on the day given is refused (400)',
        ...secured,
        params: IdParamSchema,
        body: DoseCreateSchema,
        response: { 201: DoseSchema, ...errorReplies(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const result = await recordDose(deps, currentUser(request), request.params.id, request.body);
      announceDose(deps, result);
      return reply.status(201).send(result.dose);
    },
  );

  app.put(
    '/api/slots/:id/complete',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['slots'],
        summary:
          "Mark a confirmed booking whose time has started completed, with the visit's notes and an optional next-due date (staff); the optional `doses` are the vaccines and treatments given at the visit, recorded with it on the visit's day, all or nothing (a batch expired on that day: 400, and nothing is recorded)",
        ...secured,
        params: IdParamSchema,
        body: CompleteVisitWithDosesSchema,
        response: { 200: StaffBookingSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { booking, notification, audit, doses } = await completeVisitWithDoses(
        deps,
        currentUser(request),
        request.params.id,
        request.body,
      );
      if (notification) pushNotification(deps, booking.userId, notification);
      announceBooking(deps, booking, 'completed');
      announceAudit(deps, audit);
      for (const dose of doses) announceDose(deps, dose);
      return booking;
    },
  );

  app.get(
    '/api/pets/:id/vaccinations',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['vaccines'],
        summary:
          "The pet's doses, newest given first, corrected entries included (with correctedById); its owner and staff",
        ...secured,
        params: IdParamSchema,
        querystring: DoseListQuerySchema,
        response: { 200: z.array(DoseSchema), ...errorReplies(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await assertPetVisible(deps, currentUser(request), request.params.id);
      const { limit, cursor } = request.query;
      return pageOf(reply, await listDoses(deps, request.params.id, limit, cursor), limit, doseCursor);
    },
  );

  app.get(
    '/api/pets/:id/care-status',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['vaccines'],
        summary:
          "The pet's status per protocol (up to date, due soon, overdue, not started), overdue first; its owner and staff",
        ...secured,
        params: IdParamSchema,
        response: { 200: z.array(CareStatusItemSchema), ...errorReplies(401, 404) },
      },
    },
    async (request) => {
      await assertPetVisible(deps, currentUser(request), request.params.id);
      return careStatusOfPet(deps, request.params.id);
    },
  );

  app.get(
    '/api/care/status',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['vaccines'],
        summary: 'The status per protocol of each pet named (petIds=a,b,..., at most 100; for the agenda); staff',
        ...secured,
        querystring: CareStatusBatchQuerySchema,
        response: { 200: CareStatusBatchSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => careStatusOfPets(deps, request.query.petIds),
  );

  app.get(
    '/api/care/due',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['vaccines'],
        summary:
          'Pets overdue (the longest first) or due soon for a protocol, filtered by species, protocol and days overdue; a page at a time (X-Next-Cursor); staff',
        ...secured,
        querystring: CareDueQuerySchema,
        response: { 200: z.array(CareDueItemSchema), ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { items, nextCursor } = await careDueList(deps, request.query);
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return items;
    },
  );
});
