import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, OfferingUpdate } from '#shared/offerings';
import { answer, client } from '../../../lib/api-client.ts';
import { serviceKeys } from '../../../lib/offerings.ts';

/** PUT /api/services/{id} (admin): only the fields sent change; `active: false` retires the service. */
function updateOffering({ id, changes }: { id: string; changes: OfferingUpdate }): Promise<Service> {
  return answer(client.PUT('/api/services/{id}', { params: { path: { id } }, body: changes }));
}

/** Changes a service; every list of services (the admin's and the public one) is refetched. */
export function useUpdateOffering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOffering,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
