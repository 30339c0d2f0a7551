import { z } from 'zod';
import { IdParamSchema, PageQuerySchema } from '#shared/common';
import {
  PET_MSG,
  PET_PHOTO_MAX_BYTES,
  PET_PHOTO_MIMES,
  PetCreateSchema,
  PetListQuerySchema,
  PetPhotoFormSchema,
  PetSchema,
  PetUpdateSchema,
} from '#shared/pets';
import { BookingSchema, type Booking } from '#shared/bookings';
import { depsOf } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { decodeCursor, pageOf } from '../lib/pagination.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { etagMatches, extensionOf, readOneFile, sendPrivateFile } from '../lib/uploads.ts';
import { currentUser } from '../lib/caller.ts';
import { petTimeline } from '../bookings/lists.ts';
import { archivePet, assertPetVisible, createPet, getPet, listPets, updatePet } from './service.ts';
import { deletePetPhoto, getPetPhoto, openPetPhoto, setPetPhoto } from './photo.ts';

const PetListSchema = z.array(PetSchema);
const TimelineSchema = z.array(BookingSchema);
const byStart = (b: Booking) => ({ at: new Date(b.startsAt), id: b.id });
/** `v` is the photo's version (its time) in the pet's `photoUrl`: such an address never shows another photo. */
const PhotoQuerySchema = z.object({ v: z.string().optional() });

/** A customer's pets: customers keep their own, staff read every customer's; the photo and the pet's timeline. */
export default routes((app) => {
  const deps = depsOf(app);
  const ownerOnly = app.requireRole('user');

  app.get(
    '/api/pets',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pets'],
        summary:
          "Own pets by name (archived ones with archived=true); staff pass ownerId to read a customer's pets, a customer may pass only their own id",
        ...secured,
        querystring: PetListQuerySchema,
        response: { 200: PetListSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { ownerId, archived } = request.query;
      const staff = me.role !== 'user';
      if (ownerId !== undefined && ownerId !== me.id) {
        if (!staff) throw errors.forbidden('You can only list your own pets.');
        if (!isUuid(ownerId)) throw errors.validation('ownerId must be a valid id');
      }
      if (staff && ownerId === undefined) throw errors.validation("Pass ownerId to list a customer's pets.");
      return listPets(deps, ownerId ?? me.id, archived, me);
    },
  );

  app.get(
    '/api/pets/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pets'],
        summary: 'One pet (its owner and staff; anyone else 404)',
        ...secured,
        params: IdParamSchema,
        response: { 200: PetSchema, ...errorReplies(401, 404) },
      },
    },
    async (request) => getPet(deps, currentUser(request), request.params.id),
  );

  app.post(
    '/api/pets',
    {
      onRequest: ownerOnly,
      schema: {
        tags: ['pets'],
        summary: 'Add a pet (customers); the birth date may not lie in the future',
        ...secured,
        body: PetCreateSchema,
        response: { 201: PetSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => reply.status(201).send(await createPet(deps, currentUser(request).id, request.body)),
  );

  app.put(
    '/api/pets/:id',
    {
      onRequest: ownerOnly,
      schema: {
        tags: ['pets'],
        summary: 'Change a pet (its owner): only the fields sent change, null clears an optional one; archived: 409',
        ...secured,
        params: IdParamSchema,
        body: PetUpdateSchema,
        response: { 200: PetSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updatePet(deps, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/pets/:id',
    {
      onRequest: ownerOnly,
      schema: {
        tags: ['pets'],
        summary: 'Archive a pet (its owner); its bookings and visits stay. Archiving again changes nothing',
        ...secured,
        params: IdParamSchema,
        response: { 200: PetSchema, ...errorReplies(401, 403, 404) },
      },
    },
    async (request) => archivePet(deps, currentUser(request).id, request.params.id),
  );

  app.put(
    '/api/pets/:id/photo',
    {
      onRequest: ownerOnly,
      schema: {
        tags: ['pets'],
        summary: `Set the pet's photo (its owner; multipart, one file "photo": PNG, JPEG or WebP by its bytes, at most ${PET_PHOTO_MAX_BYTES / 1024 / 1024} MB)`,
        ...secured,
        params: IdParamSchema,
        multipartBody: PetPhotoFormSchema,
        response: { 200: PetSchema, ...errorReplies(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      // The pet is checked before the upload is read: nobody's bytes are buffered for a pet that is not theirs.
      await assertPetVisible(deps, { id: me.id, role: 'user' }, request.params.id);
      const file = await readOneFile(request, {
        field: 'photo',
        maxBytes: PET_PHOTO_MAX_BYTES,
        allowed: PET_PHOTO_MIMES,
        messages: { required: PET_MSG.photoRequired, type: PET_MSG.photoType, tooLarge: PET_MSG.photoTooLarge },
      });
      return setPetPhoto(deps, me.id, request.params.id, file);
    },
  );

  app.get(
    '/api/pets/:id/photo',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pets'],
        summary:
          "The pet's photo (its owner and staff; anyone else 404), at most 1024 px on its long side; with an ETag (If-None-Match: 304) and kept by the browser a year when asked with the photoUrl's version",
        ...secured,
        params: IdParamSchema,
        querystring: PhotoQuerySchema,
      },
    },
    async (request, reply) => {
      const photo = await getPetPhoto(deps, currentUser(request), request.params.id);
      const cache = request.query.v === undefined ? 'no-cache' : 'max-age=31536000, immutable';
      reply.header('etag', photo.etag);
      if (etagMatches(request.headers['if-none-match'], photo.etag)) {
        return reply.status(304).header('cache-control', `private, ${cache}`).send();
      }
      return sendPrivateFile(reply, await openPetPhoto(deps, photo), {
        filename: `pet-photo.${extensionOf(photo.mime)}`,
        cache,
      });
    },
  );

  app.delete(
    '/api/pets/:id/photo',
    {
      onRequest: ownerOnly,
      schema: {
        tags: ['pets'],
        summary:
          "Remove the pet's photo (its owner), an archived pet's too: that frees its bytes of the account's storage",
        ...secured,
        params: IdParamSchema,
        response: { 200: PetSchema, ...errorReplies(401, 403, 404, 409) },
      },
    },
    async (request) => deletePetPhoto(deps, currentUser(request).id, request.params.id),
  );

  app.get(
    '/api/pets/:id/timeline',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pets'],
        summary: "The pet's bookings with their visit records, newest appointment first (its owner and staff)",
        ...secured,
        params: IdParamSchema,
        querystring: PageQuerySchema,
        response: { 200: TimelineSchema, ...errorReplies(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await assertPetVisible(deps, currentUser(request), request.params.id);
      const { limit, cursor } = request.query;
      const rows = await petTimeline(deps, request.params.id, limit, decodeCursor(cursor));
      return pageOf(reply, rows, limit, byStart);
    },
  );
});
