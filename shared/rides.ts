import { z } from 'zod';
import { RIDE_STATUSES, RIDE_STEPS, RideStepSchema } from './ride-progress.ts';
import { DateSchema } from './common.ts';
import { type Booking } from './bookings.ts';
import { singleLineText } from './text.ts';
import { PetAlertListSchema, type PetAlert } from './pet-alerts.ts';

export { nextRideStep, RIDE_STATUS_LABELS, RIDE_STEPS, type RideStep } from './ride-progress.ts';

/** A driver's short message to the customer ("5 minutes away"). */
export const RIDE_MESSAGE_MAX = 160;

export const RIDE_MSG = {
  notARide: 'This booking is not a pickup ride',
  notConfirmed: 'Confirm the booking before its ride starts',
  notToday: 'This ride is not due yet: it can start on its day',
  over: 'This ride is over',
  messageTooLong: `A message to the customer must be at most ${RIDE_MESSAGE_MAX} characters`,
  messageBlank: 'Write a message for the customer',
} as const;

const RideMessageSchema = singleLineText('Message')
  .min(1, RIDE_MSG.messageBlank)
  .max(RIDE_MESSAGE_MAX, RIDE_MSG.messageTooLong);

/** PUT /api/rides/{bookingId}/status: the next step (only the next one), and an optional message for the customer. */
export const RideStatusBodySchema = z.object({
  status: z.enum(RIDE_STEPS, { error: `Status must be one of ${RIDE_STEPS.join(', ')}` }),
  message: RideMessageSchema.optional(),
});
export type RideStatusBody = z.infer<typeof RideStatusBodySchema>;

/** POST /api/rides/{bookingId}/message: a message to the customer without a step. */
export const RideMessageBodySchema = z.object({ message: RideMessageSchema });

/** GET /api/rides?date=YYYY-MM-DD (staff): the day's rides. */
export const RideListQuerySchema = z.object({ date: DateSchema });

/** One ride on the driver's screen. */
export const RideSchema = z.object({
  bookingId: z.string(),
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  address: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  phone: z.string(),
  petId: z.string().nullable(),
  petName: z.string(),
  note: z.string().nullable(),
  bookingStatus: z.enum(['pending', 'confirmed', 'canceled', 'completed', 'no_show']),
  rideStatus: z.enum(RIDE_STATUSES),
  steps: z.array(RideStepSchema),
  /** The alerts set on the pet (the driver meets it first). */
  alerts: PetAlertListSchema,
});
export type Ride = z.infer<typeof RideSchema>;

/** A booking as a row of the driver's list (GET /api/rides, and live events on its screen); null unless a ride. */
export function rideOf(b: Booking & { alerts?: PetAlert[] }): Ride | null {
  if (!b.ride) return null;
  return {
    bookingId: b.id,
    date: b.date,
    time: b.time,
    startsAt: b.startsAt,
    address: b.pickupAddress ?? b.userAddress ?? '',
    customerId: b.userId,
    customerName: b.ownerName,
    phone: b.phone,
    petId: b.petId,
    petName: b.petName,
    note: b.note,
    bookingStatus: b.status,
    rideStatus: b.ride.status,
    steps: b.ride.steps,
    alerts: b.alerts ?? [],
  };
}
