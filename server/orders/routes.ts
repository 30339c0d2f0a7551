import { z } from 'zod';
import { IdParamSchema, PageQuerySchema } from '#shared/common';
import {
  IDEMPOTENCY_KEY_HEADER,
  OrderListQuerySchema,
  OrderPaymentBodySchema,
  OrderSchema,
  OrderStatusBodySchema,
  PlaceOrderBodySchema,
  PlaceOrderHeadersSchema,
} from '#shared/orders';
import { announceAudit } from '../audit/record.ts';
import { announceCart } from '../cart/service.ts';
import { depsOf } from '../deps.ts';
import { decodeCursor, pageOf } from '../lib/pagination.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { nudgeOutbox } from '../outbox/queue.ts';
import { currentUser } from '../lib/caller.ts';
import { announceOrder, getOrder, listOrders } from './records.ts';
import { cancelOwnOrder, changeOrderStatus } from './status.ts';
import { changePayment } from './payment.ts';
import { placeOrder } from './place.ts';
import { STAFF_ROLES } from '../lib/policy.ts';

const byCreated = (o: { createdAt: string; id: string }) => ({ at: new Date(o.createdAt), id: o.id });

/** Orders: customers place and see their own; employees and admins see all and move them along. */
export default routes((app) => {
  const deps = depsOf(app);
  const customerOnly = app.requireRole('user');
  const staffOnly = app.requireRole(...STAFF_ROLES);
  const anyone = app.requireRole('user', 'employee', 'admin');

  app.post(
    '/api/orders',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['orders'],
        summary:
          'Place an order (customer): takes the stock of every line or refuses the whole order (409 OUT_OF_STOCK, naming the short products), removes the ordered products from the cart and mails a confirmation. Send a fresh Idempotency-Key per checkout attempt and reuse it on retry.',
        ...secured,
        headers: PlaceOrderHeadersSchema,
        body: PlaceOrderBodySchema,
        response: { 200: OrderSchema, 201: OrderSchema, ...errorReplies(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const me = currentUser(request);
      const { order, created, cartChanged } = await placeOrder(deps, me, key, request.body, () =>
        app.limits.enforce(
          'order',
          me.id,
          reply,
          (wait) => `You have placed many orders in a short time. Please try again in ${wait}.`,
        ),
      );
      if (created) {
        nudgeOutbox();
        announceOrder(deps, order, 'placed');
        // The ordered lines left the cart in the order's transaction: the customer's other tabs hear it. The order
        // stands whatever happens here, so a failure to tell them is logged, not answered.
        if (cartChanged)
          announceCart(deps, me.id).catch((err: unknown) =>
            request.log.warn({ err }, 'could not announce the cart after an order'),
          );
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
        summary:
          'All orders, newest first, optionally of one status and/or payment status (employee, admin; X-Next-Cursor when more exist)',
        ...secured,
        querystring: OrderListQuerySchema,
        response: { 200: z.array(OrderSchema), ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { limit, cursor, status, paymentStatus } = request.query;
      const rows = await listOrders(deps, { status, paymentStatus, limit, cursor: decodeCursor(cursor) });
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
          'Move an order along: placed -> confirmed -> shipped -> delivered, or canceled before shipping (employee, admin)',
        ...secured,
        params: IdParamSchema,
        body: OrderStatusBodySchema,
        response: { 200: OrderSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { order, notification, audit, creditAudit } = await changeOrderStatus(
        deps,
        currentUser(request),
        request.params.id,
        request.body.status,
      );
      nudgeOutbox();
      announceOrder(deps, order, order.status === 'cancelled' ? 'cancelled' : 'status', notification);
      announceAudit(deps, audit);
      if (creditAudit) announceAudit(deps, creditAudit);
      return order;
    },
  );

  app.get(
    '/api/orders/:id',
    {
      onRequest: anyone,
      schema: {
        tags: ['orders'],
        summary: 'One order: its customer or staff (anyone else: 404)',
        ...secured,
        params: IdParamSchema,
        response: { 200: OrderSchema, ...errorReplies(401, 403, 404) },
      },
    },
    async (request) => getOrder(deps, currentUser(request), request.params.id),
  );

  app.put(
    '/api/orders/:id/cancel',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['orders'],
        summary:
          'Cancel an own order while it is placed or confirmed (customer); its stock goes back on the shelf and a paid order becomes refund due',
        ...secured,
        params: IdParamSchema,
        response: { 200: OrderSchema, ...errorReplies(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const order = await cancelOwnOrder(deps, currentUser(request), request.params.id);
      nudgeOutbox();
      announceOrder(deps, order, 'cancelled');
      return order;
    },
  );

  app.put(
    '/api/orders/:id/payment',
    {
      onRequest: anyone,
      schema: {
        tags: ['orders'],
        summary:
          'Payment of an order: the customer of an unpaid UPI order sends { reference } (the 12-digit UTR); staff send { status: "paid" } (from unpaid) or { status: "refunded" } (from refund due)',
        ...secured,
        params: IdParamSchema,
        body: OrderPaymentBodySchema,
        response: { 200: OrderSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { order, notification, audit } = await changePayment(
        deps,
        currentUser(request),
        request.params.id,
        request.body,
      );
      announceOrder(deps, order, 'payment', notification);
      announceAudit(deps, audit);
      return order;
    },
  );
});
