import { useMutation } from '@tanstack/react-query';
import type { AcceptInvitationAnswer, AcceptInvitationBody } from '#shared/accounts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/accept-invitation: the invitation's token and the chosen password; answers signed in. */
function acceptInvitation(body: AcceptInvitationBody): Promise<AcceptInvitationAnswer> {
  return api<AcceptInvitationAnswer>('/api/auth/accept-invitation', { method: 'POST', body });
}

/** Accepts a staff invitation. */
export function useAcceptInvitationMutation() {
  return useMutation({ mutationFn: acceptInvitation });
}
