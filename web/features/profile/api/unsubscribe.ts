import { useMutation } from '@tanstack/react-query';
import { UserSchema, type User } from '#shared/auth';
import type { UnsubscribeResult } from '#shared/reminders';
import { answer, client } from '../../../lib/api-client.ts';
import { trusted } from '../../../lib/api-extra.ts';

/** POST /api/reminders/unsubscribe: a reminder e-mail's link token turns that account's reminder e-mails off. */
function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return answer(client.POST('/api/reminders/unsubscribe', { body: { token } }));
}

/** The unsubscribe mutation (no login needed). */
export function useUnsubscribeMutation() {
  return useMutation({ mutationFn: unsubscribe });
}

/** GET /api/auth/me: the signed-in account as it is now (its reminder setting may just have changed). */
export function fetchMe(): Promise<User> {
  return trusted(UserSchema, client.GET('/api/auth/me'));
}
