import { z } from 'zod';
import { IdParamSchema, PageQuerySchema } from '#shared/common';
import {
  IDEMPOTENCY_KEY_HEADER,
  OrderListQuerySchema,
  OrderSchema,
  OrderStatusBodySchema,
  PlaceOrderBodySchema,
  PlaceOrderHeadersSchema,
} from '#shared/orders';
import { depsOf } from '../deps.ts';
import { decodeCursor, pageOf } from '../lib/pagination.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { currentUser } from '../plugins/auth.ts';
import { announceOrder, changeOrderStatus, listOrders, placeOrder } from './service.ts';

const byCreated = (o: { createdAt: string; id: string }) => ({ at: new Date(o.createdAt), id: o.id });

/** Orders: customers place and see their own; employees and admins see all and move them along. */
export default routes((app) => {
  const deps = depsOf(app);
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
        response: { 200: OrderSchema, 201: OrderSchema, ...errorReplies(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const me = currentUser(request);
      const { order, created } = await placeOrder(deps, me, key, request.body, () =>
        app.limits.enforce(
          'order',
          me.id,
          reply,
          (wait) => `You have placed many orders in a short time. Please try again in ${wait}.`,
        ),
      );
      if (created) {
        announceOrder(deps, order, 'placed');
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
        response: { 200: z.array(OrderSchema), ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await listOrders(deps, { userId: currentUser(request).id, limit, cursor: decodeCursor(cursor) });
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
        response: { 200: z.array(OrderSchema), ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { limit, cursor, status } = request.query;
      const rows = await listOrders(deps, { status, limit, cursor: decodeCursor(cursor) });
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
        response: { 200: OrderSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { order, notification } = await changeOrderStatus(deps, request.params.id, request.body.status);
      announceOrder(deps, order, 'status', notification);
      return order;
    },
  );
});
