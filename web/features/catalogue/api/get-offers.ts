import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/catalogue';
import { AD_PRODUCTS } from '#shared/catalogue-rules';
import { answer, client } from '../../../lib/api-client.ts';

/** GET /api/products?offers=true: the first few products on offer, as many as a rotating ad shows. */
function getOffers(signal?: AbortSignal): Promise<Product[]> {
  return answer(client.GET('/api/products', { params: { query: { offers: 'true', limit: AD_PRODUCTS } }, signal }));
}

/** What the offers ask for; also used to render /products on the server with its ad. */
export function offersQuery() {
  return queryOptions({
    queryKey: ['products', 'offers'],
    queryFn: ({ signal }) => getOffers(signal),
    staleTime: 5 * 60_000,
  });
}

/** The products the rotating ads (the catalogue's offers, Medical Tips) turn through. */
export function useOffers() {
  return useQuery(offersQuery());
}
