import { useQuery } from '@tanstack/react-query';
import type { Conversation } from '#shared/chat';
import { client, page, type Page } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { chatKeys } from './keys.ts';

/** GET /api/chat/conversations: customers with their last message and unread count, most recent first. */
function getConversations(signal?: AbortSignal): Promise<Page<Conversation>> {
  return page(client.GET('/api/chat/conversations', { params: { query: { limit: 200 } }, signal }));
}

/** The staff conversation list; new messages and reads change its rows in place (see withMessage, withRead). */
export function useConversations() {
  return useQuery({
    queryKey: chatKeys.conversations,
    queryFn: ({ signal }) => getConversations(signal).then((p) => p.items),
    staleTime: 0,
    ...LIVE_QUERY,
  });
}
