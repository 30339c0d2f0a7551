import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceCreateInput } from '#shared/services';
import { api } from '../../../lib/api-client.ts';
import { serviceKeys } from '../../../lib/services.ts';

/** POST /api/services (admin). */
function createService(body: ServiceCreateInput): Promise<Service> {
  return api<Service>('/api/services', { method: 'POST', body });
}

/** Adds a service; every list of services (the admin's and the public one) is refetched. */
export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
