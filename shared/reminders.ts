import { z } from 'zod';

export const UNSUBSCRIBE_MSG = {
  invalid: 'This unsubscribe link is not valid. Turn reminder e-mails off from your profile instead.',
  done: (email: string) =>
    `Reminder e-mails are off for ${email}. You still get booking confirmations and in-app reminders; turn reminder e-mails back on in your profile.`,
} as const;

/** POST /api/reminders/unsubscribe: the token of a reminder e-mail's link (no login needed). */
export const UnsubscribeBodySchema = z.object({
  token: z.string({ error: UNSUBSCRIBE_MSG.invalid }).min(1, UNSUBSCRIBE_MSG.invalid).max(200, UNSUBSCRIBE_MSG.invalid),
});

export const UnsubscribeResultSchema = z.object({ email: z.string(), message: z.string() });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>;
