import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  AdminProductQuerySchema,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MIMES,
  PRODUCT_MSG,
  ProductImageFormSchema,
  ProductInputSchema,
  ProductQuerySchema,
  ProductSchema,
  ProductUpdateSchema,
  TOTAL_COUNT_HEADER,
} from '#shared/catalogue';
import { IdParamSchema, NEXT_CURSOR_HEADER } from '#shared/common';
import { announceAudit } from '../audit/record.ts';
import { depsOf } from '../deps.ts';
import { errors } from '../errors.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { extensionOf, readOneFile, sendPublicFile } from '../lib/uploads.ts';
import { currentUser } from '../lib/caller.ts';
import {
  createProduct,
  getProduct,
  getProductImage,
  listProducts,
  parseProductId,
  setProductImage,
  updateProduct,
  type ProductListQuery,
} from './service.ts';

const ProductListSchema = z.array(ProductSchema);
/** `?v=` of an uploaded picture's URL: the upload time; any other value is still answered, just not kept for ever. */
const ImageQuerySchema = z.object({ v: z.string().max(20).optional() });

/**
 * The catalogue: anyone lists active products and reads any product and its picture; admins list every product and
 * create, change, deactivate and picture them.
 */
export default routes((app) => {
  const deps = depsOf(app);
  const adminOnly = app.requireRole('admin');

  /** A page of products with X-Total-Count, and X-Next-Cursor when the catalogue order is paged by cursor. */
  async function answerPage(reply: FastifyReply, query: ProductListQuery) {
    const { products, total } = await listProducts(deps, query);
    reply.header(TOTAL_COUNT_HEADER, String(total));
    const { limit } = query;
    if (products.length <= limit) return products;
    const page = products.slice(0, limit);
    if (query.sort === undefined && query.page === undefined)
      reply.header(NEXT_CURSOR_HEADER, String(page[page.length - 1]!.id));
    return page;
  }

  app.get(
    '/api/products',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Active products, optionally filtered by category, maximum price, minimum rating, search text and being on offer, sorted by price, rating or newest; pages by page (any order) or cursor (catalogue order, X-Next-Cursor). X-Total-Count: how many match',
        querystring: ProductQuerySchema,
        response: { 200: ProductListSchema, ...errorReplies(400) },
      },
    },
    async (request, reply) => answerPage(reply, { ...request.query, status: 'active' }),
  );

  app.get(
    '/api/admin/products',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['catalogue', 'admin'],
        summary:
          'Every product, deactivated ones too (status=active|inactive|all), with the filters, sorts and pages of the catalogue (admin)',
        ...secured,
        querystring: AdminProductQuerySchema,
        response: { 200: ProductListSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => answerPage(reply, request.query),
  );

  app.get(
    '/api/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product; a deactivated one too (active=false), so old orders still link to it',
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

  app.post(
    '/api/products',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['catalogue', 'admin'],
        summary:
          'Add a product (admin): active, with a placeholder picture until one is uploaded; a name already taken is 409',
        ...secured,
        body: ProductInputSchema,
        response: { 201: ProductSchema, ...errorReplies(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { product, audit } = await createProduct(deps, currentUser(request), request.body);
      announceAudit(deps, audit);
      return reply.status(201).send(product);
    },
  );

  app.put(
    '/api/products/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['catalogue', 'admin'],
        summary:
          'Change a product (admin): only the fields sent change; active=false takes it out of the catalogue, active=true brings it back',
        ...secured,
        params: IdParamSchema,
        body: ProductUpdateSchema,
        response: { 200: ProductSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { product, audit } = await updateProduct(
        deps,
        currentUser(request),
        parseProductId(request.params.id),
        request.body,
      );
      announceAudit(deps, audit);
      return product;
    },
  );

  app.put(
    '/api/products/:id/image',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['catalogue', 'admin'],
        summary: `Set the product's picture (admin; multipart, one file "image": PNG, JPEG or WebP by its bytes, at most ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB)`,
        ...secured,
        params: IdParamSchema,
        multipartBody: ProductImageFormSchema,
        response: { 200: ProductSchema, ...errorReplies(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const id = parseProductId(request.params.id);
      // The product is checked before the upload is read: no bytes are buffered for a product that does not exist.
      if (!(await getProduct(deps, id))) throw errors.notFound('Product');
      const file = await readOneFile(request, {
        field: 'image',
        maxBytes: PRODUCT_IMAGE_MAX_BYTES,
        allowed: PRODUCT_IMAGE_MIMES,
        messages: {
          required: PRODUCT_MSG.imageRequired,
          type: PRODUCT_MSG.imageType,
          tooLarge: PRODUCT_MSG.imageTooLarge,
        },
      });
      const { product, audit } = await setProductImage(deps, currentUser(request), id, file);
      announceAudit(deps, audit);
      return product;
    },
  );

  app.get(
    '/api/products/:id/image',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          "The product's uploaded picture (public; 404 when it has none). Kept by caches for a year when asked with its current ?v=",
        params: IdParamSchema,
        querystring: ImageQuerySchema,
        response: { ...errorReplies(400, 404) },
      },
    },
    async (request, reply) => {
      const id = parseProductId(request.params.id);
      const image = await getProductImage(deps, id);
      return sendPublicFile(reply, image, {
        filename: `product-${id}.${extensionOf(image.mime)}`,
        immutable: request.query.v === String(image.version),
      });
    },
  );
});
