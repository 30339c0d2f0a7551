import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Product } from '#shared/catalogue';
import { answer, client } from '../../../lib/api-client.ts';

/** GET /api/products/{id} (public): one product, also when it is no longer on sale (active false). */
function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return answer(client.GET('/api/products/{id}', { params: { path: { id: String(id) } }, signal }));
}

/** The product as a catalogue list already loaded it, to show at once while the page asks for the latest. */
function fromLoadedLists(queryClient: QueryClient, id: number): Product | undefined {
  for (const [, data] of queryClient.getQueriesData<Product[] | { items: Product[] }>({ queryKey: ['products'] })) {
    const list = Array.isArray(data) ? data : data?.items;
    const found = list?.find((p) => p?.id === id);
    if (found) return found;
  }
  return undefined;
}

/** One product for its page; undefined id (a malformed address) asks nothing. */
export function useProduct(id: number | undefined) {
  const queryClient = useQueryClient();
  return useQuery<Product>({
    queryKey: ['products', 'one', id],
    queryFn: ({ signal }) => getProduct(id!, signal),
    enabled: id !== undefined,
    placeholderData: () => (id === undefined ? undefined : fromLoadedLists(queryClient, id)),
  });
}
