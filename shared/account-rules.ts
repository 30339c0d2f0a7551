/** Limits of an account's fields (sign-up, profile, password), zod-free for public pages. */

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 80;
export const EMAIL_MAX = 254;
export const ADDRESS_MAX = 300;
export const IDENTITY_PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const IDENTITY_PROOF_MIMES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
