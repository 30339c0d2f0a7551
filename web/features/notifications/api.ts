import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Notification, UnreadCount } from '#shared/notifications';
import { NOTIFICATION_EVENT, NOTIFICATIONS_READ_EVENT } from '#shared/realtime';
import { answer, client, page, type Page } from '../../lib/api-client.ts';
import { LIVE_QUERY, newestFirst, placeRow } from '../../lib/live-lists.ts';
import { useSession } from '../../lib/session.tsx';
import { useSocketEvent } from '../../lib/socket.ts';

/** Query keys of the inbox. */
const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
};

const PAGE_SIZE = 20;
/**
 * The notification ids this tab has counted: a notification delivered twice, or heard by the bell and the page at
 * once (each listens), counts once. The oldest are forgotten past REMEMBERED.
 */
const counted = new Set<string>();
const REMEMBERED = 200;

type Pages = InfiniteData<Page<Notification>, unknown>;

/** Every loaded notification marked read: all of them, or those of `ids`. */
function withRead(data: Pages | undefined, ids?: string[]): Pages | undefined {
  if (!data) return data;
  const read = ids && new Set(ids);
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      items: p.items.map((n) => (!n.read && (!read || read.has(n.id)) ? { ...n, read: true } : n)),
    })),
  };
}

/**
 * The signed-in person's unread count for the navbar's bell, kept live: a new notification adds one (once, whatever
 * tab it reaches first), a read anywhere sets it to what the server says is left. The list, when loaded, follows too.
 */
export function useUnreadNotifications(): number {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }): Promise<UnreadCount> => answer(client.GET('/api/notifications/unread-count', { signal })),
    enabled: !!user,
    staleTime: 0,
    ...LIVE_QUERY,
  });
  useSocketEvent(NOTIFICATION_EVENT, (n) => {
    queryClient.setQueryData<Pages>(notificationKeys.list, (data) =>
      data ? placeRow(data, n, { includes: () => true, compare: newestFirst }) : data,
    );
    if (n.read || counted.has(n.id)) return;
    counted.add(n.id);
    if (counted.size > REMEMBERED) counted.delete(counted.values().next().value!);
    queryClient.setQueryData<UnreadCount>(notificationKeys.unread, (u) => u && { count: u.count + 1 });
  });
  useSocketEvent(NOTIFICATIONS_READ_EVENT, (e) => {
    queryClient.setQueryData<UnreadCount>(notificationKeys.unread, { count: e.unread });
    queryClient.setQueryData<Pages>(notificationKeys.list, (data) => withRead(data, e.ids));
  });
  return query.data?.count ?? 0;
}

/** The inbox, newest first, a page at a time; live events change it in place (see useUnreadNotifications). */
export function useNotificationPages() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) =>
      page(
        client.GET('/api/notifications', {
          params: { query: { limit: PAGE_SIZE, cursor: pageParam ?? undefined } },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    ...LIVE_QUERY,
  });
}

/** Marks one notification read (PUT /api/notifications/{id}/read); the read event updates every tab. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(client.PUT('/api/notifications/{id}/read', { params: { path: { id } } })),
    onSuccess: (n) => queryClient.setQueryData<Pages>(notificationKeys.list, (data) => withRead(data, [n.id])),
  });
}

/** Marks every notification read (PUT /api/notifications/read-all). */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answer(client.PUT('/api/notifications/read-all')),
    onSuccess: () => {
      queryClient.setQueryData<Pages>(notificationKeys.list, (data) => withRead(data));
      queryClient.setQueryData<UnreadCount>(notificationKeys.unread, { count: 0 });
    },
  });
}
