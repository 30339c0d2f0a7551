import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#shared/settings';
import { api } from '../../../lib/api-client';

/** GET /api/config: the shop's UPI id and payee name for the payment QR. */
export function getShopConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api<PublicConfig>('/api/config', { signal });
}

export function useShopConfig() {
  return useQuery({ queryKey: ['config'], queryFn: ({ signal }) => getShopConfig(signal), staleTime: 60 * 60_000 });
}
