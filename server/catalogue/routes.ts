import { z } from 'zod';
import { ProductQuerySchema, ProductSchema } from '#shared/catalogue';
import { IdParamSchema, NEXT_CURSOR_HEADER } from '#shared/common';
import { depsOf } from '../deps.ts';
import { errors } from '../errors.ts';
import { errorReplies, routes } from '../lib/routes.ts';
import { getProduct, listProducts } from './service.ts';

/** A product id in a path: digits only; anything else is a 404 before the database sees it. */
function parseProductId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw errors.notFound('Product');
  return Number(raw);
}

/** The public catalogue: GET /api/products (filters) and GET /api/products/{id}. */
export default routes((app) => {
  const deps = depsOf(app);
  app.get(
    '/api/products',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Products, optionally filtered by category, maximum price, minimum rating and search text (X-Next-Cursor when more exist)',
        querystring: ProductQuerySchema,
        response: { 200: z.array(ProductSchema), ...errorReplies(400) },
      },
    },
    async (request, reply) => {
      const rows = await listProducts(deps, request.query);
      const { limit } = request.query;
      if (rows.length > limit) {
        const page = rows.slice(0, limit);
        reply.header(NEXT_CURSOR_HEADER, String(page[page.length - 1]!.id));
        return page;
      }
      return rows;
    },
  );

  app.get(
    '/api/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product',
        params: IdParamSchema,
        response: { 200: ProductSchema, ...errorReplies(404) },
      },
    },
    async (request) => {
      const product = await getProduct(deps, parseProductId(request.params.id));
      if (!product) throw errors.notFound('Product');
      return product;
    },
  );
});
