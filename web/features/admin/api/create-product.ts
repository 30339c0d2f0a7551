import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductInput } from '#shared/catalogue';
import { answer, client } from '../../../lib/api-client.ts';
import { productKeys } from './list-products.ts';

/** POST /api/products (admin): a new product, without its picture (see useSetProductImage). */
function createProduct(body: ProductInput): Promise<Product> {
  return answer(client.POST('/api/products', { body }));
}

/** Adds a product; every list of products (the admin's and the catalogue) is loaded again. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
