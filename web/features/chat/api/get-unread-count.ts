import { useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '#shared/chat';
import { answer, client } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { chatKeys } from './keys.ts';

/** GET /api/chat/unread-count: chat messages the caller has not read yet. */
function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return answer(client.GET('/api/chat/unread-count', { signal }));
}

/** The unread count; messages and read events change it in place (see useChatUnreadCount). */
export function useUnreadCountQuery(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.unread,
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled,
    staleTime: 0,
    ...LIVE_QUERY,
  });
}
