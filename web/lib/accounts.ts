import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { ACCOUNT_MSG, type MessageAnswer } from '#shared/accounts';
import { PasswordSchema } from '#shared/auth';
import { ApiError, answer, client } from './api-client.ts';
import { useSession } from './session.tsx';

/** Texts of the "confirm the new password" field, which only the web has. */
export const CONFIRM_PASSWORD_MSG = {
  required: 'Please confirm your new password',
  mismatch: 'Passwords do not match',
} as const;

/** The confirmation field of a new-password form: required; compared with the new password by the form. */
export const ConfirmPasswordSchema = z.string().min(1, CONFIRM_PASSWORD_MSG.required);

/**
 * A form that chooses a new password (reset link, invitation): the spec's password rules and messages, and a
 * confirmation that must match.
 */
const NewPasswordFormSchema = z
  .object({ password: PasswordSchema, confirmPassword: ConfirmPasswordSchema })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: CONFIRM_PASSWORD_MSG.mismatch,
  });
type NewPasswordForm = z.input<typeof NewPasswordFormSchema>;

/** The form of a page that chooses a new password from an e-mailed link (reset, invitation). */
export function useNewPasswordForm() {
  return useForm<NewPasswordForm>({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
}

/** POST /api/auth/resend-verification: a new verification link for the signed-in account. */
function resendVerification(): Promise<MessageAnswer> {
  return answer(client.POST('/api/auth/resend-verification'));
}

/**
 * Sends a new verification link (the banner, the profile, an expired verification link). When the server answers
 * that the address is already verified (proven in another browser), the session's user says so too.
 */
export function useResendVerificationMutation() {
  const { user, updateUser } = useSession();
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: (answer) => {
      if (answer.message === ACCOUNT_MSG.alreadyVerified && user && !user.emailVerified)
        updateUser({ ...user, emailVerified: true });
    },
  });
}

/** The server's message about one field of a refused form (a 400's details), if it named that field. */
export function fieldError(err: unknown, path: string): string | undefined {
  if (!(err instanceof ApiError) || err.status !== 400) return undefined;
  return err.details?.find((d) => d.path === path)?.message;
}

/** Shows the server's messages on the fields of a refused form it named; the focus goes to the first of them. */
export function showFieldErrors<T extends FieldValues>(
  err: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  for (const field of [...fields].reverse()) {
    const message = fieldError(err, field);
    if (message) setError(field, { message }, { shouldFocus: true });
  }
}
