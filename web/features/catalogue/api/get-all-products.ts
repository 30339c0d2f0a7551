import { useQuery } from '@tanstack/react-query';
import { DEFAULT_FILTERS } from '../lib/filters.ts';
import { getProducts, productsQueryKey } from './get-products.ts';

/** The whole catalogue (15 products) for the rotating ads; shares its cache entry with the unfiltered list. */
export function useAllProducts() {
  return useQuery({
    queryKey: productsQueryKey(DEFAULT_FILTERS),
    queryFn: ({ signal }) => getProducts(DEFAULT_FILTERS, signal),
    staleTime: 5 * 60_000,
  });
}
