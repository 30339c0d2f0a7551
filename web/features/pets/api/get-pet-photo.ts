import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiBlob } from '../../../lib/api-client.ts';
import { petKeys } from './keys.ts';

/** GET /api/pets/{id}/photo?v=...: the photo needs the bearer token, so it is fetched as a Blob. */
function getPetPhoto(photoUrl: string, signal?: AbortSignal) {
  return apiBlob(photoUrl, { signal, fallback: 'Could not load the photo' });
}

/**
 * An object URL of a pet's photo for an <img>, or null while it loads, when it fails or when there is none. The
 * photo's address changes with the photo (`?v=`), so each version is fetched once; the URL is revoked when unused.
 */
export function usePetPhotoUrl(photoUrl: string | null): string | null {
  const query = useQuery({
    queryKey: petKeys.photo(photoUrl),
    queryFn: ({ signal }) => getPetPhoto(photoUrl!, signal),
    enabled: photoUrl !== null,
    staleTime: Infinity,
    retry: 1,
  });
  const blob = photoUrl ? query.data : undefined;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url;
}
