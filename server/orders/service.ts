import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import { outOfStockMessage, UNAVAILABLE_PRODUCT } from '#shared/catalogue';
import type { Notification } from '#shared/notifications';
import { formatRupees, fromPaise, lineTotalPaise, toPaise } from '#shared/money';
import {
  allowedPredecessors,
  CUSTOMER_CANCELLABLE,
  ORDER_CHANGED_EVENT,
  ORDER_MSG,
  ORDER_STATUS_LABELS,
  orderNumber,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type DeliveryAddress,
  type Order,
  type OrderChangedEvent,
  type OrderPaymentBody,
  type OrderStatus,
  type PaymentStatus,
  type PlaceOrderBody,
} from '#shared/orders';
import { recordAudit } from '../audit/record.ts';
import type { Config } from '../config.ts';
import { rowsOf, type Executor } from '../db/client.ts';
import { fromSqlRow, present } from '../db/rows.ts';
import { cartItems, orderItems, orders, products } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { orderPlacedMail } from '../mail/order-placed.ts';
import { orderStatusMail, type OrderMailEvent } from '../mail/order-status.ts';
import { enqueueMail } from '../outbox/queue.ts';
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
      'createdAt',
      'updatedAt',
    ]),
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
  /** True when the order took lines out of the customer's cart (their open tabs should hear about it). */
  cartChanged: boolean;
}

/** What an order line needs of its product, read from the table itself: price, stock, whether it is on sale. */
interface ProductFacts {
  id: number;
  name: string;
  price: string;
  discount: number;
  image: string;
  stock: number;
  active: boolean;
}

/** One line of an order beside its product's stock as the database told it (null: the product is gone). */
interface LineStock {
  /** The line's index in the request body, for the error's detail path. */
  index: number;
  name: string;
  quantity: number;
  stock: number | null;
  active: boolean | null;
}

/**
 * Refuses an order any of whose products is no longer on sale (409, each named) or has fewer units than asked
 * (409 OUT_OF_STOCK: each short product named with how many are left, a detail per line). Passes otherwise.
 */
function refuseUnavailable(lines: LineStock[]): void {
  const gone = lines.filter((l) => !l.active);
  if (gone.length) {
    const details = gone.map((l) => ({ path: `items.${l.index}.productId`, message: UNAVAILABLE_PRODUCT(l.name) }));
    throw errors.conflict(details.map((d) => d.message).join('; '), 'CONFLICT', details);
  }
  const short = lines.filter((l) => (l.stock ?? 0) < l.quantity);
  if (short.length) {
    const details = short.map((l) => ({
      path: `items.${l.index}.quantity`,
      message: outOfStockMessage(l.name, l.stock ?? 0),
    }));
    throw errors.conflict(details.map((d) => d.message).join('; '), 'OUT_OF_STOCK', details);
  }
}

/** An order line as it is stored, with its product's stock as the catalogue read it. */
interface PricedLine extends LineStock {
  productId: number;
  image: string;
  unitPrice: string;
  discount: number;
  linePaise: number;
}

/** Thrown inside the order's transaction when a racing request with the same key stored its order first. */
class KeyAlreadyUsed extends Error {}

/**
 * Writes an order in ONE statement (inside the caller's transaction, after the mail was queued), decision 024:
 * - `ins` inserts the order, or nothing when the (customer, key) pair exists (a racing retry won; it waits for that
 *   one to commit); every other part acts only when `ins` returned the row, so a replay takes no stock;
 * - `items` inserts the lines, `cart` removes the ordered products from the customer's cart;
 * - `seen` reads the lines' products without a lock: when one is already short or off sale, nothing is locked (a
 *   crowd after the last units hears 409 without queueing on the product's row);
 * - `locked` locks the products in id order (`for no key update`, which a cart line's foreign key check does not
 *   wait for), after the order's key is settled, so two orders, or an order and a cancellation (whose trigger goes
 *   in id order too), never wait on each other crosswise; after a wait it reads each row as the holder left it;
 * - `taken` decrements each locked product `where active and stock >= qty`: that condition, checked again on the
 *   row's newest version, alone decides who gets the last units, and the stock never goes below zero.
 * When not every line was taken this throws the 409 that names the short products (the caller's transaction then
 * rolls back everything, the mail included); when the key was taken, `KeyAlreadyUsed`.
 */
async function insertOrderTakingStock(
  tx: Executor,
  order: { id: string; user: AuthUser; key: string; body: PlaceOrderBody; totalPaise: number },
  lines: PricedLine[],
): Promise<{ row: OrderRow; cartChanged: boolean }> {
  const { id, user, key, body } = order;
  const col = <T>(f: (l: PricedLine) => T) => sql.param(lines.map(f));
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      with ins as (
        insert into ${orders} (id, user_id, idempotency_key, status, payment_method, address, total, customer_name, customer_email)
        values (${id}::uuid, ${user.id}::uuid, ${key}, 'placed', ${body.paymentMethod}, ${JSON.stringify(body.address)}::jsonb,
                ${(order.totalPaise / 100).toFixed(2)}::numeric, ${user.name}, ${user.email})
        on conflict (user_id, idempotency_key) do nothing
        returning *
      ),
      items as (
        insert into ${orderItems} (order_id, product_id, name, unit_price, discount, quantity, line_total)
        select ins.id, l.product_id, l.name, l.unit_price, l.discount, l.quantity, l.line_total
        from ins cross join unnest(${col((l) => l.productId)}::int[], ${col((l) => l.name)}::text[],
                                   ${col((l) => l.unitPrice)}::numeric[], ${col((l) => l.discount)}::int[],
                                   ${col((l) => l.quantity)}::int[], ${col((l) => (l.linePaise / 100).toFixed(2))}::numeric[])
                   with ordinality as l(product_id, name, unit_price, discount, quantity, line_total, n)
        order by l.n
        returning 1
      ),
      cart as (
        delete from ${cartItems}
        where user_id = ${user.id}::uuid and product_id = any(${col((l) => l.productId)}::int[]) and exists (select 1 from ins)
        returning product_id
      ),
      want as (
        select w.id, w.qty from unnest(${col((l) => l.productId)}::int[], ${col((l) => l.quantity)}::int[]) as w(id, qty)
      ),
      seen as (
        select p.id, p.stock, p.active from ${products} p where p.id in (select id from want)
      ),
      locked as materialized (
        select p.id, p.stock, p.active from ${products} p
        where p.id in (select id from want)
          and exists (select 1 from ins)
          and (select count(*) from seen) = (select count(*) from want)
          and not exists (select 1 from seen join want on want.id = seen.id where not seen.active or seen.stock < want.qty)
        order by p.id
        for no key update
      ),
      taken as (
        update ${products} p set stock = p.stock - want.qty, updated_at = now()
        from want
        where p.id = want.id and p.id in (select id from locked) and p.active and p.stock >= want.qty
        returning p.id
      )
      select want.id as line_product, coalesce(locked.stock, seen.stock) as line_stock,
             coalesce(locked.active, seen.active) as line_active,
             exists (select 1 from taken where taken.id = want.id) as line_taken,
             (select count(*) from cart)::int as cart_removed,
             ins.*
      from want left join seen on seen.id = want.id left join locked on locked.id = want.id left join ins on true`),
  );
  if (rows[0]?.id == null) throw new KeyAlreadyUsed();
  const byProduct = new Map(rows.map((r) => [Number(r.line_product), r]));
  if (!lines.every((l) => byProduct.get(l.productId)?.line_taken)) {
    refuseUnavailable(
      lines.map((l) => {
        const r = byProduct.get(l.productId);
        return {
          ...l,
          stock: (r?.line_stock as number | null) ?? null,
          active: (r?.line_active as boolean | null) ?? null,
        };
      }),
    );
    // Every line not taken was short or off sale when the statement looked; this only guards the unforeseen.
    throw errors.conflict(
      'The stock of a product changed while the order was placed. Please try again.',
      'OUT_OF_STOCK',
    );
  }
  return { row: fromSqlRow(orders, rows[0]), cartChanged: Number(rows[0].cart_removed) > 0 };
}

/**
 * Places an order for a customer. Prices and discounts come from the catalogue, never from the client.
 * The (user, Idempotency-Key) pair is unique in the database, so a retried or doubled request returns the
 * first order instead of creating a second one, even when both arrive at the same moment; a replay takes no stock
 * and queues no mail. A replay is answered before `admit`, so a retry of an order already placed never counts
 * against the order limit.
 *
 * One transaction holds the confirmation mail (outbox) and the statement that writes the order, its items, the
 * removal of the ordered products from the customer's cart and the stock (`insertOrderTakingStock`): all of it
 * commits, or none of it when a product is short.
 */
export async function placeOrder(
  { db, config }: Pick<Deps, 'db'> & { config: Pick<Config, 'PUBLIC_URL'> },
  user: AuthUser,
  key: string,
  body: PlaceOrderBody,
  /** Runs once the request is known not to be a replay, before anything is written (the order limit). */
  admit: () => Promise<void> = async () => {},
): Promise<PlaceOrderResult> {
  const earlier = await findByKey(db, user.id, key);
  if (earlier) {
    assertSameRequest(earlier, body);
    return { order: earlier, created: false, cartChanged: false };
  }
  await admit();

  const found: ProductFacts[] = await db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      discount: products.discount,
      image: products.image,
      stock: products.stock,
      active: products.active,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        body.items.map((i) => i.productId),
      ),
    );
  const catalogue = new Map(found.map((p) => [p.id, p]));
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

  const lines: PricedLine[] = body.items.map((item, index) => {
    const p = catalogue.get(item.productId)!;
    const unitPaise = toPaise(p.price);
    return {
      index,
      productId: p.id,
      name: p.name,
      image: p.image,
      unitPrice: (unitPaise / 100).toFixed(2),
      discount: p.discount,
      quantity: item.quantity,
      linePaise: lineTotalPaise(unitPaise, item.quantity, p.discount),
      stock: p.stock,
      active: p.active,
    };
  });
  // Refused before any write or lock when the catalogue already says so; the order's statement decides under a race.
  refuseUnavailable(lines);
  const totalPaise = lines.reduce((sum, l) => sum + l.linePaise, 0);
  const items: Order['items'] = lines.map((l) => ({
    productId: l.productId,
    name: l.name,
    image: l.image,
    unitPrice: Number(l.unitPrice),
    discount: l.discount,
    quantity: l.quantity,
    lineTotal: fromPaise(l.linePaise),
  }));
  const id = randomUUID();
  const mail = orderPlacedMail({
    id,
    number: orderNumber(id),
    customerName: user.name,
    items,
    total: fromPaise(totalPaise),
    address: body.address,
    paymentMethod: body.paymentMethod,
    publicUrl: config.PUBLIC_URL,
  });

  let placed: { row: OrderRow; cartChanged: boolean };
  try {
    placed = await db.transaction(async (tx) => {
      // Queued first, so the products stay locked only for the order's statement and the commit.
      await enqueueMail(tx, { kind: 'order_placed', to: user.email, ...mail });
      return insertOrderTakingStock(tx, { id, user, key, body, totalPaise }, lines);
    });
  } catch (err) {
    if (!(err instanceof KeyAlreadyUsed)) throw err;
    // A concurrent request with the same key won the insert; it has committed, so its order is readable now.
    const winner = await findByKey(db, user.id, key);
    if (!winner) throw errors.conflict('This order is still being placed. Please try again in a moment.');
    assertSameRequest(winner, body);
    return { order: winner, created: false, cartChanged: false };
  }
  // Everything the answer needs was just written: build it here instead of reading it back.
  return { order: { ...toOrderHead(placed.row), items }, created: true, cartChanged: placed.cartChanged };
}

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

const isStaff = (me: Pick<AuthUser, 'role'>) => me.role === 'employee' || me.role === 'admin';

/** The row of an order the caller may see: their own, or any for staff. Anyone else gets the 404 of a missing one. */
async function visibleRow(db: Executor, me: AuthUser, id: string): Promise<OrderRow> {
  if (!isUuid(id)) throw errors.notFound('Order');
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!row || (!isStaff(me) && row.userId !== me.id)) throw errors.notFound('Order');
  return row;
}

/** One order, for its customer or staff; 404 for anyone else, so nobody learns which orders exist. */
export async function getOrder({ db }: Pick<Deps, 'db'>, me: AuthUser, id: string): Promise<Order> {
  const [order] = await withItems(db, [await visibleRow(db, me, id)]);
  return order!;
}

const STATUS_SENTENCE: Record<OrderStatus, string> = {
  placed: 'has been placed',
  confirmed: 'has been confirmed',
  shipped: 'is on its way',
  delivered: 'has been delivered',
  cancelled: 'has been cancelled',
};

/** The status changes a customer is e-mailed about, when staff make them. */
const STAFF_MAILED: Partial<Record<OrderStatus, OrderMailEvent>> = {
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled_by_staff',
};

/** Queues the mail telling the customer of `order` what just happened to it, in the transaction of the change. */
async function mailOrderChange(
  tx: Executor,
  config: Pick<Config, 'PUBLIC_URL'>,
  order: Order,
  event: OrderMailEvent,
): Promise<void> {
  const mail = orderStatusMail({ ...order, event, publicUrl: config.PUBLIC_URL });
  await enqueueMail(tx, { kind: `order_${event}`, to: order.customerEmail, ...mail });
}

/**
 * Moves an order to a new status. The allowed previous statuses are part of the UPDATE's WHERE, so two staff
 * members acting at once cannot both succeed with incompatible changes. A cancellation here is the staff's: the
 * database gives the stock back and turns a paid order into refund_due (triggers of migration 0005). The customer
 * is notified, and e-mailed when it shipped, was delivered or cancelled, and the audit entry is written, all in the
 * same transaction; the live push happens after commit (see `announceOrder`), the caller nudges the outbox.
 */
export async function changeOrderStatus(
  { db, config }: Pick<Deps, 'db'> & { config: Pick<Config, 'PUBLIC_URL'> },
  actor: AuthUser,
  id: string,
  status: OrderStatus,
): Promise<{ order: Order; notification?: Notification; audit?: AuditEntry }> {
  if (!isUuid(id)) throw errors.notFound('Order');
  const from = allowedPredecessors(status);
  const result = await db.transaction(async (tx) => {
    // The status it moves from, for the audit log: read under the row's lock, so it is the one the UPDATE changes.
    const [held] = from.length
      ? await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id)).for('no key update')
      : [];
    const [row] = from.length
      ? await tx
          .update(orders)
          .set({ status, updatedAt: new Date(), ...(status === 'cancelled' ? { cancelledBy: 'staff' as const } : {}) })
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
    const event = STAFF_MAILED[status];
    // An order whose customer deleted their account keeps no one to tell.
    if (row.userId && event) await mailOrderChange(tx, config, order!, event);
    const audit = await recordAudit(tx, actor, {
      kind: 'order.status_changed',
      subjectType: 'order',
      subjectId: row.id,
      summary:
        status === 'cancelled'
          ? `Cancelled order ${order!.number} of ${row.customerName}`
          : `Marked order ${order!.number} of ${row.customerName} ${ORDER_STATUS_LABELS[status].toLowerCase()}`,
      before: { status: held!.status },
      after: { status },
    });
    return { order: order!, notification, audit };
  });
  return result;
}

/**
 * The customer cancels their own order while it is placed or confirmed (CUSTOMER_CANCELLABLE). One conditional
 * UPDATE: a racing staff change or cancellation and this one cannot both win. The triggers of migration 0005 give
 * the stock back exactly once and turn a paid order into refund_due. No notification: the customer did it; a mail
 * confirming it is queued in the same transaction (the caller nudges the outbox).
 */
export async function cancelOwnOrder(
  { db, config }: Pick<Deps, 'db'> & { config: Pick<Config, 'PUBLIC_URL'> },
  me: AuthUser,
  id: string,
): Promise<Order> {
  if (!isUuid(id)) throw errors.notFound('Order');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledBy: 'customer', updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.userId, me.id), inArray(orders.status, [...CUSTOMER_CANCELLABLE])))
      .returning();
    if (!row) {
      const current = await visibleRow(tx, me, id);
      if (current.status === 'cancelled') throw errors.conflict('This order is already cancelled');
      throw errors.conflict(ORDER_MSG.cancelRefused);
    }
    const [order] = await withItems(tx, [row]);
    await mailOrderChange(tx, config, order!, 'cancelled_by_customer');
    return order!;
  });
}

/** What the customer is told when staff mark their order paid or refunded. */
const PAYMENT_NOTICE: Record<'paid' | 'refunded', (o: Order) => { title: string; body: string }> = {
  paid: (o) => ({
    title: `Payment received: order ${o.number}`,
    body: `We have received the payment for your order ${o.number}.`,
  }),
  refunded: (o) => ({
    title: `Payment refunded: order ${o.number}`,
    body: `The payment of ${formatRupees(o.total)} for your order ${o.number} has been refunded.`,
  }),
};

/** Why a payment change found no row to change: 404 when the order is not there, else a 409 saying what it is now. */
function paymentRefusal(current: OrderRow, body: OrderPaymentBody): never {
  const payment = PAYMENT_STATUS_LABELS[current.paymentStatus].toLowerCase();
  if ('reference' in body) {
    if (current.paymentMethod !== 'upi')
      throw errors.conflict(
        `This order is paid by ${PAYMENT_METHOD_LABELS[current.paymentMethod]}; a UPI transaction reference is only for UPI orders`,
      );
    if (current.status === 'cancelled') throw errors.conflict('This order is cancelled; it needs no payment reference');
    throw errors.conflict(`This order is already ${payment}; its payment reference can no longer change`);
  }
  if (current.paymentStatus === body.status) throw errors.conflict(`This order is already ${payment}`);
  if (body.status === 'paid')
    throw errors.conflict(
      current.status === 'cancelled'
        ? `This order is cancelled (${payment}); it cannot be marked paid`
        : `This order is ${payment}; it cannot be marked paid`,
    );
  throw errors.conflict(`This order is ${payment}; only a paid order that was cancelled can be marked refunded`);
}

/**
 * The payment of an order, apart from its fulfilment:
 * - `{ reference }`: the customer of a UPI order gives the UTR of their payment, while it is unpaid and not cancelled
 *   (they may correct it until staff mark it paid);
 * - `{ status: 'paid' }`: staff mark an unpaid, not cancelled order paid (with or without a reference: cash and
 *   card are paid on delivery); `{ status: 'refunded' }`: staff record the refund of a refund_due order.
 * Each is one conditional UPDATE (the state it starts from is in the WHERE), so of two racing staff only one wins and
 * the other hears what the order is now. The customer is notified of paid and refunded, and staff changes are
 * recorded in the audit log, in the same transaction.
 */
export async function changePayment(
  { db }: Pick<Deps, 'db'>,
  me: AuthUser,
  id: string,
  body: OrderPaymentBody,
): Promise<{ order: Order; notification?: Notification; audit?: AuditEntry }> {
  if ('reference' in body) {
    if (me.role !== 'user')
      throw errors.forbidden('Only the customer who placed the order can enter its payment reference');
  } else if (!isStaff(me)) {
    throw errors.forbidden('Only staff can mark an order paid or refunded');
  }
  if (!isUuid(id)) throw errors.notFound('Order');
  return db.transaction(async (tx) => {
    const update =
      'reference' in body
        ? tx
            .update(orders)
            .set({ paymentReference: body.reference, updatedAt: new Date() })
            .where(
              and(
                eq(orders.id, id),
                eq(orders.userId, me.id),
                eq(orders.paymentMethod, 'upi'),
                eq(orders.paymentStatus, 'unpaid'),
                ne(orders.status, 'cancelled'),
              ),
            )
        : body.status === 'paid'
          ? tx
              .update(orders)
              .set({ paymentStatus: 'paid', paidAt: sql`now()`, updatedAt: new Date() })
              .where(and(eq(orders.id, id), eq(orders.paymentStatus, 'unpaid'), ne(orders.status, 'cancelled')))
          : tx
              .update(orders)
              .set({ paymentStatus: 'refunded', updatedAt: new Date() })
              .where(and(eq(orders.id, id), eq(orders.paymentStatus, 'refund_due')));
    const [row] = await update.returning();
    if (!row) paymentRefusal(await visibleRow(tx, me, id), body);
    const [order] = await withItems(tx, [row]);
    if ('reference' in body) return { order: order! };
    const audit = await recordAudit(tx, me, {
      kind: 'order.payment_changed',
      subjectType: 'order',
      subjectId: row.id,
      summary:
        body.status === 'paid'
          ? `Marked order ${order!.number} of ${row.customerName} paid (${formatRupees(order!.total)})`
          : `Recorded the refund of ${formatRupees(order!.total)} for order ${order!.number} of ${row.customerName}`,
      before: { paymentStatus: body.status === 'paid' ? 'unpaid' : 'refund_due' },
      after: { paymentStatus: body.status },
    });
    if (!row.userId) return { order: order!, audit };
    const notification = await createNotification(
      { db: tx },
      {
        userId: row.userId,
        type: 'order_payment',
        ...PAYMENT_NOTICE[body.status](order!),
        data: { orderId: row.id, paymentStatus: row.paymentStatus },
      },
    );
    return { order: order!, notification, audit };
  });
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
