import { fieldError } from '../../../lib/accounts.ts';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * Whether the server refused an e-mailed link's token: TOKEN_INVALID (used, expired, unknown), or a token so
 * malformed that validation named it.
 */
export function isInvalidLink(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.code === 'TOKEN_INVALID' || (err.status === 400 && !!err.details?.some((d) => d.path === 'token'));
}

/** The server's refusal of the chosen password itself (not of the link), for the password field. */
export function passwordRefusal(err: unknown): string | undefined {
  return isInvalidLink(err) ? undefined : fieldError(err, 'password');
}
