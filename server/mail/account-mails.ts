import { ACCOUNT_PAGES, ACCOUNT_TOKEN_MINUTES, ACCOUNT_TOKEN_PARAM, type AccountTokenPurpose } from '#shared/accounts';
import type { Config } from '../config.ts';
import type { MailBrand } from './brand.ts';
import { composeMail, type ComposedMail } from './compose.ts';

type MailConfig = Pick<Config, 'PUBLIC_URL'>;

/** A mail of the account flows: subject, plain text and HTML. */
export type AccountMail = ComposedMail;

/** The page each kind of token opens. */
const PAGE: Record<AccountTokenPurpose, string> = {
  reset: ACCOUNT_PAGES.resetPassword,
  verify: ACCOUNT_PAGES.verifyEmail,
  invite: ACCOUNT_PAGES.acceptInvitation,
};

/** The link a mail carries: the web page of its purpose with the token as `token=`. */
function accountLink(config: MailConfig, purpose: AccountTokenPurpose, token: string): string {
  return `${config.PUBLIC_URL}${PAGE[purpose]}?${ACCOUNT_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

/** "30 minutes", "48 hours", "7 days": how long a link of this purpose stays valid. */
function validityText(purpose: AccountTokenPurpose): string {
  const minutes = ACCOUNT_TOKEN_MINUTES[purpose];
  const [n, unit] =
    minutes % (24 * 60) === 0 && minutes >= 3 * 24 * 60
      ? [minutes / (24 * 60), 'day']
      : minutes % 60 === 0 && minutes >= 120
        ? [minutes / 60, 'hour']
        : [minutes, 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** "Reset your password": the link of a forgotten-password request. */
export function resetPasswordMail(brand: MailBrand, config: MailConfig, name: string, token: string): AccountMail {
  return composeMail(brand, {
    subject: `Reset your ${brand.name} password`,
    name,
    body: [
      `Someone (hopefully you) asked to reset the password of your ${brand.name} account.`,
      `The link below works once, for ${validityText('reset')}.`,
    ],
    action: { label: 'Choose a new password', href: accountLink(config, 'reset', token) },
    after: ['If you did not ask for this, ignore this e-mail: your password stays as it is.'],
  });
}

/** "Verify your e-mail address": sent after registering, and again on request. */
export function verifyEmailMail(brand: MailBrand, config: MailConfig, name: string, token: string): AccountMail {
  return composeMail(brand, {
    subject: `Verify your e-mail address for ${brand.name}`,
    name,
    body: [
      `Thank you for signing up with ${brand.name}. Please confirm that this e-mail address is yours.`,
      `The link below works once, for ${validityText('verify')}.`,
    ],
    action: { label: 'Verify my e-mail address', href: accountLink(config, 'verify', token) },
    after: ['If you did not sign up, ignore this e-mail.'],
  });
}

/** "You are invited": an admin brings in an employee, who sets their own password. */
export function invitationMail(brand: MailBrand, config: MailConfig, name: string, token: string): AccountMail {
  return composeMail(brand, {
    subject: `You are invited to join ${brand.name}`,
    name,
    body: [
      `You have been invited to join the ${brand.name} staff.`,
      `Choose your password with the link below. It works once, for ${validityText('invite')}.`,
    ],
    action: { label: 'Accept the invitation', href: accountLink(config, 'invite', token) },
    after: ['If you did not expect this invitation, ignore this e-mail.'],
  });
}
