import { ACCOUNT_MSG } from '#shared/accounts';
import type { ApiError, ErrorCode } from '#shared/common';

/** The body of every error answer; `message` repeats `error` for clients that read the server's message from there. */
export function errorBody(message: string, code: ErrorCode, details?: { path: string; message: string }[]): ApiError {
  return { error: message, message, code, ...(details ? { details } : {}) };
}

/** An error the client may see: an HTTP status, a stable code and a human message. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly details?: { path: string; message: string }[];

  constructor(statusCode: number, code: ErrorCode, message: string, details?: { path: string; message: string }[]) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

/** Named factories, so every place says the same thing the same way. */
export const errors = {
  validation: (message: string, details?: { path: string; message: string }[]) =>
    new AppError(400, 'VALIDATION', message, details),
  badRequest: (message: string) => new AppError(400, 'BAD_REQUEST', message),
  /** A booking on a day the clinic is closed (a closure, with its reason, or a closed weekday). */
  clinicClosed: (message: string) => new AppError(400, 'CLINIC_CLOSED', message),
  unauthenticated: (message = 'Please log in to continue') => new AppError(401, 'UNAUTHENTICATED', message),
  invalidCredentials: () => new AppError(401, 'UNAUTHENTICATED', 'Invalid credentials'),
  forbidden: (message = 'You do not have permission to do that') => new AppError(403, 'FORBIDDEN', message),
  notFound: (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`),
  conflict: (message: string, code: ErrorCode = 'CONFLICT', details?: { path: string; message: string }[]) =>
    new AppError(409, code, message, details),
  tooLarge: (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message),
  unsupportedMedia: (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message),
  rateLimited: (message: string) => new AppError(429, 'RATE_LIMITED', message),
  /** A used, expired or unknown account link (reset, verification, invitation). */
  tokenInvalid: () => new AppError(400, 'TOKEN_INVALID', ACCOUNT_MSG.tokenInvalid),
};

/** What a client hears while the database is away (HTTP 503 and refused socket handshakes alike). */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Retrying...';
/** Seconds a client is asked to wait (Retry-After) before retrying a 503. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Maps a zod issue list to our details and picks the first message as the headline (the spec's text). */
export function zodDetails(issues: readonly { path: PropertyKey[]; message: string }[]) {
  return issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** "2 minutes", "40 seconds": how long to wait, in words. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}
