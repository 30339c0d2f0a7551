import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OutsideHoursBookingSchema, type OutsideHoursBooking } from '#shared/clinic-settings';
import { IdParamSchema, PageQuerySchema } from '#shared/common';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/http';
import { MSG } from '#shared/messages';
import {
  BookingListQuerySchema,
  BookSlotBodySchema,
  BookSlotHeadersSchema,
  ConfirmSlotBodySchema,
  RescheduleBodySchema,
  BOOKING_MSG,
  BookingSchema,
  BookingStatsSchema,
  StaffBookingSchema,
  type BookingChangedEvent,
  type Booking,
} from '#shared/bookings';
import {
  AvailabilityQuerySchema,
  AvailabilitySchema,
  CalendarQuerySchema,
  CalendarSchema,
  type Availability,
  type Calendar,
} from '#shared/availability';
import { ReassignBodySchema, TimeOffBookingSchema, type TimeOffBooking } from '#shared/providers';
import { announceAudit } from '../audit/record.ts';
import { depsOf } from '../deps.ts';
import { AppError } from '../errors.ts';
import { decodeCursor, pageOf } from '../lib/pagination.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { pushNotification } from '../notifications/service.ts';
import { nudgeOutbox } from '../outbox/queue.ts';
import { currentUser, type AuthUser } from '../lib/caller.ts';
import { readClinic } from '../clinic/settings.ts';
import { outsideHoursPage } from './outside-hours.ts';
import { announceBooking, hospitalInfoFor } from './records.ts';
import { availability, calendar } from './availability.ts';
import { bookSlot, replayBooking } from './book.ts';
import { cancelBooking } from './cancel.ts';
import { confirmBooking } from './confirm.ts';
import { listBookings, listMine } from './lists.ts';
import { recordOutcome } from './outcome.ts';
import { rescheduleBooking } from './reschedule.ts';
import { reassignBooking } from './reassign.ts';
import { timeOffBookingsPage } from './time-off-bookings.ts';
import { stats } from './stats.ts';
import { isStaff } from '../lib/policy.ts';
import { singleFlight } from '../lib/single-flight.ts';

const BookingListSchema = z.array(BookingSchema);
/** Staff lists carry each booking's pet alerts. */
const StaffBookingListSchema = z.array(StaffBookingSchema);
const byCreated = (b: Booking) => ({ at: new Date(b.createdAt), id: b.id });
const byAppointment = (b: Booking) => ({ at: new Date(b.startsAt), id: b.id });

/** Slot booking: customers book and cancel their own, staff see, confirm and cancel every booking. */
export default routes((app) => {
  const deps = depsOf(app);
  const staffOnly = app.requireRole('employee', 'admin');

  const broadcast = (b: Booking, action: BookingChangedEvent['action']) => announceBooking(deps, b, action);
  // The calendar and a day's times are the most expensive reads a customer can repeat: identical ones in flight
  // share one answer, so a client repeating them cannot multiply the work.
  const monthOnce = singleFlight<Calendar>();
  const dayOnce = singleFlight<Availability>();

  /**
   * A customer's reschedule or cancel counts against the same limit as a booking attempt: each one is an event on
   * every staff screen. Staff changes are not limited.
   */
  async function limitCustomerChange(me: AuthUser, reply: FastifyReply) {
    if (!isStaff(me)) await app.limits.enforce('booking', me.id, reply, BOOKING_MSG.tooManyChanges);
  }

  // An anonymous visitor who tries to book is asked to log in to book.
  async function customerAuth(request: FastifyRequest) {
    const match = request.headers.authorization?.match(/^Bearer\s+(.+)$/i);
    const user = match ? await app.userFromToken(match[1]) : null;
    if (!user) throw new AppError(401, 'UNAUTHENTICATED', MSG.loginToBook);
    request.auth = user;
  }

  app.post(
    '/api/slots/book',
    {
      onRequest: customerAuth,
      schema: {
        tags: ['slots'],
        summary:
          "Book a seat at a slot time (customers) on the clinic's hours; 400 on a closed day (with the reason), 409 when the time is full or the customer holds the clinic's most upcoming bookings. " +
          'An optional Idempotency-Key (one per attempt, reused on retry) returns the stored booking with 200 instead of booking twice.',
        ...secured,
        headers: BookSlotHeadersSchema,
        body: BookSlotBodySchema,
        response: { 200: BookingSchema, 201: BookingSchema, ...errorReplies(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      // A retry of an attempt already stored is answered as it is, without counting as another attempt.
      const earlier = key ? await replayBooking(deps, me, key, request.body) : undefined;
      if (!earlier) await app.limits.enforce('booking', me.id, reply, BOOKING_MSG.tooManyAttempts);
      const { booking, created } = earlier
        ? { booking: earlier, created: false }
        : await bookSlot(deps, me, request.body, key);
      if (!created) {
        reply.header('idempotent-replayed', 'true');
        return reply.status(200).send(booking);
      }
      broadcast(booking, 'created');
      return reply.status(201).send(booking);
    },
  );

  app.get(
    '/api/slots/availability',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['slots'],
        summary:
          'Free seats at every start time of a day for a service (the checkup when no serviceId is given), counted over the whole service length; for a service with providers, never more than the providers free then (only the one named by providerId)',
        ...secured,
        querystring: AvailabilityQuerySchema,
        response: { 200: AvailabilitySchema, ...errorReplies(400, 401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const staff = isStaff(currentUser(request));
      const { date, serviceId, providerId } = request.query;
      return dayOnce(`${date}|${serviceId ?? ''}|${providerId ?? ''}|${staff}`, () =>
        availability(deps, date, serviceId, { staff }, new Date(), providerId),
      );
    },
  );

  app.get(
    '/api/slots/calendar',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['slots'],
        summary:
          'For each day of a month, how many start times have a free seat for the service, whether the clinic is closed (and why) and its hours',
        ...secured,
        querystring: CalendarQuerySchema,
        response: { 200: CalendarSchema, ...errorReplies(400, 401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const staff = isStaff(currentUser(request));
      const { month, serviceId, providerId } = request.query;
      return monthOnce(`${month}|${serviceId ?? ''}|${providerId ?? ''}|${staff}`, () =>
        calendar(deps, month, serviceId, { staff }, new Date(), providerId),
      );
    },
  );

  app.get(
    '/api/slots/mine',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['slots'],
        summary: 'Own bookings, newest first',
        ...secured,
        querystring: PageQuerySchema,
        response: { 200: BookingListSchema, ...errorReplies(400, 401) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await listMine(deps, currentUser(request).id, limit, decodeCursor(cursor));
      return pageOf(reply, rows, limit, byCreated);
    },
  );

  app.get(
    '/api/slots/bookings',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['slots'],
        summary:
          'All bookings (staff), newest first or, with sort=appointment, by appointment time from `from` (default today); filter by status (pending, confirmed, canceled, completed, no_show, active, overdue), service and date',
        ...secured,
        querystring: PageQuerySchema.extend(BookingListQuerySchema.shape),
        response: { 200: StaffBookingListSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { limit, cursor, ...filter } = request.query;
      const rows = await listBookings(deps, filter, limit, decodeCursor(cursor));
      const agenda = filter.sort === 'appointment' || filter.status === 'overdue';
      return pageOf(reply, rows, limit, agenda ? byAppointment : byCreated);
    },
  );

  app.get(
    '/api/slots/stats',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['slots'],
        summary: 'Dashboard counts from today on (staff)',
        ...secured,
        response: { 200: BookingStatsSchema, ...errorReplies(401, 403) },
      },
    },
    async () => stats(deps),
  );

  app.get(
    '/api/bookings/outside-hours',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['slots'],
        summary:
          "Upcoming open bookings outside the clinic's current hours or on a closed day, by appointment time, each with the reason (staff); nothing cancels them",
        ...secured,
        querystring: PageQuerySchema,
        response: { 200: z.array(OutsideHoursBookingSchema), ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const { settings } = await readClinic(deps.db, deps.config);
      const rows = await outsideHoursPage(deps.db, settings, deps.config.CLINIC_TZ, limit, decodeCursor(cursor));
      return pageOf(reply, rows, limit, (r: OutsideHoursBooking) => byAppointment(r.booking));
    },
  );

  app.get(
    '/api/bookings/provider-time-off',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['slots'],
        summary:
          'Upcoming open bookings whose provider has time off at their time, by appointment time, each with that time off (staff); nothing cancels them: give each to another provider or move it',
        ...secured,
        querystring: PageQuerySchema,
        response: { 200: z.array(TimeOffBookingSchema), ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await timeOffBookingsPage(deps.db, deps.config.CLINIC_TZ, limit, decodeCursor(cursor));
      return pageOf(reply, rows, limit, (r: TimeOffBooking) => byAppointment(r.booking));
    },
  );

  app.put(
    '/api/slots/:id/reassign',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['slots'],
        summary:
          'Give an open booking that has not started to another provider in one step (staff): the one named, or the fairest other free one; 409 when they are not free then. Time and seats stay.',
        ...secured,
        params: IdParamSchema,
        body: ReassignBodySchema,
        response: { 200: StaffBookingSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { booking, notification, audit } = await reassignBooking(
        deps,
        currentUser(request),
        request.params.id,
        request.body.providerId,
      );
      pushNotification(deps, booking.userId, notification);
      broadcast(booking, 'reassigned');
      announceAudit(deps, audit);
      return booking;
    },
  );

  app.put(
    '/api/slots/confirm/:id',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['slots'],
        summary:
          "Confirm a pending booking (staff): notifies the customer and mails a calendar invite; hospitalInfo defaults to the clinic's",
        ...secured,
        params: IdParamSchema,
        body: ConfirmSlotBodySchema,
        response: { 200: StaffBookingSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { settings } = await readClinic(deps.db, deps.config);
      const hospital = hospitalInfoFor(deps.config, request.body, settings);
      const { booking, notification, audit } = await confirmBooking(
        deps,
        currentUser(request),
        request.params.id,
        hospital,
      );
      pushNotification(deps, booking.userId, notification);
      broadcast(booking, 'confirmed');
      announceAudit(deps, audit);
      nudgeOutbox();
      return booking;
    },
  );

  app.put(
    '/api/slots/cancel/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['slots'],
        summary:
          'Cancel a pending or confirmed booking and free its seats (staff: any booking; customers: their own); 409 once the visit has its outcome',
        ...secured,
        params: IdParamSchema,
        response: { 200: BookingSchema, ...errorReplies(401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      await limitCustomerChange(me, reply);
      const { booking, changed, notification, audit } = await cancelBooking(deps, me, request.params.id);
      if (changed) {
        nudgeOutbox();
        if (notification) pushNotification(deps, booking.userId, notification);
        broadcast(booking, 'canceled');
        announceAudit(deps, audit);
      }
      return booking;
    },
  );

  app.put(
    '/api/slots/:id/reschedule',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['slots'],
        summary:
          'Move a pending or confirmed booking to a new time in one transaction (customers: their own; staff: any). 409 when the new time is full: the booking stays as it was. A moved booking is pending again.',
        ...secured,
        params: IdParamSchema,
        body: RescheduleBodySchema,
        response: { 200: BookingSchema, ...errorReplies(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      await limitCustomerChange(me, reply);
      const { booking, notification, audit } = await rescheduleBooking(
        deps,
        me,
        request.params.id,
        request.body.schedule,
      );
      nudgeOutbox();
      if (notification) pushNotification(deps, booking.userId, notification);
      broadcast(booking, 'rescheduled');
      announceAudit(deps, audit);
      return booking;
    },
  );

  // PUT /api/slots/:id/complete (the visit's record with the doses given at it) is served by the vaccines feature
  // (server/vaccines/visit-doses.ts): it records the doses in the visit's transaction through recordOutcome's inVisit.

  app.put(
    '/api/slots/:id/no-show',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['slots'],
        summary: 'Mark a confirmed booking whose time has started as a no-show (staff)',
        ...secured,
        params: IdParamSchema,
        response: { 200: StaffBookingSchema, ...errorReplies(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { booking, audit } = await recordOutcome(deps, currentUser(request), request.params.id, {
        status: 'no_show',
      });
      broadcast(booking, 'no_show');
      announceAudit(deps, audit);
      return booking;
    },
  );
});
