import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Product, ProductUpdate } from '#shared/catalogue';
import { answer, client } from '../../../lib/api-client.ts';
import { productKeys } from './list-products.ts';

/** PUT /api/products/{id} (admin): only the fields sent change; `active` deactivates or brings the product back. */
function updateProduct({ id, changes }: { id: number; changes: ProductUpdate }): Promise<Product> {
  return answer(client.PUT('/api/products/{id}', { params: { path: { id: String(id) } }, body: changes }));
}

/**
 * A saved product as the server answered it: its row changes at once in every admin page that shows it, then every
 * list of products (the catalogue's too) is loaded again, since the change may move it to another page or filter.
 */
export function productSaved(client: QueryClient, product: Product): Promise<void> {
  client.setQueriesData<{ items: Product[]; total: number }>({ queryKey: productKeys.admin }, (data) =>
    data && data.items.some((p) => p.id === product.id)
      ? { ...data, items: data.items.map((p) => (p.id === product.id ? product : p)) }
      : data,
  );
  return client.invalidateQueries({ queryKey: productKeys.all });
}

/** Changes a product (fields, or active to deactivate and reactivate it). */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => productSaved(queryClient, product),
  });
}
