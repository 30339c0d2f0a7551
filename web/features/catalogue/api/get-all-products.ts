import { useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/catalogue';
import { answer, client } from '../../../lib/api-client.ts';

/** GET /api/products without filters or pages: every product on sale (the catalogue has a few dozen at most). */
function getAllProducts(signal?: AbortSignal): Promise<Product[]> {
  return answer(client.GET('/api/products', { signal }));
}

/** The whole catalogue, for the rotating ads and the product a Medical Tips ad points at. */
export function useAllProducts() {
  return useQuery({
    queryKey: ['products', 'all'],
    queryFn: ({ signal }) => getAllProducts(signal),
    staleTime: 5 * 60_000,
  });
}
