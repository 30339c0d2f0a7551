import type { Booking } from '#shared/bookings';
import { makeBooking } from '../../test/data.ts';

/** The seeded checkup's id. */
export const CHECKUP = '5e7a1c00-0000-4000-8000-000000000001';

/** A booking on the staff agenda: `Pet <id>`'s pending checkup on 4 March 2031 at 10:00, booked by customer c1. */
export const staffBooking = (id: string, over: Partial<Booking> = {}): Booking =>
  makeBooking({
    _id: id,
    id,
    userId: 'c1',
    userName: 'Pet Parent',
    userEmail: 'meera@example.com',
    date: '2031-03-04',
    startsAt: '2031-03-04T04:30:00.000Z',
    endsAt: '2031-03-04T05:00:00.000Z',
    petName: `Pet ${id}`,
    ownerName: 'Pet Parent',
    petAge: null,
    phone: '9123456780',
    createdAt: '2031-03-01T00:00:00.000Z',
    updatedAt: '2031-03-01T00:00:00.000Z',
    service: { id: CHECKUP, name: 'Pet Health Checkup', kind: 'checkup', durationMinutes: 30 },
    serviceId: CHECKUP,
    petId: null,
    ...over,
  });
