import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation, UnreadCount } from '#shared/chat';
import { answer, client } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { withRead } from '../lib/conversations.ts';
import { chatKeys } from './keys.ts';

/** PUT /api/chat/conversations/{customerId}/read: the caller has seen this conversation. */
function markConversationRead(customerId: string) {
  return answer(client.PUT('/api/chat/conversations/{customerId}/read', { params: { path: { customerId } } }));
}

/**
 * Marks a conversation read. The server then sends conversation_read (the exact badge total) to every tab of the
 * reader; this tab clears the row and lowers its badge at once, so it is right even while its socket is away.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: markConversationRead,
    onMutate: (customerId) => {
      const list = queryClient.getQueryData<Conversation[]>(chatKeys.conversations);
      const row = list?.find((c) => c.customerId === customerId);
      // A customer has one conversation, their own: nothing stays unread. Staff lose that row's count.
      const read = (u: UnreadCount) => (customerId === user?.id ? 0 : Math.max(0, u.count - (row?.unreadCount ?? 0)));
      queryClient.setQueryData<UnreadCount>(chatKeys.unread, (u) => u && { count: read(u) });
      if (list) queryClient.setQueryData(chatKeys.conversations, withRead(list, customerId));
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}
