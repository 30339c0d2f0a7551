import { useMutation } from '@tanstack/react-query';
import type { User } from '#shared/auth';
import type { UnsubscribeResult } from '#shared/reminders';
import { api } from '../../../lib/api-client.ts';

/** POST /api/reminders/unsubscribe: a reminder e-mail's link token turns that account's reminder e-mails off. */
function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return api<UnsubscribeResult>('/api/reminders/unsubscribe', { method: 'POST', body: { token } });
}

/** The unsubscribe mutation (no login needed). */
export function useUnsubscribeMutation() {
  return useMutation({ mutationFn: unsubscribe });
}

/** GET /api/auth/me: the signed-in account as it is now (its reminder setting may just have changed). */
export function fetchMe(): Promise<User> {
  return api<User>('/api/auth/me');
}
