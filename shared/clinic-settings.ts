import { z } from 'zod';
import { DateSchema } from './common.ts';
import { BookingSchema } from './bookings.ts';
import { singleLineText } from './text.ts';
import { GST_STATES, gstinProblem, isStateCode } from './gst.ts';

/**
 * The clinic's settings (GET/PUT /api/settings/clinic): opening hours per weekday, the slot length, how far ahead
 * and how soon customers may book, how late they may move or cancel, how many upcoming bookings one customer may
 * hold, and the days the clinic is closed. Stored in the database; the environment only gives the first values.
 */

/** The weekdays, Monday first, as the keys of `hours`. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAME: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export const CLOSURE_REASON_MAX = 120;
export const CLOSURES_MAX = 100;
/** Bounds of the numbers, shown by the form and checked by the server. */
export const CLINIC_LIMITS = {
  slotMinutes: { min: 5, max: 240 },
  bookingWindowDays: { min: 1, max: 365 },
  /** Up to 14 days' notice. */
  noticeMinutes: { min: 0, max: 20_160 },
  maxOpenBookings: { min: 1, max: 1000 },
  /** How long an unpaid UPI order without its reference holds its stock: 5 minutes to 2 days. */
  upiHoldMinutes: { min: 5, max: 2880 },
  maxUnpaidOrders: { min: 1, max: 100 },
  maxUnitsPerProduct: { min: 1, max: 1000 },
} as const;

/** What a small clinic's shop starts with: a UPI order waits 30 minutes for its payment, two unpaid orders at once, ten of a product. */
export const SHOP_HOLD_DEFAULTS = { upiHoldMinutes: 30, maxUnpaidOrders: 2, maxUnitsPerProduct: 10 } as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const timeOfDay = (label: string) =>
  z
    .string({ error: `${label} must be a time like 09:00` })
    .trim()
    .regex(TIME, `${label} must be a time like 09:00`);

/** One weekday's opening hours, clinic-local; a closed weekday is null. */
const DayHoursSchema = z
  .object({ open: timeOfDay('Opening time'), close: timeOfDay('Closing time') })
  .refine((h) => h.close > h.open, { path: ['close'], message: 'Closing time must be after the opening time.' });
export type DayHours = z.infer<typeof DayHoursSchema>;

const ClosureSchema = z
  .object({
    from: DateSchema,
    to: DateSchema,
    reason: singleLineText('Reason', 'Please give the reason customers will see.')
      .min(1, 'Please give the reason customers will see.')
      .max(CLOSURE_REASON_MAX, `The reason must be at most ${CLOSURE_REASON_MAX} characters.`),
  })
  .refine((c) => c.to >= c.from, { path: ['to'], message: 'The last closed day cannot be before the first.' });
export type Closure = z.infer<typeof ClosureSchema>;

const whole = (label: string, { min, max }: { min: number; max: number }, unit: string) =>
  z
    .number({ error: `${label} must be a whole number of ${unit}.` })
    .int(`${label} must be a whole number of ${unit}.`)
    .min(min, `${label} must be from ${min} to ${max} ${unit}.`)
    .max(max, `${label} must be from ${min} to ${max} ${unit}.`);

export const LEGAL_NAME_MAX = 120;
/** An invoice number is the prefix, '/', the financial year (2627), '/', six digits: at most 16 characters. */
export const INVOICE_PREFIX_MAX = 4;

/** The clinic's tax setup (decision 053): on every invoice it issues. */
const ClinicTaxFields = {
  /** The name the clinic is registered under for GST; its trading name (CLINIC_NAME) when empty. */
  legalName: singleLineText('Legal name').max(
    LEGAL_NAME_MAX,
    `The legal name must be at most ${LEGAL_NAME_MAX} characters.`,
  ),
  /** The clinic's GSTIN, or null while it is not registered (its documents then carry no tax). */
  gstin: z
    .string({ error: 'The GSTIN must be text, or null when the clinic has none.' })
    .trim()
    .toUpperCase()
    .superRefine((v, ctx) => {
      const problem = gstinProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .nullable(),
  /** The clinic's state as its two-digit GST code (27 Maharashtra, 29 Karnataka ...): CGST + SGST within it, IGST outside. */
  stateCode: z
    .string({ error: 'Choose the state of the clinic.' })
    .refine(isStateCode, 'Choose the state of the clinic (its two-digit GST state code).'),
  /** The start of every invoice number: 1 to 4 capital letters or digits (PC gives PC/2627/000123). */
  invoicePrefix: z
    .string({ error: 'The invoice prefix must be 1 to 4 capital letters or digits.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,4}$/, `The invoice prefix must be 1 to ${INVOICE_PREFIX_MAX} capital letters or digits.`),
  /** True: the prices of products and services include GST (the tax is taken out of them); false: GST is added. */
  pricesIncludeTax: z.boolean({ error: 'Say whether prices include GST (true or false).' }),
};
export type ClinicTaxKey = keyof typeof ClinicTaxFields;
export const CLINIC_TAX_KEYS = Object.keys(ClinicTaxFields) as ClinicTaxKey[];

/** The settings object as GET returns it (the answer's schema: the checks below are for what a client sends). */
export const ClinicSettingsShapeSchema = z.object({
  ...ClinicTaxFields,
  hours: z.object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, DayHoursSchema.nullable()])) as Record<
      Weekday,
      z.ZodNullable<typeof DayHoursSchema>
    >,
    { error: 'Opening hours must name every weekday (null when closed).' },
  ),
  slotMinutes: whole('Slot length', CLINIC_LIMITS.slotMinutes, 'minutes'),
  bookingWindowDays: whole('Booking window', CLINIC_LIMITS.bookingWindowDays, 'days'),
  bookingNoticeMinutes: whole('Booking notice', CLINIC_LIMITS.noticeMinutes, 'minutes'),
  changeNoticeMinutes: whole('Change notice', CLINIC_LIMITS.noticeMinutes, 'minutes'),
  maxOpenBookings: whole('Upcoming bookings per customer', CLINIC_LIMITS.maxOpenBookings, 'bookings'),
  /** How long an unpaid UPI order whose customer gave no transaction reference keeps its stock. */
  upiHoldMinutes: whole('UPI payment wait', CLINIC_LIMITS.upiHoldMinutes, 'minutes'),
  /** How many orders one customer may have placed and not paid while staff have not confirmed them. */
  maxUnpaidOrders: whole('Unpaid orders per customer', CLINIC_LIMITS.maxUnpaidOrders, 'orders'),
  /** How many units of one product one order may take. */
  maxUnitsPerProduct: whole('Units of a product per order', CLINIC_LIMITS.maxUnitsPerProduct, 'units'),
  closures: z
    .array(ClosureSchema, { error: 'Closures must be a list.' })
    .max(CLOSURES_MAX, `At most ${CLOSURES_MAX} closures; remove past ones first.`),
});

type CheckedSettings = Pick<z.infer<typeof ClinicSettingsShapeSchema>, 'hours' | 'slotMinutes' | 'closures'> & {
  gstin?: string | null;
  stateCode?: string;
};

/** The checks of a whole settings object: hours that hold a slot, closures that do not overlap, a GSTIN of the clinic's state. */
function checkSettings(s: CheckedSettings, ctx: z.RefinementCtx): void {
  if (s.gstin && s.stateCode && isStateCode(s.stateCode) && s.gstin.slice(0, 2) !== s.stateCode) {
    ctx.addIssue({
      code: 'custom',
      path: ['gstin'],
      message: CLINIC_TAX_MSG.gstinState(s.stateCode),
    });
  }
  for (const day of WEEKDAYS) {
    const h = s.hours[day];
    if (h && h.close > h.open && toMinutes(h.close) - toMinutes(h.open) < s.slotMinutes) {
      ctx.addIssue({
        code: 'custom',
        path: ['hours', day, 'close'],
        message: `${WEEKDAY_NAME[day]}'s hours are shorter than one ${s.slotMinutes}-minute slot.`,
      });
    }
  }
  // Each closure that starts inside an earlier one is named by its place in the list as sent.
  s.closures.forEach((c, i) => {
    const overlapped = s.closures.find(
      (o, j) => j !== i && (o.from < c.from || (o.from === c.from && j < i)) && c.from <= o.to,
    );
    if (overlapped) {
      ctx.addIssue({
        code: 'custom',
        path: ['closures', i, 'from'],
        message: `This closure overlaps the one from ${formatClinicDate(overlapped.from)}: make them one.`,
      });
    }
  });
}

const sortedClosures = <S extends { closures: Closure[] }>(s: S): S => ({
  ...s,
  closures: [...s.closures].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0)),
});

/**
 * The whole settings object as stored (what GET returns), checked as a whole: hours that hold a slot, closures that
 * do not overlap, a GSTIN of the clinic's state. Closures are stored sorted by their first day.
 */
export const ClinicSettingsSchema = ClinicSettingsShapeSchema.superRefine(checkSettings).transform(sortedClosures);
export type ClinicSettings = z.output<typeof ClinicSettingsSchema>;

/**
 * PUT /api/settings/clinic body: the whole object as GET returns it, checked as a whole; the tax fields may be left
 * out by a client that predates them, and then stay as stored.
 */
export const ClinicSettingsBodySchema = ClinicSettingsShapeSchema.partial(
  Object.fromEntries(CLINIC_TAX_KEYS.map((k) => [k, true])) as Record<ClinicTaxKey, true>,
)
  .superRefine(checkSettings)
  .transform(sortedClosures);
export type ClinicSettingsBody = z.output<typeof ClinicSettingsBodySchema>;
export type ClinicSettingsInput = z.input<typeof ClinicSettingsBodySchema>;

export const CLINIC_TAX_MSG = {
  gstinState: (code: string) =>
    `This GSTIN is registered in another state: the clinic's state is ${GST_STATES[code] ?? code} (${code}), so its GSTIN starts with ${code}.`,
} as const;

/** One upcoming open booking that lies outside the opening hours (or on a closed day), and why. */
export const OutsideHoursBookingSchema = z.object({ booking: BookingSchema, reason: z.string() });
export type OutsideHoursBooking = z.infer<typeof OutsideHoursBookingSchema>;

/** The answer to PUT /api/settings/clinic: what is stored now, and the bookings staff must now handle. */
export const ClinicSettingsSavedSchema = z.object({
  settings: ClinicSettingsShapeSchema,
  /** The first upcoming open bookings outside the new hours or on a closed day (none are canceled). */
  outsideHours: z.array(OutsideHoursBookingSchema),
  /** How many there are in all (GET /api/bookings/outside-hours lists them page by page). */
  outsideHoursTotal: z.number().int(),
});
export type ClinicSettingsSaved = z.infer<typeof ClinicSettingsSavedSchema>;

const WEEKDAY_OF_UTC_DAY: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The weekday of a 'YYYY-MM-DD' day. */
export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return WEEKDAY_OF_UTC_DAY[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
}

/** 'Mon, 30 Nov 2026': a day as the clinic's messages name it. */
export function formatClinicDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAY_NAME[weekdayOf(date)].slice(0, 3)}, ${d} ${SHORT_MONTHS[m - 1]} ${y}`;
}

/** What a day is at the clinic: closed for a closure (with its reason), closed that weekday, or open these hours. */
export type ClinicDay =
  { kind: 'closure'; closure: Closure } | { kind: 'weekly'; weekday: Weekday } | { kind: 'open'; hours: DayHours };

export function clinicDay(settings: ClinicSettings, date: string): ClinicDay {
  const closure = settings.closures.find((c) => c.from <= date && date <= c.to);
  if (closure) return { kind: 'closure', closure };
  const weekday = weekdayOf(date);
  const hours = settings.hours[weekday];
  return hours ? { kind: 'open', hours } : { kind: 'weekly', weekday };
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** "2 hours", "1 day 6 hours", "90 minutes" (under two hours, minutes read best). */
export function formatNotice(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 120 && minutes % 60 !== 0) return plural(minutes, 'minute');
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  return [days && plural(days, 'day'), hours && plural(hours, 'hour'), rest && plural(rest, 'minute')]
    .filter(Boolean)
    .join(' ');
}

/** The clinic's refusals that come from its settings; the server and the web app say the same. */
export const CLINIC_MSG = {
  /** A closure's day: "The clinic is closed on Mon, 30 Nov 2026: Staff training." */
  closedOn: (date: string, reason: string) => `The clinic is closed on ${formatClinicDate(date)}: ${sentence(reason)}`,
  closedWeekday: (weekday: Weekday) => `The clinic is closed on ${WEEKDAY_NAME[weekday]}s. Please pick another day.`,
  tooFarAhead: (days: number) =>
    `Bookings open up to ${days} day${days === 1 ? '' : 's'} ahead. Please pick an earlier date.`,
  tooSoon: (minutes: number) => `Bookings need at least ${formatNotice(minutes)} notice. Please pick a later time.`,
  changeTooLate: (minutes: number) =>
    `Bookings can be moved or canceled up to ${formatNotice(minutes)} before their time. Please call the clinic to change this one.`,
  saved: 'Clinic settings saved.',
  /** An order over the units-per-product cap (400). */
  tooManyUnits: (name: string, max: number) =>
    `You can order at most ${max} of ${name} in one order. Please lower the quantity.`,
  /** A customer at the cap of open unpaid orders (409). */
  tooManyUnpaid: (max: number) =>
    `You already have ${max} unpaid order${max === 1 ? '' : 's'} waiting. Please pay for or cancel one before placing another.`,
} as const;

/** Why a booking on this day and time is outside the clinic's hours, or null when it is inside them. */
export function outsideReason(settings: ClinicSettings, date: string, time: string, endTime: string): string | null {
  const day = clinicDay(settings, date);
  if (day.kind === 'closure') return `Closed on ${formatClinicDate(date)}: ${sentence(day.closure.reason)}`;
  if (day.kind === 'weekly') return `Closed on ${WEEKDAY_NAME[day.weekday]}s.`;
  const { open, close } = day.hours;
  // A booking that runs past midnight (endTime earlier than time) ends after closing.
  if (time < open || endTime > close || endTime < time) {
    return `Outside ${WEEKDAY_NAME[weekdayOf(date)]}'s hours (${open}-${close}).`;
  }
  return null;
}

/**
 * The week's hours as one line, Monday first, days with the same hours grouped: "Mon-Sat 09:00-18:00",
 * "Mon-Fri 09:00-18:00, Sat 10:00-14:00"; "Closed" when no day is open.
 */
export function hoursSummary(settings: Pick<ClinicSettings, 'hours'>): string {
  const parts: string[] = [];
  let i = 0;
  while (i < WEEKDAYS.length) {
    const h = settings.hours[WEEKDAYS[i]!];
    let j = i;
    while (
      j + 1 < WEEKDAYS.length &&
      JSON.stringify(settings.hours[WEEKDAYS[j + 1]!]) === JSON.stringify(h) &&
      h !== null
    )
      j++;
    if (h) {
      const first = WEEKDAY_NAME[WEEKDAYS[i]!].slice(0, 3);
      const last = WEEKDAY_NAME[WEEKDAYS[j]!].slice(0, 3);
      parts.push(`${i === j ? first : `${first}-${last}`} ${h.open}-${h.close}`);
    }
    i = j + 1;
  }
  return parts.length ? parts.join(', ') : 'Closed';
}
