import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceUpdate } from '#shared/services';
import { api } from '../../../lib/api-client.ts';
import { serviceKeys } from '../../../lib/services.ts';

/** PUT /api/services/{id} (admin): only the fields sent change; `active: false` retires the service. */
function updateService({ id, changes }: { id: string; changes: ServiceUpdate }): Promise<Service> {
  return api<Service>(`/api/services/${encodeURIComponent(id)}`, { method: 'PUT', body: changes });
}

/** Changes a service; every list of services (the admin's and the public one) is refetched. */
export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
