import { useQuery } from '@tanstack/react-query';
import type { Conversation } from '#shared/chat';
import { apiPage } from '../../../lib/api-client.ts';
import { chatKeys } from './keys.ts';

/** GET /api/chat/conversations: customers with their last message and unread count, most recent first. */
function getConversations(signal?: AbortSignal) {
  return apiPage<Conversation>('/api/chat/conversations', { query: { limit: 200 }, signal });
}

/** The staff conversation list. */
export function useConversations() {
  return useQuery({
    queryKey: chatKeys.conversations,
    queryFn: ({ signal }) => getConversations(signal).then((p) => p.items),
    staleTime: 0,
  });
}
