import { useQuery } from '@tanstack/react-query';
import type { Contact } from '#shared/auth';
import { client, page, type Page } from '../../../lib/api-client.ts';
import { chatKeys } from './keys.ts';

/** GET /api/users: for staff, the customers they may write to. */
function getChatCustomers(signal?: AbortSignal): Promise<Page<Contact>> {
  return page(client.GET('/api/users', { params: { query: { limit: 200 } }, signal }));
}

/** Customers for the employee's target select. */
export function useChatCustomers() {
  return useQuery({
    queryKey: chatKeys.customers,
    queryFn: ({ signal }) => getChatCustomers(signal).then((p) => p.items.filter((u) => u.role === 'user')),
  });
}
