import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Pet, PetCreateInput } from '#shared/pets';
import { answer, client } from './api-client.ts';

/**
 * The customer's pets: the list and adding one. Shared by My pets and the booking form's pet picker, so it lives here;
 * the pets feature's own reads and changes build on these keys.
 */
export const petKeys = {
  all: ['pets'] as const,
  mine: (archived = false) => ['pets', 'mine', { archived }] as const,
  one: (id: string) => ['pets', 'one', id] as const,
  timeline: (id: string) => ['pets', 'timeline', id] as const,
  /** A photo by its versioned address; outside 'pets' so that refetching the pets does not refetch unchanged photos. */
  photo: (photoUrl: string | null) => ['pet-photo', photoUrl] as const,
};

/** GET /api/pets: the signed-in customer's pets (archived ones only when asked). */
function getPets(archived: boolean, signal?: AbortSignal) {
  return answer(client.GET('/api/pets', { params: { query: archived ? { archived: 'true' } : {} }, signal }));
}

/** The customer's pets, for My pets and the booking form's pet picker. */
export function usePets({ archived = false, enabled = true }: { archived?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: petKeys.mine(archived),
    queryFn: ({ signal }) => getPets(archived, signal),
    enabled,
    staleTime: 30_000,
  });
}

/** GET /api/pets/{id}: one pet (its owner and staff), for its record page and the staff's visit dialogs. */
export function usePet(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: petKeys.one(id),
    queryFn: ({ signal }): Promise<Pet> => answer(client.GET('/api/pets/{id}', { params: { path: { id } }, signal })),
    enabled: enabled && id !== '',
    staleTime: 30_000,
  });
}

/** POST /api/pets */
function createPet(body: PetCreateInput): Promise<Pet> {
  return answer(client.POST('/api/pets', { body }));
}

/** Adds a pet; the pet lists are refetched. */
export function useCreatePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petKeys.all }),
  });
}
