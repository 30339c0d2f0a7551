import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, IdParamSchema, PageQuerySchema } from '#shared/common';
import {
  IDEMPOTENCY_KEY_HEADER,
  OrderListQuerySchema,
  OrderSchema,
  OrderStatusBodySchema,
  PlaceOrderBodySchema,
  PlaceOrderHeadersSchema,
} from '#shared/orders';
import { decodeCursor, pageOf } from '../lib/pagination';
import { currentUser } from '../plugins/auth';
import { announceOrder, changeOrderStatus, listOrders, placeOrder } from './service';

const secured = { security: [{ bearerAuth: [] }] };
const byCreated = (o: { createdAt: string; id: string }) => ({ at: new Date(o.createdAt), id: o.id });
const errorReplies = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/** Orders: customers place and see their own; employees and admins see all and move them along. */
export default async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Roles are checked on request, before the body is validated: an anonymous caller learns nothing else.
  const customerOnly = app.requireRole('user');
  const staffOnly = app.requireRole('employee', 'admin');

  app.post(
    '/api/orders',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['orders'],
        summary: 'Place an order (customer). Send a fresh Idempotency-Key per checkout attempt and reuse it on retry.',
        ...secured,
        headers: PlaceOrderHeadersSchema,
        body: PlaceOrderBodySchema,
        response: { 200: OrderSchema, 201: OrderSchema, ...errorReplies, 409: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const me = currentUser(request);
      const { order, created } = await placeOrder(app.db, me, key, request.body, () =>
        app.limits.enforce(
          'order',
          me.id,
          reply,
          (wait) => `You have placed many orders in a short time. Please try again in ${wait}.`,
        ),
      );
      if (created) {
        announceOrder(app, order, 'placed');
        return reply.status(201).send(order);
      }
      reply.header('idempotent-replayed', 'true');
      return reply.status(200).send(order);
    },
  );

  app.get(
    '/api/orders/mine',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['orders'],
        summary: 'Own orders, newest first (X-Next-Cursor when more exist)',
        ...secured,
        querystring: PageQuerySchema,
        response: { 200: z.array(OrderSchema), ...errorReplies },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await listOrders(app.db, { userId: currentUser(request).id, limit, cursor: decodeCursor(cursor) });
      return pageOf(reply, rows, limit, byCreated);
    },
  );

  app.get(
    '/api/orders',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['orders'],
        summary: 'All orders, newest first, optionally of one status (employee, admin)',
        ...secured,
        querystring: OrderListQuerySchema,
        response: { 200: z.array(OrderSchema), ...errorReplies },
      },
    },
    async (request, reply) => {
      const { limit, cursor, status } = request.query;
      const rows = await listOrders(app.db, { status, limit, cursor: decodeCursor(cursor) });
      return pageOf(reply, rows, limit, byCreated);
    },
  );

  app.put(
    '/api/orders/:id/status',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['orders'],
        summary:
          'Move an order along: placed -> confirmed -> shipped -> delivered, or cancelled before shipping (employee, admin)',
        ...secured,
        params: IdParamSchema,
        body: OrderStatusBodySchema,
        response: { 200: OrderSchema, ...errorReplies, 404: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const { order, notification } = await changeOrderStatus(app.db, request.params.id, request.body.status);
      announceOrder(app, order, 'status', notification);
      return order;
    },
  );
}
