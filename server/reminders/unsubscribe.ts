import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../lib/ids.ts';

/** What a token may do: turn reminder e-mails off, nothing else (a login token can never pass for one). */
const PURPOSE = 'pawcare:unsubscribe-reminder-emails:v1';

const macOf = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest('base64url');

/** The token of an e-mail's unsubscribe link: the account and a signature only this server can make. */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${macOf(secret, userId)}`;
}

/**
 * The account a token was made for, or null when it was not made by this server for this purpose: signed with one
 * of `secrets` (the links' own key first; then the session secret, which signed the links mailed before the links
 * had a key of their own).
 */
export function accountOfUnsubscribeToken(secrets: readonly string[], token: string): string | null {
  const [userId = '', mac = '', ...rest] = token.split('.');
  if (rest.length || !isUuid(userId)) return null;
  const given = Buffer.from(mac);
  const signedWith = (secret: string) => {
    const expected = Buffer.from(macOf(secret, userId));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return secrets.some(signedWith) ? userId : null;
}
