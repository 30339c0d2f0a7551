import { z } from 'zod';
import { AdminUserSchema, AuthResponseSchema, EmailSchema, NameSchema, PasswordSchema } from './auth.ts';
import { PASSWORD_MAX } from './account-rules.ts';
import { rawText, singleLineText } from './text.ts';

/**
 * Accounts people expect (issue 16): password reset, change password, e-mail verification, sign out everywhere and
 * staff invitations. Every link these mails carry opens a web page with the token as its `token=` query parameter;
 * the page posts that token back to the API. Tokens are random, kept on the server only as a hash, single use and
 * short lived.
 *
 * Endpoints:
 * - `POST /api/auth/forgot-password` {@link ForgotPasswordBodySchema} -> 200 {@link MessageAnswerSchema} (always the same
 *   answer, whether or not the account exists; 429 only when this network asked too often).
 * - `POST /api/auth/reset-password` {@link ResetPasswordBodySchema} -> 200 {@link MessageAnswerSchema}; every session of
 *   the account is signed out, the web sends the person to /login to log in with the new password. 400 TOKEN_INVALID
 *   with {@link ACCOUNT_MSG}.tokenInvalid for a used, expired or unknown link.
 * - `PUT /api/users/password` {@link ChangePasswordBodySchema} (signed in) -> 200 {@link ChangePasswordAnswerSchema}
 *   (a fresh token for this session; every other session is signed out). A wrong current password is a 400
 *   VALIDATION with details `[{ path: 'currentPassword', message: ACCOUNT_MSG.currentPasswordWrong }]`; too many
 *   wrong ones a 429.
 * - `POST /api/auth/logout-all` (signed in) -> 200 {@link MessageAnswerSchema}: every session, this one included, is
 *   signed out (the web drops its token too).
 * - `POST /api/auth/verify-email` {@link VerifyEmailBodySchema} (public) -> 200 {@link MessageAnswerSchema}; 400
 *   TOKEN_INVALID.
 * - `POST /api/auth/resend-verification` (signed in) -> 200 {@link MessageAnswerSchema} (`verificationSent`, or
 *   `alreadyVerified` when there is nothing to do); 429 when asked too often.
 * - `POST /api/users/invitations` {@link InvitationBodySchema} (admin) -> 201 {@link InvitationAnswerSchema} (the new
 *   employee, not verified yet), or 200 with the same shape when the address belongs to an invitee who has not
 *   accepted yet (a fresh link is sent, earlier ones stop working). 409 EMAIL_TAKEN for any other existing account.
 * - `POST /api/auth/accept-invitation` {@link AcceptInvitationBodySchema} (public) -> 200
 *   {@link AcceptInvitationAnswerSchema} (signed in as the employee; the web lands on /employee/home); 400
 *   TOKEN_INVALID.
 *
 * Every user shape the API returns (login, /api/auth/me, the admin lists) carries `emailVerified`.
 */

/** What each kind of account token is for. */
export const ACCOUNT_TOKEN_PURPOSES = ['reset', 'verify', 'invite'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** How long each kind of link stays valid, in minutes. */
export const ACCOUNT_TOKEN_MINUTES: Record<AccountTokenPurpose, number> = {
  reset: 30,
  verify: 48 * 60,
  invite: 7 * 24 * 60,
};

/** The query parameter every account link carries its token in. */
export const ACCOUNT_TOKEN_PARAM = 'token';

/** Web pages of the account flows (the mails link to the last three, with `?token=`). */
export const ACCOUNT_PAGES = {
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  acceptInvitation: '/accept-invitation',
} as const;

/** Texts of the account flows, said the same way by server and web. */
export const ACCOUNT_MSG = {
  forgotSent: 'If an account exists for this e-mail, we have sent a link to reset its password.',
  tokenInvalid: 'This link has expired or was already used. Ask for a new one.',
  passwordReset: 'Your password has been reset. Log in with your new password.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  newPasswordSame: 'New password must be different from the current one',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  signedOutEverywhere: 'You have been signed out on every device.',
  signedOut: 'You have been signed out.',
  emailVerified: 'Your e-mail address is verified',
  alreadyVerified: 'Your e-mail address is already verified',
  verificationSent: 'We have sent a new verification link to your e-mail address.',
  verifyBanner: 'Please verify your e-mail address: open the link we sent you.',
  invitationSent: (email: string) => `Invitation sent to ${email}`,
  invitationResent: (email: string) => `A new invitation link was sent to ${email}`,
  invitationEmailTaken: 'An account with this email already exists. To make it staff, change its role instead.',
  invitationAccepted: 'Welcome! Your password is set.',
  askNewReset: 'Ask for a new reset link',
  askNewVerification: 'Send a new verification link',
  askNewInvitation: 'Ask your administrator for a new invitation.',
} as const;

/** A token from a link: any text; one that is not a live token of the right kind is a 400 TOKEN_INVALID. */
const AccountTokenSchema = singleLineText('Token', ACCOUNT_MSG.tokenInvalid)
  .min(1, ACCOUNT_MSG.tokenInvalid)
  .max(200, ACCOUNT_MSG.tokenInvalid);

/** POST /api/auth/forgot-password body. */
export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** POST /api/auth/reset-password body: the link's token and the new password (the spec's password rules). */
export const ResetPasswordBodySchema = z.object({ token: AccountTokenSchema, password: PasswordSchema });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** PUT /api/users/password body. */
export const ChangePasswordBodySchema = z
  .object({
    currentPassword: rawText('Current password', ACCOUNT_MSG.currentPasswordRequired)
      .min(1, ACCOUNT_MSG.currentPasswordRequired)
      .max(PASSWORD_MAX, ACCOUNT_MSG.currentPasswordWrong),
    newPassword: PasswordSchema,
  })
  .refine((b) => b.currentPassword !== b.newPassword, { path: ['newPassword'], message: ACCOUNT_MSG.newPasswordSame });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** PUT /api/users/password answer: a fresh token for the session that made the change, and the user. */
export const ChangePasswordAnswerSchema = AuthResponseSchema;
export type ChangePasswordAnswer = z.infer<typeof ChangePasswordAnswerSchema>;

/** POST /api/auth/verify-email body. */
export const VerifyEmailBodySchema = z.object({ token: AccountTokenSchema });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;

/** POST /api/users/invitations body: the new employee's name and e-mail (the spec's rules and messages). */
export const InvitationBodySchema = z.object({ name: NameSchema, email: EmailSchema });
export type InvitationBody = z.infer<typeof InvitationBodySchema>;
export type InvitationBodyInput = z.input<typeof InvitationBodySchema>;

/** POST /api/users/invitations answer: the invited employee as the admin's lists show them. */
export const InvitationAnswerSchema = AdminUserSchema;
export type InvitationAnswer = z.infer<typeof InvitationAnswerSchema>;

/** POST /api/auth/accept-invitation body: the link's token and the password the employee chooses. */
export const AcceptInvitationBodySchema = z.object({ token: AccountTokenSchema, password: PasswordSchema });
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBodySchema>;

/** POST /api/auth/accept-invitation answer: signed in, like login's answer. */
export const AcceptInvitationAnswerSchema = AuthResponseSchema;
export type AcceptInvitationAnswer = z.infer<typeof AcceptInvitationAnswerSchema>;

/** The answer of the account actions that only report: forgot, reset, verify, resend, sign out everywhere. */
export const MessageAnswerSchema = z.object({ ok: z.literal(true), message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswerSchema>;

/** GET /api/users/me/storage: what the account's uploads take up and how much they may (decision 039). */
export const StorageUseSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
});
export type StorageUse = z.infer<typeof StorageUseSchema>;
