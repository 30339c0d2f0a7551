import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditEntry } from '#shared/audit';
import type { Notification } from '#shared/notifications';
import type { Order } from '#shared/orders';
import { announceAudit, recordAudit, SYSTEM_ACTOR } from '../audit/record.ts';
import { creditCanceledOrder } from '../invoices/for-order.ts';
import type { MailBrandConfig } from '../mail/brand.ts';
import type { Config } from '../config.ts';
import { rowsOf, type Db, type Executor } from '../db/client.ts';
import { fromSqlRow } from '../db/rows.ts';
import { orders } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { createNotification } from '../notifications/service.ts';
import { nudgeOutbox } from '../outbox/queue.ts';
import { announceOrder, withItems } from './records.ts';
import { mailOrderChange } from './status.ts';
import { periodicJob } from '../lib/periodic-job.ts';

/* Unpaid UPI orders whose hold ran out are canceled, their stock back on the shelf exactly once (decision 038). */

export interface HoldExpiryOptions {
  db: Db;
  config: MailBrandConfig & Pick<Config, 'CLINIC_TZ'>;
  log: FastifyBaseLogger;
  /** Pushes the change to staff screens and the customer's tabs; without it they see it on their next read. */
  io?: Deps['io'];
  /** How often it looks for orders whose hold ran out. */
  pollMs?: number;
  /** Orders canceled per transaction. */
  batchSize?: number;
  /** false: only explicit runOnce() calls (tests, with their own clock). */
  autoStart?: boolean;
}

export interface HoldExpiry {
  /** Cancels the orders whose hold ran out by `now`; resolves with how many it canceled. */
  runOnce(now?: Date): Promise<number>;
  stop(): Promise<void>;
}

interface Expired {
  order: Order;
  notification?: Notification;
  audit: AuditEntry;
}

/**
 * Cancels one batch of orders whose hold ran out, in one transaction. One statement claims them and cancels them:
 * `for update skip locked` passes over rows another process's job (or a customer entering their UTR, or staff) holds,
 * and the UPDATE repeats every condition on the row's newest version, so an order that was paid, given its reference
 * or confirmed meanwhile stays as it is. The move to canceled fires the trigger that gives the stock back (one
 * increment per product, decision 024) exactly once, as for any cancellation. The customer's notification and mail
 * and the audit entry commit with it.
 */
async function expireDue(db: Db, config: MailBrandConfig & Pick<Config, 'CLINIC_TZ'>, now: Date, batchSize: number) {
  return db.transaction(async (tx: Executor) => {
    const raw = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        with due as (
          select id from ${orders}
          where status = 'placed' and payment_status = 'unpaid' and payment_reference is null
            and hold_until <= ${now.toISOString()}::timestamptz
          order by hold_until
          limit ${batchSize}
          for update skip locked
        )
        update ${orders} o set status = 'cancelled', cancelled_by = 'system', updated_at = now()
        from due
        where o.id = due.id and o.status = 'placed' and o.payment_status = 'unpaid' and o.payment_reference is null
        returning o.*`),
    );
    const rows = raw.map((r) => fromSqlRow(orders, r));
    const done: Expired[] = [];
    for (const order of await withItems(tx, rows)) {
      const notification = order.userId
        ? await createNotification(
            { db: tx },
            {
              userId: order.userId,
              type: 'order_status',
              title: `Order ${order.number} canceled`,
              body: `Your order ${order.number} has been canceled: its UPI payment did not arrive in time.`,
              data: { orderId: order.id, status: 'cancelled' },
            },
          )
        : undefined;
      // An order whose customer deleted their account keeps no one to tell.
      if (order.userId) await mailOrderChange(tx, config, order, 'cancelled_unpaid');
      const audit = await recordAudit(tx, SYSTEM_ACTOR, {
        kind: 'order.status_changed',
        subjectType: 'order',
        subjectId: order.id,
        summary: `Canceled order ${order.number} of ${order.customerName}: its UPI payment did not arrive in time`,
        before: { status: 'placed' },
        after: { status: 'cancelled' },
      });
      // Its invoice is credited in the same transaction (decision 053).
      await creditCanceledOrder(tx, config, order.id, SYSTEM_ACTOR);
      done.push({ order, notification, audit });
    }
    return done;
  });
}

/** Starts the hold job: it looks for orders whose hold ran out every `pollMs` (one per process is safe). */
export function startHoldExpiry(opts: HoldExpiryOptions): HoldExpiry {
  const { db, config, log } = opts;
  const pollMs = opts.pollMs ?? 60_000;
  const batchSize = opts.batchSize ?? 20;
  async function run(now: Date, stopping: () => boolean): Promise<number> {
    let canceled = 0;
    for (;;) {
      const done = await expireDue(db, config, now, batchSize);
      canceled += done.length;
      if (done.length) nudgeOutbox();
      if (opts.io) {
        const io = opts.io;
        for (const d of done) {
          announceOrder({ io }, d.order, 'cancelled', d.notification);
          announceAudit({ io }, d.audit);
        }
      }
      if (done.length < batchSize || stopping()) return canceled;
    }
  }

  return periodicJob({ name: 'order holds', log, pollMs, autoStart: opts.autoStart, run });
}
