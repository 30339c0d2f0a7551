import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Notification } from '#shared/notifications';
import { fromPaise, lineTotalPaise, toPaise } from '#shared/money';
import {
  allowedPredecessors,
  ORDER_CHANGED_EVENT,
  ORDER_STATUS_LABELS,
  orderNumber,
  type DeliveryAddress,
  type Order,
  type OrderChangedEvent,
  type OrderStatus,
  type PlaceOrderBody,
} from '#shared/orders';
import { productsByIds } from '../catalogue/service.ts';
import { rowsOf, type Executor } from '../db/client.ts';
import { fromSqlRow, present } from '../db/rows.ts';
import { orderItems, orders, products } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { olderThanRow, type Cursor } from '../lib/pagination.ts';
import type { AuthUser } from '../plugins/auth.ts';
import { roleRoom, userRoom } from '../plugins/socket.ts';
import { createNotification, pushNotification } from '../notifications/service.ts';

type OrderRow = typeof orders.$inferSelect;

/** Assembles full orders (with their items, in the given order) from order rows. */
async function withItems(db: Executor, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  // Each order's items through its own index lookup (a lateral join), so a page costs the same whatever the
  // number of items stored: with an IN list the planner may read the whole table while it is small.
  const items = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select i.*, p.image
        from unnest(${sql.param(rows.map((r) => r.id))}::uuid[]) as o(id)
        cross join lateral (select * from ${orderItems} where ${orderItems.orderId} = o.id order by ${orderItems.id}) i
        left join lateral (select ${products.image} from ${products} where ${products.id} = i.product_id) p on true`),
  ).map((raw) => ({ ...fromSqlRow(orderItems, raw), image: raw.image as string | null }));
  const byOrder = new Map<string, Order['items']>();
  for (const it of items) {
    const list = byOrder.get(it.orderId) ?? [];
    list.push({
      productId: it.productId,
      name: it.name,
      image: it.image ?? null,
      unitPrice: fromPaise(toPaise(it.unitPrice)),
      discount: it.discount,
      quantity: it.quantity,
      lineTotal: fromPaise(toPaise(it.lineTotal)),
    });
    byOrder.set(it.orderId, list);
  }
  return rows.map((r) => ({ ...toOrderHead(r), items: byOrder.get(r.id) ?? [] }));
}

/** An order row in its public shape, without the items. */
function toOrderHead(r: OrderRow): Omit<Order, 'items'> {
  return {
    ...present(r, ['userId', 'customerName', 'customerEmail', 'paymentMethod', 'status', 'createdAt', 'updatedAt']),
    number: orderNumber(r.id),
    total: fromPaise(toPaise(r.total)),
    address: r.address as DeliveryAddress,
  };
}

async function findByKey(db: Executor, userId: string, key: string): Promise<Order | undefined> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return (await withItems(db, rows))[0];
}

/** A replay must ask for exactly what the stored order holds; anything else is a client bug worth telling apart. */
function assertSameRequest(order: Order, body: PlaceOrderBody): void {
  const want = [...body.items].sort((a, b) => a.productId - b.productId).map((i) => `${i.productId}x${i.quantity}`);
  const have = [...order.items].sort((a, b) => a.productId - b.productId).map((i) => `${i.productId}x${i.quantity}`);
  const sameItems = want.join(',') === have.join(',');
  const sameAddress = (Object.keys(body.address) as (keyof DeliveryAddress)[]).every(
    (k) => body.address[k] === order.address[k],
  );
  if (!sameItems || !sameAddress || order.paymentMethod !== body.paymentMethod) {
    throw errors.conflict(
      'This checkout attempt was already used for a different order. Please start the checkout again.',
    );
  }
}

/** Result of placing an order: `created` is false when the key had already been used (a replay). */
export interface PlaceOrderResult {
  order: Order;
  created: boolean;
}

/**
 * Places an order for a customer. Prices and discounts come from the catalogue, never from the client.
 * The (user, Idempotency-Key) pair is unique in the database, so a retried or doubled request returns the
 * first order instead of creating a second one, even when both arrive at the same moment. A replay is answered
 * before `admit`, so a retry of an order already placed never counts against the order limit.
 */
export async function placeOrder(
  { db }: Pick<Deps, 'db'>,
  user: AuthUser,
  key: string,
  body: PlaceOrderBody,
  /** Runs once the request is known not to be a replay, before anything is written (the order limit). */
  admit: () => Promise<void> = async () => {},
): Promise<PlaceOrderResult> {
  const earlier = await findByKey(db, user.id, key);
  if (earlier) {
    assertSameRequest(earlier, body);
    return { order: earlier, created: false };
  }
  await admit();

  const catalogue = new Map(
    (
      await productsByIds(
        { db },
        body.items.map((i) => i.productId),
      )
    ).map((p) => [p.id, p]),
  );
  const details: { path: string; message: string }[] = [];
  body.items.forEach((item, i) => {
    if (!catalogue.has(item.productId))
      details.push({ path: `items.${i}.productId`, message: `Product ${item.productId} is not in our catalogue` });
  });
  if (details.length)
    throw errors.validation(
      details.length === 1 ? details[0]!.message : 'Some products are not in our catalogue',
      details,
    );

  const lines = body.items.map((item) => {
    const p = catalogue.get(item.productId)!;
    const unitPaise = toPaise(p.price);
    return {
      productId: p.id,
      name: p.name,
      unitPrice: (unitPaise / 100).toFixed(2),
      discount: p.discount,
      quantity: item.quantity,
      linePaise: lineTotalPaise(unitPaise, item.quantity, p.discount),
    };
  });
  const totalPaise = lines.reduce((sum, l) => sum + l.linePaise, 0);

  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        idempotencyKey: key,
        status: 'placed',
        paymentMethod: body.paymentMethod,
        address: body.address,
        total: (totalPaise / 100).toFixed(2),
        customerName: user.name,
        customerEmail: user.email,
      })
      .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
      .returning();
    if (!row) return undefined;
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId: row.id,
        productId: l.productId,
        name: l.name,
        unitPrice: l.unitPrice,
        discount: l.discount,
        quantity: l.quantity,
        lineTotal: (l.linePaise / 100).toFixed(2),
      })),
    );
    return row;
  });

  if (!created) {
    // A concurrent request with the same key won the insert; it has committed, so its order is readable now.
    const winner = await findByKey(db, user.id, key);
    if (!winner) throw errors.conflict('This order is still being placed. Please try again in a moment.');
    assertSameRequest(winner, body);
    return { order: winner, created: false };
  }
  // Everything the answer needs was just written: build it here instead of reading it back.
  const order: Order = {
    ...toOrderHead(created),
    items: lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      image: catalogue.get(l.productId)!.image,
      unitPrice: Number(l.unitPrice),
      discount: l.discount,
      quantity: l.quantity,
      lineTotal: fromPaise(l.linePaise),
    })),
  };
  return { order, created: true };
}

/** A page of orders, newest first: one customer's when `userId` is given, optionally of one status. */
export async function listOrders(
  { db }: Pick<Deps, 'db'>,
  opts: { userId?: string; status?: OrderStatus; limit: number; cursor?: Cursor },
): Promise<Order[]> {
  const conds: SQL[] = [];
  if (opts.userId) conds.push(eq(orders.userId, opts.userId));
  if (opts.status) conds.push(eq(orders.status, opts.status));
  if (opts.cursor) {
    if (!isUuid(opts.cursor.id)) throw errors.badRequest('Invalid cursor');
    conds.push(olderThanRow(orders, orders.createdAt, orders.id, opts.cursor));
  }
  const rows = await db
    .select()
    .from(orders)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(opts.limit + 1);
  return withItems(db, rows);
}

const STATUS_SENTENCE: Record<OrderStatus, string> = {
  placed: 'has been placed',
  confirmed: 'has been confirmed',
  shipped: 'is on its way',
  delivered: 'has been delivered',
  cancelled: 'has been cancelled',
};

/**
 * Moves an order to a new status. The allowed previous statuses are part of the UPDATE's WHERE, so two staff
 * members acting at once cannot both succeed with incompatible changes. The customer is notified in the same
 * transaction; the live push happens after commit (see `announceStatusChange`).
 */
export async function changeOrderStatus(
  { db }: Pick<Deps, 'db'>,
  id: string,
  status: OrderStatus,
): Promise<{ order: Order; notification?: Notification }> {
  if (!isUuid(id)) throw errors.notFound('Order');
  const from = allowedPredecessors(status);
  const result = await db.transaction(async (tx) => {
    const [row] = from.length
      ? await tx
          .update(orders)
          .set({ status, updatedAt: new Date() })
          .where(and(eq(orders.id, id), inArray(orders.status, from)))
          .returning()
      : [];
    if (!row) {
      const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id)).limit(1);
      if (!current) throw errors.notFound('Order');
      const label = ORDER_STATUS_LABELS[current.status].toLowerCase();
      throw errors.conflict(
        current.status === status
          ? `This order is already ${label}`
          : `This order is ${label}; it cannot be marked ${ORDER_STATUS_LABELS[status].toLowerCase()}`,
      );
    }
    const [order] = await withItems(tx, [row]);
    const notification = row.userId
      ? await createNotification(
          { db: tx },
          {
            userId: row.userId,
            type: 'order_status',
            title: `Order ${order!.number} ${ORDER_STATUS_LABELS[status].toLowerCase()}`,
            body: `Your order ${order!.number} ${STATUS_SENTENCE[status]}.`,
            data: { orderId: row.id, status },
          },
        )
      : undefined;
    return { order: order!, notification };
  });
  return result;
}

/** Tells staff screens (and the customer's open tabs) that an order appeared or changed. Call after commit. */
export function announceOrder(
  { io }: Pick<Deps, 'io'>,
  order: Order,
  kind: OrderChangedEvent['kind'],
  notification?: Notification,
): void {
  const event: OrderChangedEvent = { order, kind };
  const rooms = [roleRoom('employee'), roleRoom('admin'), ...(order.userId ? [userRoom(order.userId)] : [])];
  io.to(rooms).emit(ORDER_CHANGED_EVENT, event);
  if (order.userId && notification) pushNotification({ io }, order.userId, notification);
}
