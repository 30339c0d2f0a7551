import { and, eq, ne, sql } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import type { Notification } from '#shared/notifications';
import { formatRupees } from '#shared/money';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, type Order, type OrderPaymentBody } from '#shared/orders';
import { recordAudit } from '../audit/record.ts';
import { orders } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import type { AuthUser } from '../lib/caller.ts';
import { createNotification } from '../notifications/service.ts';
import { isStaff } from '../lib/policy.ts';
import { type OrderRow, visibleRow, withItems } from './records.ts';

/* An order's payment: the customer's UPI reference, and staff marking it paid or refunded. */

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
    if (current.status === 'cancelled') throw errors.conflict('This order is canceled; it needs no payment reference');
    throw errors.conflict(`This order is already ${payment}; its payment reference can no longer change`);
  }
  if (current.paymentStatus === body.status) throw errors.conflict(`This order is already ${payment}`);
  if (body.status === 'paid')
    throw errors.conflict(
      current.status === 'cancelled'
        ? `This order is canceled (${payment}); it cannot be marked paid`
        : `This order is ${payment}; it cannot be marked paid`,
    );
  throw errors.conflict(`This order is ${payment}; only a paid order that was canceled can be marked refunded`);
}

/**
 * The payment of an order, apart from its fulfilment:
 * - `{ reference }`: the customer of a UPI order gives the UTR of their payment, while it is unpaid and not canceled
 *   (they may correct it until staff mark it paid);
 * - `{ status: 'paid' }`: staff mark an unpaid, not canceled order paid (with or without a reference: cash and
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
