import { useQuery } from '@tanstack/react-query';
import { answer, client } from '../../../lib/api-client.ts';

/** GET /api/verify/{code} (anyone): the certificate as it stands, or 404 for a withdrawn, unknown or forged code. */
export function useVerification(code: string) {
  return useQuery({
    queryKey: ['certificate-verification', code],
    queryFn: ({ signal }) => answer(client.GET('/api/verify/{code}', { params: { path: { code } }, signal })),
    // The page says what holds now: a withdrawn link must not show from a cache.
    staleTime: 0,
  });
}
