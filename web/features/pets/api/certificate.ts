import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, apiBlob, client } from '../../../lib/api-client.ts';

const sharesKey = (petId: string) => ['pets', 'certificate-shares', petId] as const;

/** GET /api/pets/{id}/certificate/shares: the links of the pet's certificate not withdrawn (owner and staff). */
export function useCertificateShares(petId: string, enabled = true) {
  return useQuery({
    queryKey: sharesKey(petId),
    queryFn: ({ signal }) =>
      answer(client.GET('/api/pets/{id}/certificate/shares', { params: { path: { id: petId } }, signal })),
    enabled,
  });
}

/** GET /api/pets/{id}/certificate: the PDF (it needs the bearer token, so its bytes are fetched). */
export function getCertificate(petId: string): Promise<Blob> {
  return apiBlob(`/api/pets/${encodeURIComponent(petId)}/certificate`, {
    fallback: 'Could not make the certificate. Please try again.',
  });
}

/** Downloading may make the pet's first link: the list is read again after it. */
export function useRefreshShares(petId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: sharesKey(petId) });
}

/** POST /api/pets/{id}/certificate/share (owner): a new link. */
export function useShareCertificate(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answer(client.POST('/api/pets/{id}/certificate/share', { params: { path: { id: petId } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sharesKey(petId) }),
  });
}

/** DELETE /api/pets/{id}/certificate/share/{code} (owner): the links left. */
export function useWithdrawShare(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      answer(client.DELETE('/api/pets/{id}/certificate/share/{code}', { params: { path: { id: petId, code } } })),
    onSuccess: (left) => queryClient.setQueryData(sharesKey(petId), left),
  });
}
