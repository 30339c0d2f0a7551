import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/catalogue';
import { client } from '../../../lib/api-client.ts';
import { pageWithTotal } from '../../../lib/api-extra.ts';
import { toApiPageQuery, type CatalogueView } from '../lib/filters.ts';

/** One catalogue page: its products and how many match the filters in all. */
export interface ProductPage {
  items: Product[];
  total: number;
}

/** GET /api/products with the catalogue's filters, order and page (public); the total comes in X-Total-Count. */
function getProducts(view: CatalogueView, signal?: AbortSignal): Promise<ProductPage> {
  return pageWithTotal(client.GET('/api/products', { params: { query: toApiPageQuery(view) }, signal }));
}

/** Every catalogue list lives under ['products', ...], so a change to the catalogue can refresh them all at once. */
const productsPageKey = (view: CatalogueView) => ['products', 'page', toApiPageQuery(view)] as const;

/** What a catalogue page asks for; also used to render /products on the server with its first page. */
export function productsPageQuery(view: CatalogueView) {
  return queryOptions({
    queryKey: productsPageKey(view),
    queryFn: ({ signal }) => getProducts(view, signal),
    staleTime: 60_000,
  });
}

/** A page of the catalogue; the previous page stays on screen while the next one loads. */
export function useProducts(view: CatalogueView) {
  return useQuery({ ...productsPageQuery(view), placeholderData: keepPreviousData });
}
