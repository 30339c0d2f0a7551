import { z } from 'zod';
import { CompleteVisitFieldsSchema, EMPTY_VISIT, checkNextDuePair } from './bookings.ts';
import { DateSchema, PageQuerySchema, UuidSchema } from './common.ts';
import { addDays, formatDay } from './dates.ts';
import { PET_SPECIES } from './pets.ts';
import { singleLineText } from './text.ts';

/*
 * The pet's preventive care: the clinic's catalogue of vaccines and preventive treatments with their protocols, the
 * doses staff record (append-only: a correction is a new entry naming the one it corrects), each pet's status per
 * protocol, and the clinic-wide list of pets due and overdue.
 */

/** What a catalogue entry is: a vaccine, a dewormer, or a tick and flea (parasite) treatment. */
export const VACCINE_KINDS = ['vaccine', 'deworming', 'parasite'] as const;
export type VaccineKind = (typeof VACCINE_KINDS)[number];
export const VACCINE_KIND_LABEL: Record<VaccineKind, string> = {
  vaccine: 'Vaccine',
  deworming: 'Deworming',
  parasite: 'Tick and flea',
};

/** Catalogue entries the clinic may keep (active or not): a formulary, not a product list. */
export const VACCINES_MAX = 200;
const VACCINE_NAME_MAX = 80;
const SERIES_DOSES_MAX = 10;
const INTERVAL_DAYS_MAX = 3 * 366;
/** Entries one pet may receive on one day (corrections included): a clinic's day, not a script's. */
export const DOSES_PER_PET_PER_DAY = 30;
/** Pets one `GET /api/care/status?petIds=` may ask about (an agenda page). */
const CARE_STATUS_PETS_MAX = 100;
const DOSE_TEXT_MAX = 120;
const DOSE_REASON_MAX = 300;

/** Texts the server and the web app both show about vaccines and doses. */
export const VACCINE_MSG = {
  nameRequired: 'Name is required',
  nameTaken: 'A vaccine or treatment with this name already exists.',
  kindInvalid: `Kind must be one of: ${VACCINE_KINDS.join(', ')}`,
  speciesInvalid: `Species must be a list of: ${PET_SPECIES.join(', ')}`,
  speciesRequired: 'Pick at least one species.',
  seriesDosesInvalid: `Doses in the primary series must be a whole number from 1 to ${SERIES_DOSES_MAX}.`,
  intervalInvalid: (label: string) => `${label} must be a whole number of days from 0 to ${INTERVAL_DAYS_MAX}.`,
  seriesIntervalNeeded: 'A series of more than one dose needs the days between its doses (at least 1).',
  boosterInvalid: `Booster interval must be a whole number of days from 1 to ${INTERVAL_DAYS_MAX}.`,
  nothingToChange: 'Send at least one field to change.',
  tooMany: `The catalogue holds up to ${VACCINES_MAX} vaccines and treatments. Retire one you no longer use, or change it instead.`,
  notFound: 'Vaccine not found',
  inactive: 'This vaccine or treatment is retired. Pick one in use.',
  wrongSpecies: (name: string, species: string) => `${name} is not given to a ${species}.`,
  batchRequired: 'Batch (lot) number is required',
  batchExpired: (batch: string, expiresOn: string, givenOn: string) =>
    `Batch ${batch} expired on ${formatDay(expiresOn)}, before the dose given on ${formatDay(givenOn)}. Use a batch within its expiry date.`,
  givenInFuture: 'The date given cannot be in the future.',
  givenBeforeBirth: 'The date given cannot be before the pet was born.',
  nextDueBeforeGiven: 'The next due date must be after the date given.',
  nextDueReasonRequired: 'Say why the next due date differs from the protocol.',
  archived: 'This pet is archived. Its record stays, but no dose can be added.',
  bookingMismatch: 'That visit is not one of this pet.',
  correctsUnknown: 'The entry to correct is not a dose of this pet.',
  alreadyCorrected: 'That entry has already been corrected. Correct its latest version instead.',
  tooManyToday: `This pet has ${DOSES_PER_PET_PER_DAY} entries today already. Contact an admin if that is right.`,
  petsTooMany: `Ask about at most ${CARE_STATUS_PETS_MAX} pets at once.`,
} as const;

const intervalDays = (label: string) =>
  z
    .number({ error: VACCINE_MSG.intervalInvalid(label) })
    .int(VACCINE_MSG.intervalInvalid(label))
    .min(0, VACCINE_MSG.intervalInvalid(label))
    .max(INTERVAL_DAYS_MAX, VACCINE_MSG.intervalInvalid(label));

const VaccineFields = {
  name: singleLineText('Name', VACCINE_MSG.nameRequired)
    .min(1, VACCINE_MSG.nameRequired)
    .max(VACCINE_NAME_MAX, `Name must be at most ${VACCINE_NAME_MAX} characters`),
  species: z
    .array(z.enum(PET_SPECIES, { error: VACCINE_MSG.speciesInvalid }), { error: VACCINE_MSG.speciesInvalid })
    .min(1, VACCINE_MSG.speciesRequired)
    .max(PET_SPECIES.length, VACCINE_MSG.speciesInvalid)
    .transform((list) => PET_SPECIES.filter((s) => list.includes(s))),
  kind: z.enum(VACCINE_KINDS, { error: VACCINE_MSG.kindInvalid }),
  seriesDoses: z
    .number({ error: VACCINE_MSG.seriesDosesInvalid })
    .int(VACCINE_MSG.seriesDosesInvalid)
    .min(1, VACCINE_MSG.seriesDosesInvalid)
    .max(SERIES_DOSES_MAX, VACCINE_MSG.seriesDosesInvalid),
  seriesIntervalDays: intervalDays('Days between series doses'),
  boosterIntervalDays: intervalDays('Booster interval').min(1, VACCINE_MSG.boosterInvalid),
  active: z.boolean({ error: 'active must be true or false' }),
};

/** A series of several doses needs a gap between them. */
function checkSeries(v: { seriesDoses?: number; seriesIntervalDays?: number }, ctx: z.RefinementCtx) {
  if (v.seriesDoses !== undefined && v.seriesDoses > 1 && v.seriesIntervalDays === 0) {
    ctx.addIssue({ code: 'custom', path: ['seriesIntervalDays'], message: VACCINE_MSG.seriesIntervalNeeded });
  }
}

/** A catalogue entry as every endpoint returns it. */
export const VaccineSchema = z.object({
  id: z.string(),
  name: z.string(),
  species: z.array(z.enum(PET_SPECIES)),
  kind: z.enum(VACCINE_KINDS),
  /** Doses of the primary series (3 puppy doses: 3). */
  seriesDoses: z.number().int(),
  /** Days from one series dose to the next. */
  seriesIntervalDays: z.number().int(),
  /** Days from the last series dose (and from each booster) to the next booster. */
  boosterIntervalDays: z.number().int(),
  active: z.boolean(),
});
export type Vaccine = z.infer<typeof VaccineSchema>;

/** POST /api/vaccines (admin). */
export const VaccineCreateSchema = z
  .object({
    ...VaccineFields,
    seriesIntervalDays: VaccineFields.seriesIntervalDays.default(0),
    active: VaccineFields.active.default(true),
  })
  .superRefine(checkSeries);
export type VaccineCreate = z.infer<typeof VaccineCreateSchema>;
export type VaccineCreateInput = z.input<typeof VaccineCreateSchema>;

/** PUT /api/vaccines/{id} (admin): only the fields sent change; `active: false` retires it (doses keep it). */
export const VaccineUpdateSchema = z
  .object(VaccineFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), VACCINE_MSG.nothingToChange)
  .superRefine(checkSeries);
export type VaccineUpdate = z.infer<typeof VaccineUpdateSchema>;

/** GET /api/vaccines: the active entries; `all=true` (admins) lists the retired ones too. */
export const VaccineListQuerySchema = z.object({
  all: z
    .enum(['true', 'false'], { error: 'all must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

// ---------------------------------------------------------------------------------------------------------------
// Protocol arithmetic
// ---------------------------------------------------------------------------------------------------------------

export type Protocol = Pick<Vaccine, 'seriesDoses' | 'seriesIntervalDays' | 'boosterIntervalDays'>;

/**
 * The day the next dose is due after dose number `doseNumber` (1 = the first ever) given on `givenOn`: the next dose
 * of the primary series `seriesIntervalDays` later while the series is not complete, else a booster
 * `boosterIntervalDays` later. Calendar days: 2024-02-29 + 365 is 2025-02-28, 2023-03-01 + 365 is 2024-02-29.
 */
export function nextDueOn(protocol: Protocol, doseNumber: number, givenOn: string): string {
  const inSeries = doseNumber < protocol.seriesDoses;
  return addDays(givenOn, inSeries ? protocol.seriesIntervalDays : protocol.boosterIntervalDays);
}

/** What a dose is, in words: 'Dose 2 of 3' in the primary series, else 'Booster'. */
export function doseLabel(doseNumber: number, seriesDoses: number): string {
  return doseNumber <= seriesDoses ? `Dose ${doseNumber} of ${seriesDoses}` : 'Booster';
}

const CARE_STATES = ['up_to_date', 'due_soon', 'overdue', 'not_started'] as const;
export type CareState = (typeof CARE_STATES)[number];
export const CARE_STATE_LABEL: Record<CareState, string> = {
  up_to_date: 'Up to date',
  due_soon: 'Due soon',
  overdue: 'Overdue',
  not_started: 'Not started',
};

/**
 * A protocol's state on the clinic's `today`: overdue once the due day has passed, due soon from `dueSoonDays` days
 * before it (the day the reminder goes out), up to date before that; never started without a dose.
 */
export function careStateOn(nextDue: string | null, today: string, dueSoonDays: number): CareState {
  if (nextDue === null) return 'not_started';
  if (nextDue < today) return 'overdue';
  if (nextDue <= addDays(today, dueSoonDays)) return 'due_soon';
  return 'up_to_date';
}

// ---------------------------------------------------------------------------------------------------------------
// Doses
// ---------------------------------------------------------------------------------------------------------------

const optionalDoseText = (label: string) =>
  singleLineText(label)
    .max(DOSE_TEXT_MAX, `${label} must be at most ${DOSE_TEXT_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * POST /api/pets/{id}/vaccinations (staff). `nextDueOn` is computed from the protocol when not sent; one that differs
 * needs `nextDueReason`. `correctsId` names the entry this one corrects (it replaces it; both are kept).
 */
export const DoseCreateSchema = z.object({
  vaccineId: UuidSchema('vaccineId'),
  givenOn: DateSchema,
  batch: singleLineText('Batch', VACCINE_MSG.batchRequired)
    .min(1, VACCINE_MSG.batchRequired)
    .max(DOSE_TEXT_MAX, `Batch must be at most ${DOSE_TEXT_MAX} characters`),
  expiresOn: DateSchema,
  /** The brand given (Nobivac Rabies); the catalogue's name when not sent. */
  product: optionalDoseText('Product'),
  manufacturer: optionalDoseText('Manufacturer'),
  /** Where it was given: 'left shoulder', 'oral'. */
  site: optionalDoseText('Site'),
  bookingId: UuidSchema('bookingId')
    .nullish()
    .transform((v) => v ?? null),
  nextDueOn: DateSchema.nullish().transform((v) => v ?? null),
  nextDueReason: singleLineText('Reason')
    .max(DOSE_REASON_MAX, `Reason must be at most ${DOSE_REASON_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  correctsId: UuidSchema('correctsId')
    .nullish()
    .transform((v) => v ?? null),
});
export type DoseCreate = z.infer<typeof DoseCreateSchema>;
export type DoseCreateInput = z.input<typeof DoseCreateSchema>;

/** Doses one "Complete visit" may record. */
export const VISIT_DOSES_MAX = 10;

/**
 * A dose given at the visit being completed: a dose's fields without its date and visit (the visit's day and the
 * booking itself) and without `correctsId` (corrections are made from the pet's record).
 */
const VisitDoseSchema = DoseCreateSchema.pick({
  vaccineId: true,
  batch: true,
  expiresOn: true,
  product: true,
  manufacturer: true,
  site: true,
  nextDueOn: true,
  nextDueReason: true,
});
export type VisitDoseInput = z.input<typeof VisitDoseSchema>;

/**
 * PUT /api/slots/{id}/complete (staff): the visit record's fields, as before, and an optional `doses` array: the
 * vaccines and treatments given at this visit, recorded with it, all or nothing.
 */
export const CompleteVisitWithDosesSchema = CompleteVisitFieldsSchema.extend({
  doses: z
    .array(VisitDoseSchema)
    .max(VISIT_DOSES_MAX, `A visit records at most ${VISIT_DOSES_MAX} doses at once.`)
    .nullish()
    .transform((v) => v ?? []),
})
  .nullish()
  .transform((v) => v ?? { ...EMPTY_VISIT, doses: [] })
  .superRefine(checkNextDuePair);
export type CompleteVisitWithDoses = z.output<typeof CompleteVisitWithDosesSchema>;

/**
 * One recorded dose, as every endpoint returns it: what a certificate lists (product, batch, expiry, date, who gave
 * it) and where it sits in the protocol. `correctedById` is set when a later entry corrects this one (it then no
 * longer counts).
 */
export const DoseSchema = z.object({
  id: z.string(),
  petId: z.string(),
  vaccineId: z.string(),
  vaccineName: z.string(),
  kind: z.enum(VACCINE_KINDS),
  product: z.string(),
  manufacturer: z.string().nullable(),
  batch: z.string(),
  expiresOn: z.string(),
  givenOn: z.string(),
  site: z.string().nullable(),
  givenById: z.string().nullable(),
  givenByName: z.string(),
  bookingId: z.string().nullable(),
  /** Which dose of the protocol it was when recorded: 1, 2, ... (past the series: a booster). */
  doseNumber: z.number().int(),
  seriesDoses: z.number().int(),
  nextDueOn: z.string().nullable(),
  /** Why `nextDueOn` differs from the protocol (null when it does not). */
  nextDueReason: z.string().nullable(),
  correctsId: z.string().nullable(),
  correctedById: z.string().nullable(),
  recordedAt: z.string(),
});
export type Dose = z.infer<typeof DoseSchema>;

/** GET /api/pets/{id}/vaccinations: newest given first, a page at a time. */
export const DoseListQuerySchema = PageQuerySchema;

/** One protocol of a pet's status (`GET /api/pets/{id}/care-status`). */
export const CareStatusItemSchema = z.object({
  vaccineId: z.string(),
  vaccineName: z.string(),
  kind: z.enum(VACCINE_KINDS),
  state: z.enum(CARE_STATES),
  nextDueOn: z.string().nullable(),
  /** The dose due next: 1 before any, `seriesDoses + 1` and beyond for boosters. */
  nextDoseNumber: z.number().int(),
  seriesDoses: z.number().int(),
  lastGivenOn: z.string().nullable(),
});
export type CareStatusItem = z.infer<typeof CareStatusItemSchema>;

/** `GET /api/care/status?petIds=a,b` (staff): the status of each pet asked about, for the agenda. */
export const CareStatusBatchQuerySchema = z.object({
  petIds: z
    .string({ error: 'petIds must be a comma-separated list of ids' })
    .max(CARE_STATUS_PETS_MAX * 40, VACCINE_MSG.petsTooMany)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(UuidSchema('petIds'))
        .min(1, 'petIds must name at least one pet')
        .max(CARE_STATUS_PETS_MAX, VACCINE_MSG.petsTooMany),
    ),
});
export const CareStatusBatchSchema = z.array(z.object({ petId: z.string(), items: z.array(CareStatusItemSchema) }));
export type CareStatusBatch = z.infer<typeof CareStatusBatchSchema>;

/** `GET /api/care/due` (staff): which pets to list. */
const DUE_STATES = ['overdue', 'due_soon'] as const;
export type DueState = (typeof DUE_STATES)[number];
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
export const CareDueQuerySchema = PageQuerySchema.extend({
  state: z.enum(DUE_STATES, { error: `state must be one of: ${DUE_STATES.join(', ')}` }).default('overdue'),
  species: z.preprocess(
    blankToUndefined,
    z.enum(PET_SPECIES, { error: `species must be one of: ${PET_SPECIES.join(', ')}` }).optional(),
  ),
  vaccineId: z.preprocess(blankToUndefined, UuidSchema('vaccineId').optional()),
  /** Overdue by at least this many days (state=overdue). */
  minDaysOverdue: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'minDaysOverdue must be a whole number of days from 0 to 3650' })
      .int('minDaysOverdue must be a whole number of days from 0 to 3650')
      .min(0, 'minDaysOverdue must be a whole number of days from 0 to 3650')
      .max(3650, 'minDaysOverdue must be a whole number of days from 0 to 3650')
      .optional(),
  ),
});
export type CareDueQuery = z.infer<typeof CareDueQuerySchema>;

/** One row of the clinic's "Due and overdue" list: a pet, one of its protocols and whom to call. */
export const CareDueItemSchema = z.object({
  /** `petId:vaccineId`: a row's key in live lists. */
  id: z.string(),
  petId: z.string(),
  petName: z.string(),
  species: z.enum(PET_SPECIES),
  ownerId: z.string(),
  ownerName: z.string(),
  ownerPhone: z.string().nullable(),
  vaccineId: z.string(),
  vaccineName: z.string(),
  state: z.enum(CARE_STATES),
  nextDueOn: z.string(),
  nextDoseNumber: z.number().int(),
  seriesDoses: z.number().int(),
});
export type CareDueItem = z.infer<typeof CareDueItemSchema>;

/**
 * Socket event to the pet's owner and to staff once a dose is recorded (or corrected): the entry, and the pet's
 * status per protocol after it. Staff due lists drop the pet's row for that protocol and the pet's page adds the dose.
 */
export const VACCINATION_RECORDED_EVENT = 'vaccination_recorded';
export const VaccinationRecordedEventSchema = z.object({
  petId: z.string(),
  ownerId: z.string(),
  dose: DoseSchema,
  status: z.array(CareStatusItemSchema),
});
export type VaccinationRecordedEvent = z.infer<typeof VaccinationRecordedEventSchema>;
