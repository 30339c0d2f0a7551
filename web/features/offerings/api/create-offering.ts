import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, OfferingCreateInput } from '#shared/offerings';
import { answer, client } from '../../../lib/api-client.ts';
import { serviceKeys } from '../../../lib/offerings.ts';

/** POST /api/services (admin). */
function createOffering(body: OfferingCreateInput): Promise<Service> {
  return answer(client.POST('/api/services', { body }));
}

/** Adds a service; every list of services (the admin's and the public one) is refetched. */
export function useCreateOffering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffering,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
