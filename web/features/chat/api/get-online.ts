import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './keys';

/** GET /api/chat/online: ids of customers connected right now (staff). */
export function getOnlineCustomers(signal?: AbortSignal): Promise<{ userIds: string[] }> {
  return api('/api/chat/online', { signal });
}

/** Who is online when the page opens; presence events keep it current afterwards. */
export function useOnlineCustomers() {
  return useQuery({ queryKey: chatKeys.online, queryFn: ({ signal }) => getOnlineCustomers(signal), staleTime: 0 });
}
