import { z } from 'zod';
import { NAME_MAX } from './account-rules.ts';
import { BookingSchema } from './bookings.ts';
import { UuidSchema } from './common.ts';
import { multiLineText, singleLineText } from './text.ts';

/* Providers: the people customers book (vets, trainers, groomers, drivers), their weekly hours and time off. */

/** How much one clinic and one provider may hold: every list a person can grow has its cap (decision 051). */
export const PROVIDER_LIMITS = {
  /** Providers a clinic keeps, retired ones included. */
  providers: 200,
  servicesPerProvider: 50,
  /** Stretches of a provider's week (two a day covers a split shift every day, three a day is plenty). */
  weeklyHours: 21,
  languages: 10,
  languageLength: 40,
  qualificationsLength: 300,
  bioLength: 1000,
  photoUrlLength: 500,
  reasonLength: 200,
  /** Time off entries of one provider not yet over. */
  upcomingTimeOff: 60,
  /** The longest single time off, in days. */
  timeOffDays: 90,
  /** How far ahead a time off may start, in days. */
  timeOffAheadDays: 400,
  /** Bookings a time-off answer lists (the staff screen pages through all of them). */
  affectedListed: 50,
} as const;

/** Texts the server and the web app both show about providers. */
export const PROVIDER_MSG = {
  notFound: 'Provider not found',
  userNotStaff: 'A provider must be a staff account (an employee or an admin).',
  userTaken: 'This staff account already has a provider profile.',
  nameTaken: 'A provider with this name already exists.',
  tooMany: `A clinic can keep at most ${PROVIDER_LIMITS.providers} providers.`,
  unknownService: 'One of the services does not exist, or is emergency care (which is not booked on the calendar).',
  hoursOverlap: 'Two stretches of the same weekday overlap.',
  hoursOutsideClinic: (weekday: string, hours: string) =>
    `On ${weekday}s the clinic is open ${hours}; a provider's hours must lie inside them.`,
  nothingToChange: 'Send at least one field to change.',
  notYours: "Only an admin or the provider themselves can manage this provider's time off.",
  timeOffOrder: 'The end of the time off must be after its start.',
  timeOffPast: 'This time off is already over.',
  timeOffTooLong: `A time off can last at most ${PROVIDER_LIMITS.timeOffDays} days; add another after it.`,
  timeOffTooFar: `A time off can start at most ${PROVIDER_LIMITS.timeOffAheadDays} days ahead.`,
  timeOffTooMany: `A provider can have at most ${PROVIDER_LIMITS.upcomingTimeOff} upcoming time off entries. Remove one that is no longer needed.`,
  timeOffNotFound: 'Time off not found',
  notForService: 'This provider does not do this service. Please pick another provider, or any available.',
  busy: (name: string) => `${name} is not free at this time. Please pick another time or another provider.`,
  noneFree: 'No provider is free at this time. Please pick another time.',
  sameProvider: 'This booking is already with this provider.',
  reassignClosed: 'Only a pending or confirmed booking that has not started can be given to another provider.',
  noProviders: 'This service has no providers to choose from.',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const timeOfDay = (label: string) =>
  z
    .string({ error: `${label} must be a time like 09:00` })
    .trim()
    .regex(TIME, `${label} must be a time like 09:00`);

/** One stretch of a provider's week, clinic-local: weekday 1-7 (Monday 1). */
const WeeklyHoursSchema = z
  .object({
    weekday: z
      .number({ error: 'weekday must be a whole number from 1 (Monday) to 7 (Sunday)' })
      .int('weekday must be a whole number from 1 (Monday) to 7 (Sunday)')
      .min(1, 'weekday must be a whole number from 1 (Monday) to 7 (Sunday)')
      .max(7, 'weekday must be a whole number from 1 (Monday) to 7 (Sunday)'),
    open: timeOfDay('open'),
    close: timeOfDay('close'),
  })
  .refine((h) => h.close > h.open, { path: ['close'], message: 'close must be after open.' });
export type WeeklyHours = z.infer<typeof WeeklyHoursSchema>;

const WeekSchema = z
  .array(WeeklyHoursSchema, { error: 'weeklyHours must be a list' })
  .max(PROVIDER_LIMITS.weeklyHours, `weeklyHours can hold at most ${PROVIDER_LIMITS.weeklyHours} stretches`)
  .superRefine((week, ctx) => {
    for (let i = 0; i < week.length; i++) {
      for (let j = i + 1; j < week.length; j++) {
        const a = week[i]!;
        const b = week[j]!;
        if (a.weekday === b.weekday && a.open < b.close && b.open < a.close) {
          ctx.addIssue({ code: 'custom', path: [j], message: PROVIDER_MSG.hoursOverlap });
        }
      }
    }
  });

/** A provider as everyone reads it (`GET /api/providers`). */
export const ProviderSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  photoUrl: z.string().nullable(),
  qualifications: z.string(),
  languages: z.array(z.string()),
  bio: z.string(),
  serviceIds: z.array(z.string()),
  weeklyHours: z.array(WeeklyHoursSchema),
  active: z.boolean(),
  /** The staff account working as this provider (null once deleted). */
  userId: z.string().nullable(),
});
export type Provider = z.infer<typeof ProviderSchema>;

const photoUrl = singleLineText('photoUrl')
  .max(PROVIDER_LIMITS.photoUrlLength, `photoUrl must be at most ${PROVIDER_LIMITS.photoUrlLength} characters`)
  .refine((v) => v === '' || /^(https:\/\/|\/)[^\s<>"']*$/.test(v), 'photoUrl must be an https:// address or a path')
  .nullish()
  .transform((v) => (v ? v : null));

const ProviderFields = {
  displayName: singleLineText('Display name', 'Display name is required')
    .min(1, 'Display name is required')
    .max(NAME_MAX, `Display name must be at most ${NAME_MAX} characters`),
  serviceIds: z
    .array(UuidSchema('serviceIds'), { error: 'serviceIds must be a list of service ids' })
    .max(
      PROVIDER_LIMITS.servicesPerProvider,
      `A provider can do at most ${PROVIDER_LIMITS.servicesPerProvider} services`,
    )
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  weeklyHours: WeekSchema,
  qualifications: singleLineText('Qualifications').max(
    PROVIDER_LIMITS.qualificationsLength,
    `Qualifications must be at most ${PROVIDER_LIMITS.qualificationsLength} characters`,
  ),
  languages: z
    .array(
      singleLineText('Language')
        .min(1, 'A language cannot be blank')
        .max(PROVIDER_LIMITS.languageLength, `A language must be at most ${PROVIDER_LIMITS.languageLength} characters`),
      { error: 'languages must be a list' },
    )
    .max(PROVIDER_LIMITS.languages, `At most ${PROVIDER_LIMITS.languages} languages`),
  bio: multiLineText('Bio').max(
    PROVIDER_LIMITS.bioLength,
    `Bio must be at most ${PROVIDER_LIMITS.bioLength} characters`,
  ),
  photoUrl,
  active: z.boolean({ error: 'active must be true or false' }),
};

/** POST /api/providers (admin). */
export const ProviderCreateSchema = z.object({
  userId: UuidSchema('userId'),
  displayName: ProviderFields.displayName,
  serviceIds: ProviderFields.serviceIds,
  weeklyHours: ProviderFields.weeklyHours,
  qualifications: ProviderFields.qualifications.optional().default(''),
  languages: ProviderFields.languages.optional().default([]),
  bio: ProviderFields.bio.optional().default(''),
  photoUrl: ProviderFields.photoUrl,
});
export type ProviderCreate = z.output<typeof ProviderCreateSchema>;
export type ProviderCreateInput = z.input<typeof ProviderCreateSchema>;

/** PUT /api/providers/{id} (admin): only the fields sent change; `active: false` retires a provider. */
export const ProviderUpdateSchema = z
  .object(ProviderFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), PROVIDER_MSG.nothingToChange);
export type ProviderUpdate = z.output<typeof ProviderUpdateSchema>;

/** GET /api/providers: `all=true` (admins only) lists retired providers too; `serviceId` those doing a service. */
export const ProviderListQuerySchema = z.object({
  all: z
    .enum(['true', 'false'], { error: 'all must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  serviceId: UuidSchema('serviceId').optional(),
});

/** An instant with its offset, as `from` and `to` of a time off are sent: '2026-12-01T09:00:00+05:30'. */
const Instant = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a date and time like 2026-12-01T09:00:00+05:30` })
    .refine((v) => {
      const year = Number(v.slice(0, 4));
      return year >= 2000 && year <= 2100;
    }, `${label} must be between the years 2000 and 2100`);

/** POST /api/providers/{id}/time-off (admin, or that provider). */
export const TimeOffCreateSchema = z
  .object({
    from: Instant('from'),
    to: Instant('to'),
    reason: singleLineText('Reason')
      .max(PROVIDER_LIMITS.reasonLength, `Reason must be at most ${PROVIDER_LIMITS.reasonLength} characters`)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((v) => new Date(v.to).getTime() > new Date(v.from).getTime(), {
    path: ['to'],
    message: PROVIDER_MSG.timeOffOrder,
  });
export type TimeOffCreate = z.output<typeof TimeOffCreateSchema>;

/** One time off of a provider. */
export const TimeOffSchema = z.object({
  id: z.string(),
  providerId: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type TimeOff = z.infer<typeof TimeOffSchema>;

/**
 * The answer to adding a time off: the entry, and the provider's open bookings it covers (nothing cancels them;
 * staff give each to another provider or move it). At most `affectedListed` are listed; `affectedCount` counts all.
 */
export const TimeOffCreatedSchema = TimeOffSchema.extend({
  affectedBookings: z.array(BookingSchema),
  affectedCount: z.number().int(),
});
export type TimeOffCreated = z.infer<typeof TimeOffCreatedSchema>;

export const TimeOffParamsSchema = z.object({
  id: z.string().min(1).max(64),
  timeOffId: z.string().min(1).max(64),
});

/** `GET /api/bookings/provider-time-off` (staff): an upcoming booking whose provider is off at its time. */
export const TimeOffBookingSchema = z.object({
  booking: BookingSchema,
  timeOff: TimeOffSchema,
});
export type TimeOffBooking = z.infer<typeof TimeOffBookingSchema>;

/** PUT /api/slots/{id}/reassign (staff): a named provider, or any other free one when left out. */
export const ReassignBodySchema = z
  .object({ providerId: UuidSchema('providerId').nullish() })
  .nullish()
  .transform((v) => ({ providerId: v?.providerId ?? null }));
