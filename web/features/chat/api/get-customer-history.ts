import { useInfiniteQuery } from '@tanstack/react-query';
import type { ChatMessage } from '#shared/chat';
import { client, type Page } from '../../../lib/api-client.ts';
import { chatKeys } from './keys.ts';
import { messagePage } from './message-page.ts';

const PAGE_SIZE = 50;

/** GET /api/chat/customer/{id}: one page of a conversation (newest page first, each page oldest to newest). */
function getCustomerHistory(
  customerId: string,
  before: string | null,
  signal?: AbortSignal,
): Promise<Page<ChatMessage>> {
  return messagePage(
    client.GET('/api/chat/customer/{id}', {
      params: { path: { id: customerId }, query: { limit: PAGE_SIZE, before: before ?? undefined } },
      signal,
    }),
  );
}

/** A customer's conversation, older pages on demand. */
export function useCustomerHistory(customerId: string | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.customer(customerId ?? ''),
    queryFn: ({ pageParam, signal }) => getCustomerHistory(customerId!, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: !!customerId,
    staleTime: 0,
  });
}
