import { z } from 'zod';
import { DateSchema, UuidSchema } from './common.ts';
import { WeightKgSchema } from './bookings.ts';
import { multiLineText, singleLineText } from './text.ts';

/*
 * The pet's medical record beyond its visits: alerts staff must see, weights, prescriptions and their refills,
 * documents and staff-only clinical notes. Everything clinical is append-only: a correction is a new entry naming
 * the one it corrects (`correctsId`), and every change is in the audit log.
 */

export const PET_RECORD_MSG = {
  bodyCondition: 'Body condition score must be a whole number from 1 to 9',
  weightFuture: 'The measuring date cannot be in the future.',
  weightsTooMany: 'This pet has reached the limit of recorded weights.',
  correctsUnknown: 'The entry to correct was not found on this pet.',
  correctsAlready: 'That entry has already been corrected; correct the newest one.',
  bookingUnknown: 'That visit was not found for this pet.',
  noRefillsLeft: 'No refills are left on this prescription. Please ask the clinic for a new one.',
  refillOpen: 'A refill request for this prescription is already waiting for the clinic.',
  prescriptionSuperseded: 'This prescription was corrected; ask for a refill of the current one.',
  refillDecided: 'This refill request has already been decided.',
  productUnknown: 'That shop product does not exist.',
  archived: 'This pet is archived: its record can be read but not added to.',
  documentRequired: 'Please choose a file.',
  documentType: 'Documents must be PDF, JPEG or PNG files',
  documentsTooMany: 'This pet has reached the limit of documents.',
  storageFull: (quotaBytes: number) =>
    `This account's files may take up to ${Math.round((quotaBytes / 1024 / 1024) * 10) / 10} MB, and this document does not fit. Ask the customer to remove photos they no longer need, or raise STORAGE_QUOTA_BYTES.`,
  staffOnlyFlag: 'staffOnly must be true or false',
  notesTooMany: 'This visit has reached the limit of clinical notes.',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Weights

/** Weights kept for one pet (visits' weights come on top): years of weekly weighing, not a data logger's stream. */
export const PET_WEIGHTS_MAX = 2000;
/** The most weights GET /api/pets/{id}/weights answers (the newest). */
const PET_WEIGHTS_LIST_MAX = 500;

const BodyConditionSchema = z
  .number({ error: PET_RECORD_MSG.bodyCondition })
  .int(PET_RECORD_MSG.bodyCondition)
  .min(1, PET_RECORD_MSG.bodyCondition)
  .max(9, PET_RECORD_MSG.bodyCondition);

/** POST /api/pets/{id}/weights (staff): a weight measured on its own; `correctsId` names a weight it corrects. */
export const WeightBodySchema = z.object({
  weightKg: WeightKgSchema,
  measuredOn: DateSchema,
  bodyCondition: BodyConditionSchema.nullish().transform((v) => v ?? null),
  correctsId: UuidSchema('correctsId')
    .nullish()
    .transform((v) => v ?? null),
});
export type WeightBody = z.infer<typeof WeightBodySchema>;
export type WeightBodyInput = z.input<typeof WeightBodySchema>;

/** GET /api/pets/{id}/weights?limit= : the newest weights first. */
export const WeightListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PET_WEIGHTS_LIST_MAX).default(PET_WEIGHTS_LIST_MAX),
});

/**
 * One weight of the pet: measured on its own (`source: 'measured'`) or at a visit (`'visit'`, with its booking).
 * `correctedById` is set once a later entry corrected it: charts leave such entries out.
 */
export const WeightEntrySchema = z.object({
  id: z.string(),
  source: z.enum(['measured', 'visit']),
  weightKg: z.number(),
  measuredOn: z.string(),
  bodyCondition: z.number().int().nullable(),
  bookingId: z.string().nullable(),
  recordedByName: z.string().nullable(),
  recordedAt: z.string(),
  correctsId: z.string().nullable(),
  correctedById: z.string().nullable(),
});
export type WeightEntry = z.infer<typeof WeightEntrySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Prescriptions and refills

/** Open (not corrected) prescriptions a pet may hold; corrections do not count. */
export const PRESCRIPTIONS_MAX = 500;
const REFILLS_MAX = 12;
const RX_TEXT_MAX = 120;

const rxText = (label: string, max = RX_TEXT_MAX) =>
  singleLineText(label, `${label} is required`)
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** POST /api/pets/{id}/prescriptions (staff). `productId` names the shop product it dispenses, when the shop sells it. */
export const PrescriptionBodySchema = z.object({
  drug: rxText('Drug'),
  strength: rxText('Strength'),
  dose: rxText('Dose'),
  frequency: rxText('Frequency'),
  durationDays: z
    .number({ error: 'Duration must be a whole number of days from 1 to 365' })
    .int('Duration must be a whole number of days from 1 to 365')
    .min(1, 'Duration must be a whole number of days from 1 to 365')
    .max(365, 'Duration must be a whole number of days from 1 to 365'),
  quantity: z
    .number({ error: 'Quantity must be a whole number from 1 to 1000' })
    .int('Quantity must be a whole number from 1 to 1000')
    .min(1, 'Quantity must be a whole number from 1 to 1000')
    .max(1000, 'Quantity must be a whole number from 1 to 1000'),
  refills: z
    .number({ error: `Refills must be a whole number from 0 to ${REFILLS_MAX}` })
    .int(`Refills must be a whole number from 0 to ${REFILLS_MAX}`)
    .min(0, `Refills must be a whole number from 0 to ${REFILLS_MAX}`)
    .max(REFILLS_MAX, `Refills must be a whole number from 0 to ${REFILLS_MAX}`),
  instructions: multiLineText('Instructions')
    .max(1000, 'Instructions must be at most 1000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  productId: z
    .number({ error: 'productId must be a shop product id' })
    .int('productId must be a shop product id')
    .positive('productId must be a shop product id')
    .max(2_147_483_647, 'productId must be a shop product id')
    .nullish()
    .transform((v) => v ?? null),
  bookingId: UuidSchema('bookingId')
    .nullish()
    .transform((v) => v ?? null),
  correctsId: UuidSchema('correctsId')
    .nullish()
    .transform((v) => v ?? null),
});
export type PrescriptionBody = z.infer<typeof PrescriptionBodySchema>;
export type PrescriptionBodyInput = z.input<typeof PrescriptionBodySchema>;

const REFILL_STATUSES = ['open', 'approved', 'refused'] as const;
export type RefillStatus = (typeof REFILL_STATUSES)[number];

/** A refill request as the customer and staff see it. `cart` says whether an approved refill went into the cart. */
export const RefillRequestSchema = z.object({
  id: z.string(),
  prescriptionId: z.string(),
  petId: z.string(),
  petName: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  drug: z.string(),
  strength: z.string(),
  quantity: z.number().int(),
  status: z.enum(REFILL_STATUSES),
  note: z.string().nullable(),
  decisionNote: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  /** 'added' when an approved refill of a shop product went into the customer's cart, 'not_added' with why. */
  cart: z.enum(['added', 'not_added']).nullable(),
  cartMessage: z.string().nullable(),
});
export type RefillRequest = z.infer<typeof RefillRequestSchema>;

export const PrescriptionSchema = z.object({
  id: z.string(),
  petId: z.string(),
  bookingId: z.string().nullable(),
  drug: z.string(),
  strength: z.string(),
  dose: z.string(),
  frequency: z.string(),
  durationDays: z.number().int(),
  quantity: z.number().int(),
  refills: z.number().int(),
  refillsUsed: z.number().int(),
  refillsLeft: z.number().int(),
  instructions: z.string().nullable(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  prescribedByName: z.string(),
  prescribedAt: z.string(),
  correctsId: z.string().nullable(),
  correctedById: z.string().nullable(),
  /** The newest refill request (its decision shows on the pet's page), null when none was made. */
  latestRefill: RefillRequestSchema.nullable(),
});
export type Prescription = z.infer<typeof PrescriptionSchema>;

/** POST /api/prescriptions/{id}/refill-requests (owner): an optional note to the clinic. */
export const RefillRequestBodySchema = z
  .object({
    note: singleLineText('Note')
      .max(300, 'The note must be at most 300 characters')
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .nullish()
  .transform((v) => v ?? { note: null });

/** PUT /api/refill-requests/{id} (staff). */
export const RefillDecisionBodySchema = z.object({
  decision: z.enum(['approved', 'refused'], { error: "Decision must be 'approved' or 'refused'" }),
  note: singleLineText('Note')
    .max(500, 'The note must be at most 500 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type RefillDecisionBody = z.infer<typeof RefillDecisionBodySchema>;

/** GET /api/refill-requests (staff): `status=open` (default) is the work list, oldest first. */
export const RefillListQuerySchema = z.object({
  status: z.enum(REFILL_STATUSES, { error: 'Status must be open, approved or refused' }).default('open'),
});

// ---------------------------------------------------------------------------------------------------------------
// Documents and clinical notes

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_MIMES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** Documents one pet may hold. */
export const DOCUMENTS_MAX = 300;
export const DOCUMENT_TOO_LARGE = `Documents must be at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`;
export const DOCUMENT_KINDS = ['lab_report', 'xray', 'referral', 'consent', 'other'] as const;
export const DOCUMENT_KIND_LABELS: Record<(typeof DOCUMENT_KINDS)[number], string> = {
  lab_report: 'Lab report',
  xray: 'X-ray',
  referral: 'Referral letter',
  consent: 'Consent form',
  other: 'Other',
};

/**
 * POST /api/pets/{id}/documents (staff), multipart: the file `file` and the text fields below, as the API documents
 * them. The text fields are checked by `DocumentFieldsSchema` once read.
 */
export const DocumentFormSchema = z.object({
  file: z.string().meta({ format: 'binary', description: 'PDF, JPEG or PNG (by its bytes), at most 10 MB' }),
  title: z.string(),
  staffOnly: z.enum(['true', 'false']).optional(),
  kind: z.enum(DOCUMENT_KINDS).optional(),
  bookingId: z.string().optional(),
});

export const DocumentFieldsSchema = z.object({
  title: singleLineText('Title', 'Title is required').min(1, 'Title is required').max(120, 'Title is too long'),
  staffOnly: z
    .enum(['true', 'false'], { error: PET_RECORD_MSG.staffOnlyFlag })
    .default('false')
    .transform((v) => v === 'true'),
  kind: z.enum(DOCUMENT_KINDS, { error: `Kind must be one of: ${DOCUMENT_KINDS.join(', ')}` }).default('other'),
  bookingId: UuidSchema('bookingId').optional(),
});

export const PetDocumentSchema = z.object({
  id: z.string(),
  petId: z.string(),
  bookingId: z.string().nullable(),
  title: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  mime: z.string(),
  size: z.number().int(),
  staffOnly: z.boolean(),
  uploadedByName: z.string(),
  uploadedAt: z.string(),
  /** Where its bytes are served. */
  url: z.string(),
});
export type PetDocument = z.infer<typeof PetDocumentSchema>;

/** POST /api/pets/{id}/clinical-notes (staff): a note on a visit, never shown to the customer. */
export const ClinicalNoteBodySchema = z.object({
  bookingId: UuidSchema('bookingId'),
  text: multiLineText('Note', 'Note is required')
    .min(1, 'Note is required')
    .max(4000, 'The note must be at most 4000 characters'),
  correctsId: UuidSchema('correctsId')
    .nullish()
    .transform((v) => v ?? null),
});
export type ClinicalNoteBody = z.infer<typeof ClinicalNoteBodySchema>;

export const ClinicalNoteSchema = z.object({
  id: z.string(),
  petId: z.string(),
  bookingId: z.string(),
  text: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  correctsId: z.string().nullable(),
  correctedById: z.string().nullable(),
});
export type ClinicalNote = z.infer<typeof ClinicalNoteSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Live events

/** Which part of a pet's record changed. */
const PET_RECORD_PARTS = ['alerts', 'weights', 'prescriptions', 'documents', 'notes'] as const;
export type PetRecordPart = (typeof PET_RECORD_PARTS)[number];

/**
 * Socket event to staff and the pet's owner when a part of the pet's record changed (the owner never hears of
 * staff-only parts): an open pet page reads that part again.
 */
export const PET_RECORD_CHANGED_EVENT = 'pet_record_changed';
export const PetRecordChangedEventSchema = z.object({ petId: z.string(), part: z.enum(PET_RECORD_PARTS) });
export type PetRecordChangedEvent = z.infer<typeof PetRecordChangedEventSchema>;

/** Socket event to staff (their refill work list) and the owner when a refill request is made or decided. */
export const REFILL_CHANGED_EVENT = 'refill_changed';
export const RefillChangedEventSchema = z.object({ request: RefillRequestSchema });
export type RefillChangedEvent = z.infer<typeof RefillChangedEventSchema>;
