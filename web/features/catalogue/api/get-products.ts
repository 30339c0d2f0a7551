import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/catalogue';
import { api } from '../../../lib/api-client.ts';
import { toApiQuery, type CatalogueFilters } from '../lib/filters.ts';

/** GET /api/products with the catalogue's filters (public). */
export function getProducts(filters: CatalogueFilters, signal?: AbortSignal): Promise<Product[]> {
  return api<Product[]>('/api/products', { query: toApiQuery(filters), signal });
}

export const productsQueryKey = (filters: CatalogueFilters) => ['products', toApiQuery(filters)] as const;

/** The filtered catalogue; the previous result stays on screen while the next one loads. */
export function useProducts(filters: CatalogueFilters) {
  return useQuery({
    queryKey: productsQueryKey(filters),
    queryFn: ({ signal }) => getProducts(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
