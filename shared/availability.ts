import { z } from 'zod';
import { BOOKING_MSG } from './bookings.ts';
import { DateSchema, UuidSchema } from './common.ts';
import { isDateInRange } from './dates.ts';

/* What a customer sees before booking: the month's calendar of free days and a day's free times. */

/** GET /api/slots/availability?date=&serviceId= (without serviceId: the checkup). */
export const AvailabilityQuerySchema = z.object({
  date: DateSchema,
  serviceId: UuidSchema('serviceId').optional(),
  /** Only this provider's free times (decision 051); without it, a time is free while any provider of it is. */
  providerId: UuidSchema('providerId').optional(),
});

/** GET /api/slots/calendar?month=YYYY-MM&serviceId= */
export const CalendarQuerySchema = z.object({
  month: z
    .string({ error: BOOKING_MSG.monthInvalid })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, BOOKING_MSG.monthInvalid)
    .refine((m) => isDateInRange(`${m}-01`), BOOKING_MSG.dateOutOfRange),
  serviceId: UuidSchema('serviceId').optional(),
  providerId: UuidSchema('providerId').optional(),
});
/** A day's opening hours, clinic-local (null when the clinic is closed that day). */
const OpenHoursSchema = z.object({ open: z.string(), close: z.string() });
/**
 * Whether the clinic is closed on a day and why. Older servers sent neither field: a client treats them missing as
 * open; this server always sends them.
 */
const DayClosureFields = {
  /** The clinic is closed that day: its weekday is closed, or an admin closed it. */
  closed: z.boolean().optional(),
  /** The reason an admin gave for closing that day, shown to customers (null on a weekday the clinic is closed). */
  closedReason: z.string().nullable().optional(),
  /** The day's opening hours (null when closed). */
  hours: OpenHoursSchema.nullable().optional(),
};
export const CalendarSchema = z.object({
  month: z.string(),
  serviceId: z.string(),
  timeZone: z.string(),
  /** The last day customers may book now (the clinic's booking window). */
  lastDate: z.string().optional(),
  days: z.array(
    z.object({
      date: z.string(),
      /**
       * Start times of that day with a free seat for the whole service (0 for past days, closed days and days beyond
       * the booking window).
       */
      freeTimes: z.number().int(),
      ...DayClosureFields,
    }),
  ),
});
export type Calendar = z.infer<typeof CalendarSchema>;
const SlotTimeSchema = z.object({
  time: z.string(),
  capacity: z.number(),
  booked: z.number(),
  /** Seats still free (0 when full), and never more than the providers of the service free for the whole time. */
  available: z.number(),
  /** How many providers of the service are free for the whole time (left out for a service without providers). */
  freeProviders: z.number().int().optional(),
  /** The time has already started, so it cannot be booked any more. */
  past: z.boolean(),
  /**
   * It starts sooner than the clinic's booking notice lets a customer book (staff are not held to it); sent only
   * when true.
   */
  tooSoon: z.boolean().optional(),
});
export type SlotTime = z.infer<typeof SlotTimeSchema>;
export const AvailabilitySchema = z.object({
  date: z.string(),
  serviceId: z.string(),
  durationMinutes: z.number().int(),
  timeZone: z.string(),
  slotMinutes: z.number(),
  /** Every start time of the day's hours for the service; none on a closed day. */
  slots: z.array(SlotTimeSchema),
  ...DayClosureFields,
});
export type Availability = z.infer<typeof AvailabilitySchema>;
