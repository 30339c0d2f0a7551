import { ApiError } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/storage.ts';

/** GET /api/users/{id}/identity-proof as a Blob (the file needs the bearer token, so a plain link cannot fetch it). */
export async function getIdentityProof(id: string): Promise<Blob> {
  const token = getToken();
  const res = await fetch(`/api/users/${encodeURIComponent(id)}/identity-proof`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
    throw new ApiError(res.status, body.code ?? 'HTTP_ERROR', body.error ?? 'Could not open the identity proof');
  }
  return res.blob();
}
