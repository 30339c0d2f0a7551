import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { outOfStockMessage, UNAVAILABLE_PRODUCT } from '#shared/catalogue';
import { CLINIC_MSG } from '#shared/clinic-settings';
import { fromPaise, lineTotalPaise, toPaise } from '#shared/money';
import { orderNumber, type DeliveryAddress, type Order, type PlaceOrderBody } from '#shared/orders';
import { readClinic, type ClinicDefaultsConfig } from '../clinic/settings.ts';
import { rowsOf, type Executor } from '../db/client.ts';
import { fromSqlRow } from '../db/rows.ts';
import { cartItems, orderItems, orders, products } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { readMailBrand, type MailBrandConfig } from '../mail/brand.ts';
import { billOrder, invoiceOrder } from '../invoices/for-order.ts';
import type { GstRate } from '#shared/gst';
import { orderPlacedMail } from '../mail/order-placed.ts';
import { enqueueMail } from '../outbox/queue.ts';
import type { AuthUser } from '../lib/caller.ts';
import { KeyAlreadyUsed, type OrderRow, toOrderHead, withItems } from './records.ts';

/* Placing an order: server prices, stock taken in the order's statement, once per checkout attempt (decisions 007, 024). */

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
  hsnSac: string;
  gstRate: number;
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
  order: { id: string; user: AuthUser; key: string; body: PlaceOrderBody; totalPaise: number; holdMinutes: number },
  lines: PricedLine[],
): Promise<{ row: OrderRow; cartChanged: boolean }> {
  const { id, user, key, body } = order;
  // Only an unpaid UPI order waits for a payment it can see; cash and card hold until staff confirm (decision 038).
  const holdUntil =
    body.paymentMethod === 'upi' ? sql`now() + make_interval(mins => ${order.holdMinutes}::int)` : sql`null`;
  const col = <T>(f: (l: PricedLine) => T) => sql.param(lines.map(f));
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      with ins as (
        insert into ${orders} (id, user_id, idempotency_key, status, payment_method, address, total, customer_name, customer_email, hold_until)
        values (${id}::uuid, ${user.id}::uuid, ${key}, 'placed', ${body.paymentMethod}, ${JSON.stringify(body.address)}::jsonb,
                ${(order.totalPaise / 100).toFixed(2)}::numeric, ${user.name}, ${user.email}, ${holdUntil})
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
 * Refuses an order that would leave its customer more open unpaid orders (placed, not paid) than the clinic allows
 * (409 UNPAID_LIMIT), decision 038. Locks the customer's row first, so two of their checkouts at once count one after
 * the other; an order of the same checkout attempt (a racing retry) is not counted, so the retry still hears its order.
 */
async function refuseOverUnpaidCap(tx: Executor, userId: string, key: string, max: number): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${userId}::uuid for no key update`);
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from ${orders}
      where user_id = ${userId}::uuid and status = 'placed' and payment_status = 'unpaid' and idempotency_key <> ${key}`),
  );
  if (Number(row?.n ?? 0) >= max) throw errors.conflict(CLINIC_MSG.tooManyUnpaid(max), 'UNPAID_LIMIT');
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
  { db, config }: Pick<Deps, 'db'> & { config: MailBrandConfig & ClinicDefaultsConfig },
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
      hsnSac: products.hsnSac,
      gstRate: products.gstRate,
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
  // The shop's limits against one customer taking the shelf (decision 038): units of a product, open unpaid orders.
  const { settings } = await readClinic(db, config);
  const overCap = body.items.flatMap((item, i) =>
    item.quantity > settings.maxUnitsPerProduct
      ? [
          {
            path: `items.${i}.quantity`,
            message: CLINIC_MSG.tooManyUnits(catalogue.get(item.productId)!.name, settings.maxUnitsPerProduct),
          },
        ]
      : [],
  );
  if (overCap.length) throw errors.validation(overCap.map((d) => d.message).join(' '), overCap);

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
  // Its GST invoice's lines (decision 053): with prices that include GST the order costs what its lines do; with prices
  // that exclude it, the tax is added, and the order's total is the invoice's.
  const bill = billOrder(
    settings,
    config,
    body.address,
    lines.map((l) => {
      const p = catalogue.get(l.productId)!;
      return {
        description: l.name,
        hsnSac: p.hsnSac,
        quantity: l.quantity,
        unitPrice: toPaise(l.unitPrice),
        discount: l.discount,
        gstRate: p.gstRate as GstRate,
        productId: l.productId,
      };
    }),
  );
  const totalPaise = bill.totalPaise;
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
  const mail = orderPlacedMail(await readMailBrand(db, config), {
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
      await refuseOverUnpaidCap(tx, user.id, key, settings.maxUnpaidOrders);
      await enqueueMail(tx, { kind: 'order_placed', to: user.email, ...mail });
      const written = await insertOrderTakingStock(
        tx,
        { id, user, key, body, totalPaise, holdMinutes: settings.upiHoldMinutes },
        lines,
      );
      // Last, so the number's counter row is held only until the commit; a refused order takes no number.
      await invoiceOrder(
        tx,
        config,
        { id, customer: { id: user.id, name: user.name, email: user.email }, address: body.address },
        bill,
        new Date(),
        settings.invoicePrefix,
      );
      return written;
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
