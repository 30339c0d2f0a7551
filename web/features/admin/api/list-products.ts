import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/catalogue';
import { client } from '../../../lib/api-client.ts';
import { pageWithTotal } from '../../../lib/api-extra.ts';
import { toAdminQuery, type AdminProductView } from '../lib/product-list.ts';

/** Query keys of products: every list and copy of a product (the catalogue's too) sits under `all`. */
export const productKeys = {
  all: ['products'] as const,
  admin: ['products', 'admin'] as const,
  adminList: (view: AdminProductView) => ['products', 'admin', toAdminQuery(view)] as const,
};

/** GET /api/admin/products (admin): one page of products, deactivated ones too, with how many match (X-Total-Count). */
function listProducts(view: AdminProductView, signal?: AbortSignal): Promise<{ items: Product[]; total: number }> {
  return pageWithTotal(client.GET('/api/admin/products', { params: { query: toAdminQuery(view) }, signal }));
}

/** The admin's page of products; the previous page stays on screen while the next one loads. */
export function useAdminProducts(view: AdminProductView) {
  return useQuery({
    queryKey: productKeys.adminList(view),
    queryFn: ({ signal }) => listProducts(view, signal),
    placeholderData: keepPreviousData,
  });
}
