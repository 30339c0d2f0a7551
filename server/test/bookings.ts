import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/http';
import { BookingSchema, type Booking } from '#shared/bookings';
import { AvailabilitySchema, type SlotTime } from '#shared/availability';
import { json } from './json.ts';

/** A booking form every rule accepts, for `schedule` ("YYYY-MM-DD at HH:MM"); `over` changes or adds fields. */
export function bookingFor(schedule: string, over: Record<string, unknown> = {}) {
  return { schedule, petName: 'Bruno', ownerName: 'Pet Owner', phone: '9876543210', ...over };
}

/** POST /api/slots/book as the holder of `token` (none: anonymous), with an Idempotency-Key when one is given. */
export function bookSlot(app: FastifyInstance, token: string | undefined, payload: object, key?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/slots/book',
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }),
    },
    payload,
  });
}

/** One time of GET /api/slots/availability as `token` sees it; fails if the day has no such time. */
export async function slotAt(app: FastifyInstance, token: string, date: string, time: string): Promise<SlotTime> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/slots/availability?date=${date}`,
    headers: { authorization: `Bearer ${token}` },
  });
  const slot = json(res, AvailabilitySchema).slots.find((s) => s.time === time);
  if (!slot) throw new Error(`No slot at ${time} on ${date}`);
  return slot;
}

/** Books a slot that must be granted (201) and returns the booking. */
export async function newBooking(app: FastifyInstance, token: string, payload: object): Promise<Booking> {
  const res = await bookSlot(app, token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return json(res, BookingSchema);
}
