import { sql, type SQL } from 'drizzle-orm';
import { eachDay, TOP_PRODUCTS_LIMIT, type Analytics } from '#shared/analytics';
import { PAYMENT_STATUSES, type PaymentStatus } from '#shared/orders';
import { type BookingStatus } from '#shared/bookings';
import { addDays } from '#shared/dates';
import type { Executor } from '../db/client.ts';
import { int, money, query, seconds, type Figures, type Range } from './figures.ts';

/**
 * The figures read from the per-day summaries the database keeps as rows are written (decision 048): each statement
 * reads a few rows per day of the range, however many bookings, orders or messages a day held, and says exactly what
 * the same figure counted over the rows says (./from-rows.ts; server/analytics/summaries.test.ts holds them to it).
 */

/** The range's days, both ends included. */
const inRange = (column: SQL, r: Range) => sql`${column} between ${r.from}::date and ${r.to}::date`;
const dayText = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

/** The first day of a date's month. */
const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * The rows of a summary kept per day and per month (`span`) that cover the range once: its whole months, from `fm`
 * (the first month starting in it) up to `tm` (the month holding the day after it), a row per month; the days
 * before and after them a row per day. A range without a whole month reads its days.
 */
function daysAndMonths(table: string, r: Range): SQL {
  const fm = r.from.endsWith('-01') ? r.from : monthOf(addDays(monthOf(r.from), 31));
  const tm = monthOf(addDays(r.to, 1));
  const t = sql.raw(table);
  if (fm >= tm) return sql`(${t}.span = 'day' and ${inRange(sql`${t}.day`, r)})`;
  // Two runs of days, each read from the index by its bounds (empty when the range starts or ends with a month).
  return sql`((${t}.span = 'month' and ${t}.day >= ${fm}::date and ${t}.day < ${tm}::date)
    or (${t}.span = 'day' and ${t}.day >= ${r.from}::date and ${t}.day < ${fm}::date)
    or (${t}.span = 'day' and ${t}.day >= ${tm}::date and ${t}.day <= ${r.to}::date))`;
}

/** Bookings by appointment day, service and status: the combinations that occur. */
async function bookingsPerDay(db: Executor, r: Range): Promise<Analytics['bookingsPerDay']> {
  const rows = await query<{ date: string; serviceId: string; serviceName: string; status: BookingStatus; n: number }>(
    db,
    sql`
      select ${dayText(sql`d.day`)} as "date", d.service_id as "serviceId", s.name as "serviceName", d.status,
             d.bookings as "n"
        from analytics_booking_days d join services s on s.id = d.service_id
       where ${inRange(sql`d.day`, r)} and d.bookings > 0
       order by d.day, s.sort_order, s.name, d.status`,
  );
  return rows.map((x) => ({
    date: x.date,
    serviceId: x.serviceId,
    serviceName: x.serviceName,
    status: x.status,
    count: int(x.n),
  }));
}

/** Completed and missed visits due in the range. */
async function visits(db: Executor, r: Range): Promise<Analytics['visits']> {
  const [row] = await query<{ completed: number | null; noShow: number | null }>(
    db,
    sql`
      select sum(bookings) filter (where status = 'completed')::int as "completed",
             sum(bookings) filter (where status = 'no_show')::int as "noShow"
        from analytics_booking_days
       where ${inRange(sql`day`, r)} and status in ('completed', 'no_show')`,
  );
  const completed = int(row?.completed);
  const noShow = int(row?.noShow);
  const outcomes = completed + noShow;
  return { completed, noShow, noShowRate: outcomes === 0 ? null : Math.round((noShow / outcomes) * 1000) / 1000 };
}

/** Orders placed each day and their value, cancelled ones left out; beside it the part paid. */
async function revenuePerDay(db: Executor, r: Range): Promise<Analytics['revenuePerDay']> {
  const rows = await query<{ date: string; orders: number; amount: string | null; paid: string | null }>(
    db,
    sql`
      select ${dayText(sql`day`)} as "date", sum(orders)::int as "orders", sum(amount)::text as "amount",
             sum(amount) filter (where payment_status = 'paid')::text as "paid"
        from analytics_order_days
       where ${inRange(sql`day`, r)} and not cancelled
       group by day`,
  );
  const byDay = new Map(rows.map((x) => [x.date, x]));
  return eachDay(r.from, r.to).map((date) => {
    const x = byDay.get(date);
    return { date, orders: int(x?.orders), amount: money(x?.amount), paid: money(x?.paid) };
  });
}

/**
 * The range's lines of orders not cancelled, added up per product first (a row per product), then joined with the
 * product's current name and category.
 */
const productTotals = (r: Range) => sql`
  (select d.product_id, sum(d.quantity) as quantity, sum(d.amount) as amount
     from analytics_product_days d
    where ${daysAndMonths('d', r)}
    group by d.product_id
   having sum(d.quantity) > 0) x
  left join products p on p.id = x.product_id`;

/** Item value by product category, largest first. */
async function revenuePerCategory(db: Executor, r: Range): Promise<Analytics['revenuePerCategory']> {
  const rows = await query<{ category: string; quantity: number; amount: string }>(
    db,
    sql`
      select coalesce(p.category, 'Other') as "category", sum(x.quantity)::int as "quantity",
             sum(x.amount)::text as "amount"
        from ${productTotals(r)}
       group by 1
       order by sum(x.amount) desc, 1`,
  );
  return rows.map((x) => ({ category: x.category, quantity: int(x.quantity), amount: money(x.amount) }));
}

/** The products that brought in the most, by value and then by units, under their current name. */
async function topProducts(db: Executor, r: Range): Promise<Analytics['topProducts']> {
  const rows = await query<{ productId: number; name: string; quantity: number; revenue: string }>(
    db,
    sql`
      select x.product_id as "productId", coalesce(p.name, 'Product ' || x.product_id) as "name",
             x.quantity::int as "quantity", x.amount::text as "revenue"
        from ${productTotals(r)}
       order by x.amount desc, x.quantity desc, x.product_id
       limit ${TOP_PRODUCTS_LIMIT}`,
  );
  return rows.map((x) => ({
    productId: int(x.productId),
    name: x.name,
    quantity: int(x.quantity),
    revenue: money(x.revenue),
  }));
}

/** Every order placed in the range, cancelled ones too, by payment status. */
async function ordersByPaymentStatus(db: Executor, r: Range): Promise<Analytics['ordersByPaymentStatus']> {
  const rows = await query<{ paymentStatus: PaymentStatus; count: number; amount: string }>(
    db,
    sql`
      select payment_status as "paymentStatus", sum(orders)::int as "count", sum(amount)::text as "amount"
        from analytics_order_days
       where ${inRange(sql`day`, r)}
       group by 1`,
  );
  const byStatus = new Map(rows.map((x) => [x.paymentStatus, x]));
  return PAYMENT_STATUSES.map((paymentStatus) => {
    const x = byStatus.get(paymentStatus);
    return { paymentStatus, count: int(x?.count), amount: money(x?.amount) };
  });
}

/** Where the `p` percentile of `n` ascending values lies, as PostgreSQL's percentile_cont finds it. */
function percentileRanks(p: number, n: number): { lo: number; hi: number; fraction: number } {
  const position = p * (n - 1);
  const lo = Math.floor(position);
  return { lo, hi: Math.ceil(position), fraction: position - lo };
}

/**
 * The answered waits of the range at the given ranks (0 = the shortest), without reading them: the buckets' counts
 * over the range say which bucket holds each rank and how many shorter waits lie in the buckets below it; the counts
 * of that bucket's exact values over the range say which value the rank falls on.
 */
async function waitsAtRanks(db: Executor, r: Range, ranks: number[]): Promise<Map<number, number>> {
  const rows = await query<{ rank: number; seconds: number | null }>(
    db,
    sql`
      with buckets as (
        select c.bucket, sum(c.answered)::int as n
          from analytics_chat_wait_buckets c
         where ${daysAndMonths('c', r)}
         group by c.bucket
        having sum(c.answered) > 0
      ), below as (
        select bucket, n, (sum(n) over (order by bucket) - n)::int as shorter from buckets
      )
      select k.rank as "rank",
             (select x.seconds
                from (select v.seconds, sum(sum(v.answered)) over (order by v.seconds) as upto
                        from analytics_chat_wait_values v
                       where v.bucket = b.bucket and ${daysAndMonths('v', r)}
                       group by v.seconds) x
               where x.upto > k.rank - b.shorter
               order by x.seconds limit 1) as "seconds"
        from unnest(${`{${ranks.join(',')}}`}::int[]) as k(rank)
        join below b on k.rank >= b.shorter and k.rank < b.shorter + b.n`,
  );
  return new Map(rows.map((x) => [int(x.rank), Number(x.seconds)]));
}

/**
 * Staff's first response: the range's waits per day (counts and median kept per day), and the median and 90th
 * percentile over the whole range from the waits at the ranks they fall on, interpolated as percentile_cont does.
 */
async function chatFirstResponse(db: Executor, r: Range): Promise<Analytics['chatFirstResponse']> {
  const days = await query<{ date: string; waits: number; answered: number; median: number | null }>(
    db,
    sql`
      select ${dayText(sql`day`)} as "date", waits, answered, median_seconds as "median"
        from analytics_chat_days
       where ${inRange(sql`day`, r)} and waits > 0`,
  );
  const waits = days.reduce((n, d) => n + int(d.waits), 0);
  const answered = days.reduce((n, d) => n + int(d.answered), 0);
  let medianSeconds: number | null = null;
  let p90Seconds: number | null = null;
  if (answered > 0) {
    const median = percentileRanks(0.5, answered);
    const p90 = percentileRanks(0.9, answered);
    const values = await waitsAtRanks(db, r, [...new Set([median.lo, median.hi, p90.lo, p90.hi])]);
    const at = ({ lo, hi, fraction }: ReturnType<typeof percentileRanks>) => {
      const low = values.get(lo)!;
      return hi > lo ? low + fraction * (values.get(hi)! - low) : low;
    };
    medianSeconds = seconds(at(median));
    p90Seconds = seconds(at(p90));
  }
  const byDay = new Map(days.map((x) => [x.date, x]));
  return {
    waits,
    answered,
    medianSeconds,
    p90Seconds,
    perDay: eachDay(r.from, r.to).map((date) => {
      const x = byDay.get(date);
      return { date, waits: int(x?.waits), answered: int(x?.answered), medianSeconds: seconds(x?.median) };
    }),
  };
}

/** Every figure from the summaries of the range's days. */
export async function figuresFromSummaries(db: Executor, r: Range): Promise<Figures> {
  // Independent reads: on PostgreSQL they run side by side on the pool; PGlite takes them one after the other.
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
