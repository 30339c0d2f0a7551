import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Notification } from '#shared/notifications';
import { fromPaise, toPaise } from '#shared/money';
import {
  ORDER_CHANGED_EVENT,
  orderNumber,
  type DeliveryAddress,
  type Order,
  type OrderChangedEvent,
  type OrderStatus,
  type PaymentStatus,
} from '#shared/orders';
import { rowsOf, type Executor } from '../db/client.ts';
import { fromSqlRow, present } from '../db/rows.ts';
import { orderItems, orders, products } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { olderThanRow, type Cursor } from '../lib/pagination.ts';
import type { AuthUser } from '../lib/caller.ts';
import { roleRoom, userRoom } from '../lib/realtime.ts';
import { pushNotification } from '../notifications/service.ts';
import { mayOpenRecordOf } from '../lib/policy.ts';

/* An order as every screen reads it: its row with its lines, the lists, one order as its owner or staff may see it, and the live event. */

export type OrderRow = typeof orders.$inferSelect;

/** Assembles full orders (with their items, in the given order) from order rows. */
export async function withItems(db: Executor, rows: OrderRow[]): Promise<Order[]> {
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
export function toOrderHead(r: OrderRow): Omit<Order, 'items'> {
  return {
    ...present(r, [
      'userId',
      'customerName',
      'customerEmail',
      'paymentMethod',
      'status',
      'paymentStatus',
      'paymentReference',
      'paidAt',
      'cancelledBy',
      'holdUntil',
      'createdAt',
      'updatedAt',
    ]),
    number: orderNumber(r.id),
    total: fromPaise(toPaise(r.total)),
    address: r.address as DeliveryAddress,
  };
}

/** Thrown inside the order's transaction when a racing request with the same key stored its order first. */
export class KeyAlreadyUsed extends Error {}

/** A page of orders, newest first: one customer's when `userId` is given, optionally of one status and payment status. */
export async function listOrders(
  { db }: Pick<Deps, 'db'>,
  opts: { userId?: string; status?: OrderStatus; paymentStatus?: PaymentStatus; limit: number; cursor?: Cursor },
): Promise<Order[]> {
  const conds: SQL[] = [];
  if (opts.userId) conds.push(eq(orders.userId, opts.userId));
  if (opts.status) conds.push(eq(orders.status, opts.status));
  if (opts.paymentStatus) conds.push(eq(orders.paymentStatus, opts.paymentStatus));
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

/** The row of an order the caller may see: their own, or any for staff. Anyone else gets the 404 of a missing one. */
export async function visibleRow(db: Executor, me: AuthUser, id: string): Promise<OrderRow> {
  if (!isUuid(id)) throw errors.notFound('Order');
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!row || !mayOpenRecordOf(me, row.userId)) throw errors.notFound('Order');
  return row;
}

/** One order, for its customer or staff; 404 for anyone else, so nobody learns which orders exist. */
export async function getOrder({ db }: Pick<Deps, 'db'>, me: AuthUser, id: string): Promise<Order> {
  const [order] = await withItems(db, [await visibleRow(db, me, id)]);
  return order!;
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
