import { z } from 'zod';
import { DATE_MSG, isDateInRange, isRealDate } from './dates.ts';
import { PAGE_DEFAULT, PAGE_MAX } from './http.ts';

export { NEXT_CURSOR_HEADER } from './http.ts';

/** Error body of every 4xx/5xx answer: `message` repeats `error` for clients that read the message from there. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Stable error codes the web client maps to texts. */
export type ErrorCode =
  | 'VALIDATION'
  | 'BAD_REQUEST'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'EMAIL_TAKEN'
  | 'SLOT_FULL'
  | 'BOOKING_LIMIT'
  | 'UNPAID_LIMIT'
  | 'CLINIC_CLOSED'
  | 'EMERGENCY_OPEN'
  | 'OUT_OF_STOCK'
  | 'TOKEN_INVALID'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INTERNAL'
  | 'UNAVAILABLE';

/** A UUID path parameter; any other text is a 404, not a database error. */
export const IdParamSchema = z.object({ id: z.string().min(1).max(64) });

/** `?cursor=` of a list: the X-Next-Cursor of the previous page (base64url); what it encodes is checked on the server. */
export const CursorSchema = z
  .string()
  .max(200, 'Invalid cursor')
  .regex(/^[A-Za-z0-9_-]*$/, 'Invalid cursor')
  .optional();

/**
 * Keyset pagination for every list: `?limit=&cursor=`. Lists answer with a JSON array (the spec's clients read
 * plain lists) and put the cursor of the next page in the `X-Next-Cursor` response header.
 */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_DEFAULT),
  cursor: CursorSchema,
});

export const OkSchema = z.object({ ok: z.literal(true) });

/** GET /api/build: the id of the web build the server serves (null when none is built). */
export const BuildInfoSchema = z.object({ id: z.string().nullable() });
export type BuildInfo = z.infer<typeof BuildInfoSchema>;

/**
 * A 'YYYY-MM-DD' date of a query or a form: a day that exists, between DATE_MIN and DATE_MAX, so nothing computed
 * from it (the next day, an instant in the clinic's zone) leaves the range the database stores.
 */
export const DateSchema = z
  .string({ error: DATE_MSG.dateInvalid })
  .trim()
  .refine(isRealDate, { message: DATE_MSG.dateInvalid, abort: true })
  .refine(isDateInRange, DATE_MSG.dateOutOfRange);

/** An id in a body or a query: a UUID, or a clear 400 naming the field. */
export const UuidSchema = (label: string) =>
  z
    .string({ error: `${label} must be a valid id` })
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, `${label} must be a valid id`);
