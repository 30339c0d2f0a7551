import { and, eq, inArray } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import type { Notification } from '#shared/notifications';
import {
  allowedPredecessors,
  CUSTOMER_CANCELLABLE,
  ORDER_MSG,
  ORDER_STATUS_LABELS,
  type Order,
  type OrderStatus,
} from '#shared/orders';
import { recordAudit } from '../audit/record.ts';
import { creditCanceledOrder } from '../invoices/for-order.ts';
import type { Config } from '../config.ts';
import { type Executor } from '../db/client.ts';
import { orders } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { readMailBrand, type MailBrandConfig } from '../mail/brand.ts';
import { orderStatusMail, type OrderMailEvent } from '../mail/order-status.ts';
import { enqueueMail } from '../outbox/queue.ts';
import { isUuid } from '../lib/ids.ts';
import type { AuthUser } from '../lib/caller.ts';
import { createNotification } from '../notifications/service.ts';
import { visibleRow, withItems } from './records.ts';

/* An order's status moving forward (staff) or canceled by its customer before it ships, with its mail and notification. */

const STATUS_SENTENCE: Record<OrderStatus, string> = {
  placed: 'has been placed',
  confirmed: 'has been confirmed',
  shipped: 'is on its way',
  delivered: 'has been delivered',
  cancelled: 'has been canceled',
};

/** The status changes a customer is e-mailed about, when staff make them. */
const STAFF_MAILED: Partial<Record<OrderStatus, OrderMailEvent>> = {
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled_by_staff',
};

/** Queues the mail telling the customer of `order` what just happened to it, in the transaction of the change. */
export async function mailOrderChange(
  tx: Executor,
  config: MailBrandConfig,
  order: Order,
  event: OrderMailEvent,
): Promise<void> {
  const mail = orderStatusMail(await readMailBrand(tx, config), { ...order, event, publicUrl: config.PUBLIC_URL });
  await enqueueMail(tx, { kind: `order_${event}`, to: order.customerEmail, ...mail });
}

/**
 * Moves an order to a new status. The allowed previous statuses are part of the UPDATE's WHERE, so two staff
 * members acting at once cannot both succeed with incompatible changes. A cancellation here is the staff's: the
 * database gives the stock back and turns a paid order into refund_due (triggers of migration 0005). The customer
 * is notified, and e-mailed when it shipped, was delivered or canceled, and the audit entry is written, all in the
 * same transaction; the live push happens after commit (see `announceOrder`), the caller nudges the outbox.
 */
export async function changeOrderStatus(
  { db, config }: Pick<Deps, 'db'> & { config: MailBrandConfig & Pick<Config, 'CLINIC_TZ'> },
  actor: AuthUser,
  id: string,
  status: OrderStatus,
): Promise<{ order: Order; notification?: Notification; audit?: AuditEntry; creditAudit?: AuditEntry }> {
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
          ? `Canceled order ${order!.number} of ${row.customerName}`
          : `Marked order ${order!.number} of ${row.customerName} ${ORDER_STATUS_LABELS[status].toLowerCase()}`,
      before: { status: held!.status },
      after: { status },
    });
    // A canceled order's invoice is credited in the same transaction (decision 053).
    const credit = status === 'cancelled' ? await creditCanceledOrder(tx, config, row.id, actor) : undefined;
    return { order: order!, notification, audit, creditAudit: credit?.audit };
  });
  return result;
}

/**
 * The customer cancels their own order while it is placed or confirmed (CUSTOMER_CANCELLABLE). One conditional
 * UPDATE: a racing staff change or cancellation and this one cannot both win. The triggers of migration 0005 give
 * the stock back exactly once and turn a paid order into refund_due. No notification: the customer did it; a mail
 * confirming it and the credit note of its invoice are written in the same transaction (the caller nudges the outbox).
 */
export async function cancelOwnOrder(
  { db, config }: Pick<Deps, 'db'> & { config: MailBrandConfig & Pick<Config, 'CLINIC_TZ'> },
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
      if (current.status === 'cancelled') throw errors.conflict('This order is already canceled');
      throw errors.conflict(ORDER_MSG.cancelRefused);
    }
    const [order] = await withItems(tx, [row]);
    await mailOrderChange(tx, config, order!, 'cancelled_by_customer');
    await creditCanceledOrder(tx, config, row.id, undefined);
    return order!;
  });
}
