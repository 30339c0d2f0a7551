import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUser } from '#shared/auth';
import { client, page, type Page } from '../../../lib/api-client.ts';

export type UserKind = 'customers' | 'employees';

const PAGE_SIZE = 50;

/** GET /api/all-customers or /api/all-employees, one page (newest first; X-Next-Cursor for more). */
function listUsers(kind: UserKind, q: string, cursor?: string): Promise<Page<AdminUser>> {
  return page(client.GET(`/api/all-${kind}`, { params: { query: { limit: PAGE_SIZE, cursor, q: q || undefined } } }));
}

/** Query key prefix of the admin lists, invalidated after a role change or deletion. */
export const adminUsersKey = (kind?: UserKind, q?: string) =>
  kind ? ['admin', 'users', kind, q ?? ''] : ['admin', 'users'];

/** The admin's list of customers or employees, page by page. */
export function useAdminUsers(kind: UserKind, q: string) {
  return useInfiniteQuery({
    queryKey: adminUsersKey(kind, q),
    queryFn: ({ pageParam }) => listUsers(kind, q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // While a search's results load, the rows on screen stay (no flash of "Loading", no button pulled from under the pointer).
    placeholderData: keepPreviousData,
  });
}
