import { useInfiniteQuery } from '@tanstack/react-query';
import type { ChatMessage } from '#shared/chat';
import { client, type Page } from '../../../lib/api-client.ts';
import { chatKeys } from './keys.ts';
import { messagePage } from './message-page.ts';

const PAGE_SIZE = 50;

/** GET /api/chat/employee/{id}: every customer's messages and this staff member's replies, a page at a time. */
function getStaffInbox(staffId: string, before: string | null, signal?: AbortSignal): Promise<Page<ChatMessage>> {
  return messagePage(
    client.GET('/api/chat/employee/{id}', {
      params: { path: { id: staffId }, query: { limit: PAGE_SIZE, before: before ?? undefined } },
      signal,
    }),
  );
}

/** The staff inbox shown when 'All customers' is the target. */
export function useStaffInbox(staffId: string | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: chatKeys.inbox(staffId ?? ''),
    queryFn: ({ pageParam, signal }) => getStaffInbox(staffId!, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: enabled && !!staffId,
    staleTime: 0,
  });
}
