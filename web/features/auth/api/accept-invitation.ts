import { useMutation } from '@tanstack/react-query';
import { AcceptInvitationAnswerSchema, type AcceptInvitationAnswer, type AcceptInvitationBody } from '#shared/accounts';
import { client } from '../../../lib/api-client.ts';
import { trusted } from '../../../lib/api-extra.ts';

/** POST /api/auth/accept-invitation: the invitation's token and the chosen password; answers signed in. */
function acceptInvitation(body: AcceptInvitationBody): Promise<AcceptInvitationAnswer> {
  return trusted(AcceptInvitationAnswerSchema, client.POST('/api/auth/accept-invitation', { body }));
}

/** Accepts a staff invitation. */
export function useAcceptInvitationMutation() {
  return useMutation({ mutationFn: acceptInvitation });
}
