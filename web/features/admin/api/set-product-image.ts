import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '#shared/catalogue';
import { answer, client } from '../../../lib/api-client.ts';
import { multipart } from '../../../lib/api-extra.ts';
import { productSaved } from './update-product.ts';

/** PUT /api/products/{id}/image (admin): multipart, one file "image"; the server checks its bytes and size. */
function setProductImage({ id, file }: { id: number; file: File }): Promise<Product> {
  return answer(
    client.PUT('/api/products/{id}/image', {
      params: { path: { id: String(id) } },
      body: { image: file },
      bodySerializer: multipart,
    }),
  );
}

/** Sets or replaces a product's picture; the product's new picture address shows wherever it is listed. */
export function useSetProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProductImage,
    onSuccess: (product) => productSaved(queryClient, product),
  });
}
