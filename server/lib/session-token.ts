import { createHash } from 'node:crypto';

/** What identifies a session's token where it is stored: its SHA-256, base64url (the token itself is never kept). */
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The bearer token of an Authorization header, or undefined. */
export const bearerToken = (header: string | undefined) => header?.match(/^Bearer\s+(.+)$/i)?.[1];
