import { z } from 'zod';
import { CursorSchema } from './common.ts';
import { ADDRESS_MAX, BLOOD_GROUPS, EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './account-rules.ts';
import { ROLES } from './roles.ts';
import { MSG } from './messages.ts';
import { rawText, singleLineText } from './text.ts';

/** The spec's "simple address pattern": something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_PATTERN = /^[A-Za-z ]+$/;
const PHONE_PATTERN = /^\d{10}$/;

const requiredText = (label: string, message: string) => singleLineText(label, message).min(1, message);

/** Characters that show as nothing (zero-width spaces and joiners, soft hyphens, direction marks, variation selectors). */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;
/** The scripts an address's letters are told apart by; a letter of any other script counts as one more script. */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
].map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);

/** True when the letters of one part of an address (the local part, or one label of the domain) mix scripts. */
function mixesScripts(part: string): boolean {
  const seen = new Set<string>();
  for (const ch of part) {
    if (!/\p{L}/u.test(ch)) continue;
    seen.add(SCRIPTS.find(([, re]) => re.test(ch))?.[0] ?? 'other');
    if (seen.size > 1) return true;
  }
  return false;
}

/**
 * True when an address could pass for another one: it holds an invisible character, or a part of it mixes scripts
 * (a Cyrillic "а" among Latin letters). Such an address is refused rather than registered as a new account.
 */
function isLookAlikeEmail(email: string): boolean {
  return INVISIBLE.test(email) || email.split(/[@.]/).some(mixesScripts);
}

/**
 * An e-mail address as every form takes it: required, the spec's pattern, stored in Unicode's compatibility form
 * (NFKC: a full-width "ｅ" is an "e") and lower-case; look-alike addresses are refused.
 */
export const EmailSchema = requiredText('Email', MSG.emailRequired)
  .max(EMAIL_MAX, 'Email is too long')
  .transform((v) => v.normalize('NFKC').toLowerCase())
  .pipe(
    z
      .string()
      .max(EMAIL_MAX, 'Email is too long')
      .regex(EMAIL_PATTERN, MSG.emailInvalid)
      .refine((v) => !isLookAlikeEmail(v), MSG.emailLookAlike),
  );

/** A new password (sign-up, reset, change, invitation): the spec's rules and messages. */
export const PasswordSchema = rawText('Password', MSG.passwordRequired)
  .min(1, MSG.passwordRequired)
  .min(PASSWORD_MIN, MSG.passwordShort)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const NameSchema = requiredText('Name', MSG.nameRequired)
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`)
  .regex(NAME_PATTERN, MSG.nameInvalid);

export const PhoneSchema = requiredText('Phone number', MSG.phoneRequired).regex(PHONE_PATTERN, MSG.phoneInvalid);

const optionalText = (max: number, label: string) =>
  singleLineText(label)
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

const AddressTextSchema = optionalText(ADDRESS_MAX, 'Address');
const BloodGroupSchema = z
  .union([z.enum(BLOOD_GROUPS), z.literal('')], { error: 'Choose a valid blood group' })
  .optional()
  .transform((v) => (v ? v : undefined));

const RoleSchema = z.enum(ROLES, { error: 'Role must be user, employee or admin' });

/** POST /api/auth/login body. */
export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/**
 * Text fields of POST /api/auth/register (multipart). The file (identityProof) is checked separately; `role` is
 * accepted for the spec's clients but ignored: registration always creates a customer.
 */
export const RegisterFieldsSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  phone: PhoneSchema,
  address: AddressTextSchema,
  bloodGroup: BloodGroupSchema,
  role: singleLineText('Role').max(20).optional(),
});
export type RegisterFields = z.infer<typeof RegisterFieldsSchema>;

/** The registration form as the API documents it: the text fields plus the identity proof file. */
export const RegisterFormSchema = RegisterFieldsSchema.extend({
  identityProof: z.string().meta({ format: 'binary', description: 'PNG, JPEG, WebP or PDF, at most 5 MB' }),
});

/** The name of an uploaded file: any text a browser sends, but no control characters or broken Unicode. */
export const FileNameSchema = rawText('File name');

/** PUT /api/users/profile body: what a person may change about themself. */
export const ProfileBodySchema = z
  .object({
    name: NameSchema.optional(),
    phone: PhoneSchema.optional(),
    address: singleLineText('Address').max(ADDRESS_MAX, `Address must be at most ${ADDRESS_MAX} characters`).optional(),
    bloodGroup: BloodGroupSchema,
    /** Reminder e-mails (appointments, boosters): on by default; in-app reminders stay on. */
    reminderEmails: z.boolean({ error: 'reminderEmails must be true or false' }).optional(),
  })
  .strict();
export type ProfileBody = z.infer<typeof ProfileBodySchema>;
export type ProfileBodyInput = z.input<typeof ProfileBodySchema>;

/** A person's own account (login, sign-up, profile): never the password hash or identity-proof bytes. */
export const UserSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string().nullable(),
  bloodGroup: z.string().nullable(),
  role: RoleSchema,
  image: z.string(),
  hasIdentityProof: z.boolean(),
  createdAt: z.string(),
  /** Whether reminder e-mails are sent (the profile's switch, and every reminder's unsubscribe link). */
  reminderEmails: z.boolean().default(true),
  /** Whether the e-mail address is proven (a verification, reset or invitation link was used); see shared/accounts.ts. */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

/**
 * GET /api/auth/me and PUT /api/users/profile: the account's fields, and the same account again under `user`, as the
 * spec's clients read these answers (decision 043).
 */
export const OwnAccountSchema = UserSchema.extend({
  user: UserSchema.meta({ description: "The same account, where the spec's clients read it" }),
});
export type OwnAccount = z.infer<typeof OwnAccountSchema>;

/** Someone to chat with (GET /api/users): who they are and their picture, never how to reach them elsewhere. */
export const ContactSchema = UserSchema.pick({ _id: true, id: true, name: true, role: true, image: true });
export type Contact = z.infer<typeof ContactSchema>;

/**
 * A row of the admin's customer and employee lists (and the answer to a role change): what the table shows and
 * its identity-proof button need. Address and blood group stay on the person's own profile.
 */
export const AdminUserSchema = UserSchema.pick({
  _id: true,
  id: true,
  name: true,
  email: true,
  phone: true,
  role: true,
  image: true,
  hasIdentityProof: true,
  createdAt: true,
  emailVerified: true,
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AuthResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** PUT /api/users/{id}/role body. */
export const RoleBodySchema = z.object({ role: RoleSchema });

export const UserListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: CursorSchema,
  q: singleLineText('Search text').max(100, 'Search text must be at most 100 characters').optional(),
});
