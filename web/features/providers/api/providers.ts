import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '#shared/auth';
import type { Provider, ProviderCreateInput, ProviderUpdate } from '#shared/providers';
import { answer, client, page } from '../../../lib/api-client.ts';
import { providerKeys } from '../../../lib/providers.ts';

/** GET /api/providers?all=true (admin): every provider, retired ones too, with their staff accounts. */
function listAllProviders(signal?: AbortSignal): Promise<Provider[]> {
  return answer(client.GET('/api/providers', { params: { query: { all: 'true' } }, signal }));
}

/** The admin's list of every provider. */
export function useAllProviders() {
  return useQuery({ queryKey: providerKeys.admin, queryFn: ({ signal }) => listAllProviders(signal) });
}

/** The staff accounts an admin can make a provider of: the first page of employees (newest first). */
export function useStaffAccounts(enabled: boolean) {
  return useQuery({
    queryKey: ['providers', 'staff-accounts'],
    enabled,
    queryFn: async ({ signal }): Promise<AdminUser[]> =>
      (await page(client.GET('/api/all-employees', { params: { query: { limit: 100 } }, signal }))).items,
  });
}

/** POST /api/providers (admin); every list of providers is refetched. */
export function useCreateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProviderCreateInput): Promise<Provider> => answer(client.POST('/api/providers', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.all }),
  });
}

/** PUT /api/providers/{id} (admin): only the fields sent change; every list of providers is refetched. */
export function useUpdateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ProviderUpdate }): Promise<Provider> =>
      answer(client.PUT('/api/providers/{id}', { params: { path: { id } }, body: changes })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.all }),
  });
}

/** GET /api/providers/mine: the signed-in staff member's own provider profile (404 when none). */
export function useMyProvider() {
  return useQuery({
    queryKey: providerKeys.mine,
    queryFn: ({ signal }): Promise<Provider> => answer(client.GET('/api/providers/mine', { signal })),
    retry: false,
  });
}
