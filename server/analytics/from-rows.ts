import { sql, type SQL } from 'drizzle-orm';
import { eachDay, TOP_PRODUCTS_LIMIT, type Analytics } from '#shared/analytics';
import { PAYMENT_STATUSES, type PaymentStatus } from '#shared/orders';
import { type BookingStatus } from '#shared/bookings';
import type { Executor } from '../db/client.ts';
import { dayBounds } from '../bookings/records.ts';
import { int, money, query, seconds, type Figures, type Range } from './figures.ts';

/**
 * The figures counted over the rows themselves, one statement each (decision 028): what the summaries must always
 * say (server/analytics/summaries.test.ts compares them), and what the admin reads while the summaries are counted
 * in another time zone than the clinic's (decision 048). Each reads only the range, through an index whose leading
 * column is the time the figure is counted by (migration 0008).
 */

/** The instants of a range: from the start of `from` to the start of the day after `to`, clinic time. */
interface Instants extends Range {
  start: SQL;
  end: SQL;
}

/**
 * Clinic-local day of a timestamp column. Rows are grouped by this date and only the groups are written out as
 * 'YYYY-MM-DD' (`dayText`): formatting every row would cost more than reading it.
 */
const localDay = (column: SQL, tz: string) => sql`(${column} at time zone ${tz}::text)::date`;
const dayText = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

/** Bookings by appointment day, service and status (slot_bookings_starts_service_status_idx, index only). */
async function bookingsPerDay(db: Executor, r: Instants): Promise<Analytics['bookingsPerDay']> {
  const rows = await query<{ date: string; serviceId: string; serviceName: string; status: BookingStatus; n: number }>(
    db,
    sql`
      select ${dayText(sql`g.day`)} as "date", g.service_id as "serviceId", s.name as "serviceName", g.status, g.n::int as "n"
        from (select ${localDay(sql`starts_at`, r.tz)} as day, service_id, status, count(*) as n
                from slot_bookings
               where starts_at >= ${r.start} and starts_at < ${r.end}
               group by 1, 2, 3) g
        join services s on s.id = g.service_id
       order by g.day, s.sort_order, s.name, g.status`,
  );
  return rows.map((x) => ({
    date: x.date,
    serviceId: x.serviceId,
    serviceName: x.serviceName,
    status: x.status,
    count: int(x.n),
  }));
}

/** Visits due in the range that were completed or missed (the same index, index only). */
async function visits(db: Executor, r: Instants): Promise<Analytics['visits']> {
  const [row] = await query<{ completed: number; noShow: number }>(
    db,
    sql`
      select count(*) filter (where status = 'completed')::int as "completed",
             count(*) filter (where status = 'no_show')::int as "noShow"
        from slot_bookings
       where starts_at >= ${r.start} and starts_at < ${r.end} and status in ('completed', 'no_show')`,
  );
  const completed = int(row?.completed);
  const noShow = int(row?.noShow);
  const outcomes = completed + noShow;
  return { completed, noShow, noShowRate: outcomes === 0 ? null : Math.round((noShow / outcomes) * 1000) / 1000 };
}

/** Orders placed each day and their value, canceled orders left out (orders_created_totals_idx, index only). */
async function revenuePerDay(db: Executor, r: Instants): Promise<Analytics['revenuePerDay']> {
  const rows = await query<{ date: string; orders: number; amount: string; paid: string | null }>(
    db,
    sql`
      select ${dayText(sql`day`)} as "date", orders::int as "orders", amount::text as "amount", paid::text as "paid"
        from (select ${localDay(sql`created_at`, r.tz)} as day, count(*) as orders, sum(total) as amount,
                     sum(total) filter (where payment_status = 'paid') as paid
                from orders
               where created_at >= ${r.start} and created_at < ${r.end} and status <> 'cancelled'
               group by 1) d`,
  );
  const byDay = new Map(rows.map((x) => [x.date, x]));
  return eachDay(r.from, r.to).map((date) => {
    const x = byDay.get(date);
    return { date, orders: int(x?.orders), amount: money(x?.amount), paid: money(x?.paid) };
  });
}

/**
 * The lines of the range's orders that count as revenue (not canceled), for the item figures. A line carries its
 * order's time (placed_at), so both sides are read by the range: the lines from order_items_placed_idx, the orders
 * from orders_created_totals_idx, each from the index alone.
 */
const revenueLines = (r: Instants) => sql`
  order_items i join orders o on o.id = i.order_id left join products p on p.id = i.product_id
  where i.placed_at >= ${r.start} and i.placed_at < ${r.end}
    and o.created_at >= ${r.start} and o.created_at < ${r.end} and o.status <> 'cancelled'`;

/** Item value by product category. */
async function revenuePerCategory(db: Executor, r: Instants): Promise<Analytics['revenuePerCategory']> {
  const rows = await query<{ category: string; quantity: number; amount: string }>(
    db,
    sql`
      select coalesce(p.category, 'Other') as "category", sum(i.quantity)::int as "quantity",
             sum(i.line_total)::text as "amount"
        from ${revenueLines(r)}
       group by 1
       order by sum(i.line_total) desc, 1`,
  );
  return rows.map((x) => ({ category: x.category, quantity: int(x.quantity), amount: money(x.amount) }));
}

/**
 * The products that brought in the most, by value and then by units (the same reads), under their current name.
 * Products are deactivated, never deleted; a line whose product row is gone anyway is named by its id, so the lines
 * are read from the index alone (the line's own copy of the name is not in it).
 */
async function topProducts(db: Executor, r: Instants): Promise<Analytics['topProducts']> {
  const rows = await query<{ productId: number; name: string; quantity: number; revenue: string }>(
    db,
    sql`
      select i.product_id as "productId", coalesce(p.name, 'Product ' || i.product_id) as "name",
             sum(i.quantity)::int as "quantity", sum(i.line_total)::text as "revenue"
        from ${revenueLines(r)}
       group by i.product_id, p.name
       order by sum(i.line_total) desc, sum(i.quantity) desc, i.product_id
       limit ${TOP_PRODUCTS_LIMIT}`,
  );
  return rows.map((x) => ({
    productId: int(x.productId),
    name: x.name,
    quantity: int(x.quantity),
    revenue: money(x.revenue),
  }));
}

/** Every order placed in the range, canceled ones too, by payment status (orders_created_totals_idx, index only). */
async function ordersByPaymentStatus(db: Executor, r: Instants): Promise<Analytics['ordersByPaymentStatus']> {
  const rows = await query<{ paymentStatus: PaymentStatus; count: number; amount: string }>(
    db,
    sql`
      select payment_status as "paymentStatus", count(*)::int as "count", sum(total)::text as "amount"
        from orders
       where created_at >= ${r.start} and created_at < ${r.end}
       group by 1`,
  );
  const byStatus = new Map(rows.map((x) => [x.paymentStatus, x]));
  return PAYMENT_STATUSES.map((paymentStatus) => {
    const x = byStatus.get(paymentStatus);
    return { paymentStatus, count: int(x?.count), amount: money(x?.amount) };
  });
}

/**
 * Staff's first response: each customer message that starts a wait (the first of the conversation, or the first
 * after a staff message) sent in the range, and the first staff message in that conversation after it, however much
 * later. The customer's messages of the range come from chat_messages_customer_created_idx (partial, index only); the
 * message before each from chat_messages_customer_created_idx; the answer from chat_messages_staff_reply_idx.
 * Median and 90th percentile of the answered ones, for the range and for each day.
 */
async function chatFirstResponse(db: Executor, r: Instants): Promise<Analytics['chatFirstResponse']> {
  const rows = await query<{
    date: string | null;
    waits: number;
    answered: number;
    median: number | null;
    p90: number | null;
  }>(
    db,
    sql`
      with waits as (
        select ${localDay(sql`m.created_at`, r.tz)} as day,
               extract(epoch from (
                 select min(s.created_at) from chat_messages s
                  where s.customer_id = m.customer_id and s.sender_role <> 'user' and s.created_at > m.created_at
               ) - m.created_at)::float8 as secs
          from chat_messages m
         where m.sender_role = 'user' and m.customer_id is not null
           and m.created_at >= ${r.start} and m.created_at < ${r.end}
           and coalesce((select p.sender_role from chat_messages p
                          where p.customer_id = m.customer_id and p.created_at < m.created_at
                          order by p.created_at desc limit 1), '') <> 'user'
      )
      select ${dayText(sql`day`)} as "date", count(*)::int as "waits", count(secs)::int as "answered",
             percentile_cont(0.5) within group (order by secs) as "median",
             percentile_cont(0.9) within group (order by secs) as "p90"
        from waits
       group by grouping sets ((day), ())`,
  );
  const total = rows.find((x) => x.date === null);
  const byDay = new Map(rows.filter((x) => x.date !== null).map((x) => [x.date, x]));
  return {
    waits: int(total?.waits),
    answered: int(total?.answered),
    medianSeconds: seconds(total?.median),
    p90Seconds: seconds(total?.p90),
    perDay: eachDay(r.from, r.to).map((date) => {
      const x = byDay.get(date);
      return { date, waits: int(x?.waits), answered: int(x?.answered), medianSeconds: seconds(x?.median) };
    }),
  };
}

/** Every figure over the rows of the range. */
export async function figuresFromRows(db: Executor, range: Range): Promise<Figures> {
  const r: Instants = {
    ...range,
    start: sql`${dayBounds(range.from, range.tz).start.toISOString()}::timestamptz`,
    end: sql`${dayBounds(range.to, range.tz).end.toISOString()}::timestamptz`,
  };
  const [bookings, visitOutcomes, revenue, categories, top, payments, chat] = await Promise.all([
    bookingsPerDay(db, r),
    visits(db, r),
    revenuePerDay(db, r),
    revenuePerCategory(db, r),
    topProducts(db, r),
    ordersByPaymentStatus(db, r),
    chatFirstResponse(db, r),
  ]);
  return {
    bookingsPerDay: bookings,
    visits: visitOutcomes,
    revenuePerDay: revenue,
    revenuePerCategory: categories,
    topProducts: top,
    ordersByPaymentStatus: payments,
    chatFirstResponse: chat,
  };
}
