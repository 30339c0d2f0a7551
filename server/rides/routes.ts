import { z } from 'zod';
import { OkSchema } from '#shared/common';
import { RideListQuerySchema, RideMessageBodySchema, RideSchema, RideStatusBodySchema } from '#shared/rides';
import { BookingSchema } from '#shared/bookings';
import { depsOf } from '../deps.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { pushNotification } from '../notifications/service.ts';
import { nudgeOutbox } from '../outbox/queue.ts';
import { currentUser } from '../lib/caller.ts';
import { announceBooking } from '../bookings/records.ts';
import { advanceRide, listRides, messageRideCustomer } from './service.ts';
import { STAFF_ROLES } from '../lib/policy.ts';

const BookingIdParamSchema = z.object({ bookingId: z.string().min(1).max(64) });

/** Pickup rides: staff see the day's rides, move each one step forward and message the customer. */
export default routes((app) => {
  const deps = depsOf(app);
  const staffOnly = app.requireRole(...STAFF_ROLES);

  app.get(
    '/api/rides',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['rides'],
        summary: "A clinic day's pickup rides in time order, with address, phone, pet and ride status (staff)",
        ...secured,
        querystring: RideListQuerySchema,
        response: { 200: z.array(RideSchema), ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => listRides(deps, request.query.date),
  );

  app.put(
    '/api/rides/:bookingId/status',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['rides'],
        summary:
          'Move a ride to its next step (staff; one step forward only, on its day, once the booking is confirmed): the customer is told in the app, and by e-mail when the pet is picked up and dropped off',
        ...secured,
        params: BookingIdParamSchema,
        body: RideStatusBodySchema,
        response: { 200: BookingSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { booking, notification, mailed } = await advanceRide(
        deps,
        currentUser(request),
        request.params.bookingId,
        request.body,
      );
      pushNotification(deps, booking.userId, notification);
      announceBooking(deps, booking, 'ride');
      if (mailed) nudgeOutbox();
      return booking;
    },
  );

  app.post(
    '/api/rides/:bookingId/message',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['rides'],
        summary: 'Send the customer of a ride under way a short message ("5 minutes away") as a notification (staff)',
        ...secured,
        params: BookingIdParamSchema,
        body: RideMessageBodySchema,
        response: { 200: OkSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { userId, notification } = await messageRideCustomer(deps, request.params.bookingId, request.body.message);
      pushNotification(deps, userId, notification);
      return { ok: true as const };
    },
  );
});
