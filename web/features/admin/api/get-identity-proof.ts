import { apiBlob } from '../../../lib/api-client.ts';

/** GET /api/users/{id}/identity-proof as a Blob (the file needs the bearer token, so a plain link cannot fetch it). */
export function getIdentityProof(id: string): Promise<Blob> {
  return apiBlob(`/api/users/${encodeURIComponent(id)}/identity-proof`, {
    fallback: 'Could not open the identity proof',
  });
}
