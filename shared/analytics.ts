import { z } from 'zod';
import { DATE_MAX, DATE_MIN } from './dates.ts';
import { PAYMENT_STATUSES } from './orders.ts';
import { addDays, isRealDate } from './dates.ts';
import { BOOKING_STATUSES } from './bookings.ts';

/**
 * GET /api/analytics (admin): the clinic's figures over a range of clinic-local days, `from` and `to` both included.
 * Every day is a calendar day in the clinic's time zone (CLINIC_TZ); see docs/decisions/028.
 */

/**
 * The longest range one request may ask for: five years (1,827 days with two leap days). The figures are read from
 * per-day summaries (decision 048), so a longer range costs a few rows per day; the bound keeps one answer's size sane.
 */
const ANALYTICS_RANGE_MAX_DAYS = 1827;
/** The range asked for when none is given: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The ranges the screen offers in one click: the last 7, 30 and 90 days, today included. */
export const ANALYTICS_PRESETS = [7, 30, 90] as const;
/** How many products the top list holds. */
export const TOP_PRODUCTS_LIMIT = 10;

export const ANALYTICS_MSG = {
  fromInvalid: "'from' must be a date written YYYY-MM-DD, such as 2026-03-01.",
  toInvalid: "'to' must be a date written YYYY-MM-DD, such as 2026-03-31.",
  outOfRange: `Dates must lie between ${DATE_MIN} and ${DATE_MAX}.`,
  fromAfterTo: 'The start date must be on or before the end date.',
  tooLong: `Choose a range of at most five years (${ANALYTICS_RANGE_MAX_DAYS} days).`,
} as const;

/** Days from `from` to `to`, both included (1 when they are the same day). */
function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Every day from `from` to `to`, both included, in order. */
export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** What is wrong with a range of real dates (start after end, longer than allowed), or undefined when it is fine. */
export function rangeProblem(from: string, to: string): string | undefined {
  if (from > to) return ANALYTICS_MSG.fromAfterTo;
  if (daysInRange(from, to) > ANALYTICS_RANGE_MAX_DAYS) return ANALYTICS_MSG.tooLong;
  return undefined;
}

/** The range of the last `days` days ending with `today`, today included. */
export function lastDays(today: string, days: number): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

const dateParam = (invalid: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: invalid })
      .trim()
      .refine(isRealDate, { message: invalid, abort: true })
      .refine((d) => d >= DATE_MIN && d <= DATE_MAX, ANALYTICS_MSG.outOfRange)
      .optional(),
  );

/**
 * GET /api/analytics query. Both optional: `to` defaults to today (clinic time), `from` to 29 days before `to`; the
 * defaulted range is checked on the server like a given one.
 */
export const AnalyticsQuerySchema = z
  .object({ from: dateParam(ANALYTICS_MSG.fromInvalid), to: dateParam(ANALYTICS_MSG.toInvalid) })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    const problem = rangeProblem(q.from, q.to);
    if (problem) ctx.addIssue({ code: 'custom', path: ['from'], message: problem });
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

const day = z.string().describe('YYYY-MM-DD, a clinic-local day');
const count = z.number().int().nonnegative();
/** Rupees, exact to the paisa (as every amount of the API). */
const rupees = z.number().nonnegative();

const BookingsPerDaySchema = z.object({
  date: day,
  serviceId: z.string(),
  serviceName: z.string(),
  status: z.enum(BOOKING_STATUSES),
  count,
});

const RevenuePerDaySchema = z.object({
  date: day,
  /** Orders placed that day, canceled ones left out. */
  orders: count,
  /** Their value, whatever their payment status. */
  amount: rupees,
  /** The part of it already paid. */
  paid: rupees,
});

const FirstResponseDaySchema = z.object({
  date: day,
  /** Customer messages that started a wait that day. */
  waits: count,
  /** Of those, the ones staff have answered. */
  answered: count,
  /** Median seconds to the answer, null when none was answered. */
  medianSeconds: z.number().nonnegative().nullable(),
});

export const AnalyticsSchema = z.object({
  from: day,
  to: day,
  /** The clinic's time zone the days are counted in. */
  timeZone: z.string(),
  /** Bookings by appointment day, service and status: only the combinations that occur (a missing one is 0). */
  bookingsPerDay: z.array(BookingsPerDaySchema),
  /** Outcomes of visits due in the range; the rate is no-shows of completed plus no-shows, null when there are none. */
  visits: z.object({ completed: count, noShow: count, noShowRate: z.number().min(0).max(1).nullable() }),
  /** Every day of the range, in order (0 on days without orders). */
  revenuePerDay: z.array(RevenuePerDaySchema),
  /** Item value of the orders of the range by product category, largest first. */
  revenuePerCategory: z.array(z.object({ category: z.string(), quantity: count, amount: rupees })),
  /** The best-selling products by value (at most TOP_PRODUCTS_LIMIT). */
  topProducts: z.array(z.object({ productId: z.number().int(), name: z.string(), quantity: count, revenue: rupees })),
  /** Every order placed in the range (canceled ones too) by payment status, each status present. */
  ordersByPaymentStatus: z.array(z.object({ paymentStatus: z.enum(PAYMENT_STATUSES), count, amount: rupees })),
  /** How long customers waited for staff's first answer, for the waits that started in the range. */
  chatFirstResponse: z.object({
    waits: count,
    answered: count,
    medianSeconds: z.number().nonnegative().nullable(),
    p90Seconds: z.number().nonnegative().nullable(),
    /** Every day of the range, in order. */
    perDay: z.array(FirstResponseDaySchema),
  }),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;
