import { CartProductParamSchema, CartQuantityBodySchema, CartSchema, CART_LINES_MAX, CART_MSG } from '#shared/cart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseProductId } from '../catalogue/service.ts';
import { depsOf } from '../deps.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { currentUser } from '../lib/caller.ts';
import { cartOf, clearCart, removeCartLine, setCartQuantity } from './service.ts';

/** The customer's own cart, kept on the server: every answer is the whole cart, also sent live to their other tabs. */
export default routes((app) => {
  const deps = depsOf(app);
  const customerOnly = app.requireRole('user');
  /** Every change counts against the customer's cart limit: a script cannot churn the cart (and its live events). */
  const counted = async (request: FastifyRequest, reply: FastifyReply) =>
    app.limits.enforce('cart', currentUser(request).id, reply, CART_MSG.tooManyChanges);

  app.get(
    '/api/cart',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['cart'],
        summary: 'Own cart, oldest line first, priced from the catalogue as it is now (customer)',
        ...secured,
        response: { 200: CartSchema, ...errorReplies(401, 403) },
      },
    },
    async (request) => cartOf(deps, currentUser(request).id),
  );

  app.put(
    '/api/cart/items/:productId',
    {
      onRequest: customerOnly,
      preHandler: counted,
      schema: {
        tags: ['cart'],
        summary: `Set a product's quantity in the cart, adding it when new (customer). A deactivated product, more than its stock, or more than ${CART_LINES_MAX} different products: 409`,
        ...secured,
        params: CartProductParamSchema,
        body: CartQuantityBodySchema,
        response: { 200: CartSchema, ...errorReplies(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      setCartQuantity(deps, currentUser(request).id, parseProductId(request.params.productId), request.body.quantity),
  );

  app.delete(
    '/api/cart/items/:productId',
    {
      onRequest: customerOnly,
      preHandler: counted,
      schema: {
        tags: ['cart'],
        summary: 'Take a product out of the cart; one not in it changes nothing (customer)',
        ...secured,
        params: CartProductParamSchema,
        response: { 200: CartSchema, ...errorReplies(401, 403, 404, 429) },
      },
    },
    async (request) => removeCartLine(deps, currentUser(request).id, parseProductId(request.params.productId)),
  );

  app.delete(
    '/api/cart',
    {
      onRequest: customerOnly,
      preHandler: counted,
      schema: {
        tags: ['cart'],
        summary: 'Empty the cart (customer)',
        ...secured,
        response: { 200: CartSchema, ...errorReplies(401, 403, 429) },
      },
    },
    async (request) => clearCart(deps, currentUser(request).id),
  );
});
