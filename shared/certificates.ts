import { z } from 'zod';
import { PET_SEXES, PET_SPECIES } from './pets.ts';
import { VACCINE_KINDS } from './vaccines.ts';

/*
 * A pet's vaccination certificate (decision 052): a PDF its owner downloads and staff print, and the codes that open
 * the public verification page `/verify/{code}` for whoever holds one, until the owner withdraws it.
 */

/** Codes a pet may hold at once (not withdrawn): a handful of people to show, not a mailing list. */
export const CERTIFICATE_CODES_MAX = 5;
/** A code: 128 random bits as base64url, 22 characters. Anything else is no code of ours (404). */
export const CERTIFICATE_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** The web page a code opens, on the app's public address. */
export const verifyPath = (code: string) => `/verify/${code}`;

/** Texts the server and the web app both show about certificates. */
export const CERTIFICATE_MSG = {
  notFound: 'This certificate link is not valid: it was withdrawn by the owner, or it never existed.',
  tooManyCodes: `A pet can have up to ${CERTIFICATE_CODES_MAX} shared certificate links at once. Withdraw one you no longer need to share again.`,
  tooManyRequests: (wait: string) => `Too many certificates asked for. Please try again in ${wait}.`,
  codeNotFound: 'Shared link not found',
} as const;

/** `DELETE /api/pets/{id}/certificate/share/{code}`. */
export const CertificateCodeParamsSchema = z.object({
  id: z.string().min(1).max(64),
  code: z.string().min(1).max(64),
});

/** `GET /api/verify/{code}`: any text; one that is not a code of ours is 404 like a withdrawn one. */
export const VerifyParamsSchema = z.object({ code: z.string().min(1).max(100) });

/** A shared link of a pet's certificate, as its owner sees it. */
export const CertificateShareSchema = z.object({
  code: z.string(),
  /** The verification page's full address: the one the QR code of a PDF downloaded now holds. */
  url: z.string(),
  createdAt: z.string(),
  /** Who made it: the owner (sharing or downloading) or the clinic (printing). */
  createdByName: z.string(),
});
export type CertificateShare = z.infer<typeof CertificateShareSchema>;

/**
 * One dose as the certificate lists it: the entries that count now (an entry a later one corrected is left out; the
 * correction says it is one).
 */
const CertificateDoseSchema = z.object({
  vaccineName: z.string(),
  kind: z.enum(VACCINE_KINDS),
  product: z.string(),
  manufacturer: z.string().nullable(),
  batch: z.string(),
  expiresOn: z.string(),
  givenOn: z.string(),
  givenByName: z.string(),
  doseNumber: z.number().int(),
  seriesDoses: z.number().int(),
  nextDueOn: z.string().nullable(),
  /** This entry corrects an earlier one (which the certificate no longer shows). */
  correction: z.boolean(),
});
export type CertificateDose = z.infer<typeof CertificateDoseSchema>;

/** The pet as the certificate shows it (its owner's name is on the PDF only, never on the public page). */
const CertificatePetSchema = z.object({
  name: z.string(),
  species: z.enum(PET_SPECIES),
  breed: z.string().nullable(),
  sex: z.enum(PET_SEXES).nullable(),
  birthDate: z.string().nullable(),
  markings: z.string().nullable(),
  microchip: z.string().nullable(),
});

/** `GET /api/verify/{code}`: a genuine code's certificate as it stands now. Unknown or withdrawn codes are 404. */
export const VerificationSchema = z.object({
  valid: z.literal(true),
  pet: CertificatePetSchema,
  doses: z.array(CertificateDoseSchema),
  /** When this code was issued (shared, downloaded or printed). */
  issuedAt: z.string(),
  /** Today's date on the clinic's clock: the record is shown as it stands on this day. */
  asOf: z.string(),
  clinic: z.object({ name: z.string(), address: z.string() }),
});
export type Verification = z.infer<typeof VerificationSchema>;
