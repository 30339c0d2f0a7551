import { useQuery } from '@tanstack/react-query';
import type { StorageUse } from '#shared/accounts';
import { answer, client } from '../../../lib/api-client.ts';
import { petKeys } from '../../../lib/pets.ts';

/** GET /api/users/me/storage */
function getStorage(signal?: AbortSignal): Promise<StorageUse> {
  return answer(client.GET('/api/users/me/storage', { signal }));
}

/** What the account's photos take up and may take up; refreshed with the pets (under their key). */
export function useStorageUse() {
  return useQuery({ queryKey: [...petKeys.all, 'storage'], queryFn: ({ signal }) => getStorage(signal) });
}
