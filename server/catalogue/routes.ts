import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductQuerySchema, ProductSchema } from '#shared/catalogue';
import { ApiErrorSchema, IdParamSchema, NEXT_CURSOR_HEADER } from '#shared/common';
import { errors } from '../errors';
import { getProduct, listProducts } from './service';

/** A product id in a path: digits only; anything else is a 404 before the database sees it. */
function parseProductId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw errors.notFound('Product');
  return Number(raw);
}

/** The public catalogue: GET /api/products (filters) and GET /api/products/{id}. */
export default async function catalogueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/products',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Products, optionally filtered by category, maximum price, minimum rating and search text (X-Next-Cursor when more exist)',
        querystring: ProductQuerySchema,
        response: { 200: z.array(ProductSchema), 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const rows = await listProducts(app.db, request.query);
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
        response: { 200: ProductSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const product = await getProduct(app.db, parseProductId(request.params.id));
      if (!product) throw errors.notFound('Product');
      return product;
    },
  );
}
