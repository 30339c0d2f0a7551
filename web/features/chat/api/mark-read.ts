import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { chatKeys } from './keys.ts';

/** PUT /api/chat/conversations/{customerId}/read: the caller has seen this conversation. */
function markConversationRead(customerId: string): Promise<{ ok: true }> {
  return api(`/api/chat/conversations/${encodeURIComponent(customerId)}/read`, { method: 'PUT' });
}

/** Marks a conversation read, then refreshes unread counts and the conversation list. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}
