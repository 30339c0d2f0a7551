import { useQuery } from '@tanstack/react-query';
import type { OnlineCustomers } from '#shared/chat';
import { answer, client } from '../../../lib/api-client.ts';
import { chatKeys } from './keys.ts';

/** GET /api/chat/online: ids of customers connected right now (staff); partial while Redis is away. */
function getOnlineCustomers(signal?: AbortSignal): Promise<OnlineCustomers> {
  return answer(client.GET('/api/chat/online', { signal }));
}

/** Who is online when the page opens; presence events keep it current afterwards. */
export function useOnlineCustomers() {
  return useQuery({ queryKey: chatKeys.online, queryFn: ({ signal }) => getOnlineCustomers(signal), staleTime: 0 });
}
