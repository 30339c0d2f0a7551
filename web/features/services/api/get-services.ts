import { useQuery } from '@tanstack/react-query';
import type { Service } from '#shared/services';
import { api } from '../../../lib/api-client.ts';

/** The clinic's active services in their order (GET /api/services, public). */
export function useServices() {
  return useQuery({ queryKey: ['services'], queryFn: () => api<Service[]>('/api/services') });
}
