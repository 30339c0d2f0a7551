import { describe, expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import { makeBooking, makeRide } from '../../../test/data.ts';
import { rideOf } from '#shared/rides';
import { placeRide } from './ride-rows.ts';

const DAY = '2026-03-04';
const PICKUP = { id: 'svc-pickup', name: 'Pet Pickup Ride', kind: 'pickup' as const, durationMinutes: 30 };

/** A pickup booking of `DAY` at `time` (clinic time UTC+5:30). */
const pickup = (id: string, time: string, over: Partial<Booking> = {}) =>
  makeBooking({
    id,
    _id: id,
    date: DAY,
    time,
    startsAt: new Date(Date.parse(`${DAY}T${time}:00+05:30`)).toISOString(),
    status: 'confirmed',
    service: PICKUP,
    serviceId: PICKUP.id,
    pickupAddress: `${id} Lake Road`,
    ride: { status: 'scheduled', steps: [] },
    ...over,
  });
const row = (b: Booking) => rideOf(b)!;

describe('rideOf', () => {
  it("makes the driver's row of a pickup booking, with the profile address when no pickup address was given", () => {
    const b = pickup('b1', '10:00', { pickupAddress: null, userAddress: '7 Park Street', note: 'Shy dog' });
    expect(rideOf(b)).toEqual(
      makeRide({ startsAt: b.startsAt, address: '7 Park Street', note: 'Shy dog', petName: 'Bruno' }),
    );
    expect(rideOf(makeBooking())).toBeNull();
  });
});

describe('placeRide', () => {
  const a = pickup('a', '09:00');
  const b = pickup('b', '10:00');
  const c = pickup('c', '11:00');
  const list = [row(a), row(b), row(c)];

  it('replaces a ride in place when its step changes', () => {
    const moved = { ...b, ride: { status: 'driver_on_the_way' as const, steps: [] } };
    const next = placeRide(list, moved, DAY);
    expect(next.map((r) => [r.bookingId, r.rideStatus])).toEqual([
      ['a', 'scheduled'],
      ['b', 'driver_on_the_way'],
      ['c', 'scheduled'],
    ]);
  });

  it('inserts a new ride of the day at its time, and moves one whose time changed', () => {
    expect(placeRide(list, pickup('n', '09:30'), DAY).map((r) => r.bookingId)).toEqual(['a', 'n', 'b', 'c']);
    expect(placeRide(list, pickup('n', '12:00'), DAY).map((r) => r.bookingId)).toEqual(['a', 'b', 'c', 'n']);
    expect(placeRide(list, pickup('a', '10:30'), DAY).map((r) => r.bookingId)).toEqual(['b', 'a', 'c']);
  });

  it('removes a ride moved to another day, and leaves the list alone for bookings that are not its rides', () => {
    expect(placeRide(list, { ...b, date: '2026-03-05' }, DAY).map((r) => r.bookingId)).toEqual(['a', 'c']);
    expect(placeRide(list, makeBooking({ id: 'x', date: DAY }), DAY)).toBe(list);
    expect(placeRide(list, pickup('y', '10:00', { date: '2026-03-05' }), DAY)).toBe(list);
  });
});
