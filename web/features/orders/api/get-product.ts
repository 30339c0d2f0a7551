import { useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/catalogue';
import { api } from '../../../lib/api-client.ts';

/** GET /api/products/{id}: the current price and discount of the product in the cart. */
function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return api<Product>(`/api/products/${id}`, { signal });
}

/** The product in its current state; `initial` (from the route state) shows at once. */
export function useProduct(id: number | undefined, initial?: Product) {
  return useQuery({
    queryKey: ['products', 'one', id],
    queryFn: ({ signal }) => getProduct(id!, signal),
    enabled: id !== undefined,
    initialData: initial,
    initialDataUpdatedAt: 0,
  });
}
