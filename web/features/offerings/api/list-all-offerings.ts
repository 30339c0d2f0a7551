import { useQuery } from '@tanstack/react-query';
import type { Service } from '#shared/offerings';
import { answer, client } from '../../../lib/api-client.ts';
import { serviceKeys } from '../../../lib/offerings.ts';

/** GET /api/services?all=true (admin): every service, inactive ones too, in the clinic's order. */
function listAllOfferings(signal?: AbortSignal): Promise<Service[]> {
  return answer(client.GET('/api/services', { params: { query: { all: 'true' } }, signal }));
}

/** The admin's list of every service. */
export function useAllOfferings() {
  return useQuery({ queryKey: serviceKeys.admin, queryFn: ({ signal }) => listAllOfferings(signal) });
}
