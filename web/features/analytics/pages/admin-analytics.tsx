import { useMemo, useState } from 'react';
import type { Analytics } from '#shared/analytics';
import { formatRupees } from '#shared/money';
import { PAYMENT_STATUS_LABELS } from '#shared/orders';
import { Button } from '../../../components/button.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDay } from '#shared/dates';
import { useAnalytics } from '../api/get-analytics.ts';
import { FirstResponseChart, NamedBarsChart, RevenueChart, StackedDaysChart } from '../components/charts.tsx';
import { Figure, type FigureColumn } from '../components/figure.tsx';
import { RangePicker } from '../components/range-picker.tsx';
import { SummaryFigures } from '../components/summary-figures.tsx';
import { csvRupees } from '../lib/csv.ts';
import { formatCount, formatDuration } from '../lib/format.ts';
import { useChosenRange } from '../lib/range.ts';
import { bookingDays, summaryOf, type BookingDay, type BookingGrouping } from '../lib/series.ts';

type RevenueDay = Analytics['revenuePerDay'][number];
type Category = Analytics['revenuePerCategory'][number];
type Product = Analytics['topProducts'][number];
type Payment = Analytics['ordersByPaymentStatus'][number];
type ResponseDay = Analytics['chatFirstResponse']['perDay'][number];

const dayColumn = <Row extends { date: string }>(): FigureColumn<Row> => ({
  id: 'date',
  header: 'Day',
  rowHeader: true,
  cell: (r) => formatDay(r.date),
  csvHeader: 'Date',
  csv: (r) => r.date,
});
const countColumn = <Row,>(id: string, header: string, value: (r: Row) => number): FigureColumn<Row> => ({
  id,
  header,
  align: 'right',
  cell: (r) => formatCount(value(r)),
  csv: (r) => value(r),
});
const moneyColumn = <Row,>(id: string, header: string, value: (r: Row) => number): FigureColumn<Row> => ({
  id,
  header,
  align: 'right',
  cell: (r) => formatRupees(value(r)),
  csvHeader: `${header} (INR)`,
  csv: (r) => csvRupees(value(r)),
});

const REVENUE_COLUMNS: FigureColumn<RevenueDay>[] = [
  dayColumn(),
  countColumn('orders', 'Orders', (r) => r.orders),
  moneyColumn('amount', 'Revenue', (r) => r.amount),
  moneyColumn('paid', 'Paid', (r) => r.paid),
];
const CATEGORY_COLUMNS: FigureColumn<Category>[] = [
  { id: 'category', header: 'Category', rowHeader: true, cell: (r) => r.category, csv: (r) => r.category },
  countColumn('quantity', 'Units', (r) => r.quantity),
  moneyColumn('amount', 'Revenue', (r) => r.amount),
];
const PRODUCT_COLUMNS: FigureColumn<Product>[] = [
  { id: 'name', header: 'Product', rowHeader: true, cell: (r) => r.name, csv: (r) => r.name },
  countColumn('quantity', 'Units', (r) => r.quantity),
  moneyColumn('revenue', 'Revenue', (r) => r.revenue),
];
const PAYMENT_COLUMNS: FigureColumn<Payment>[] = [
  {
    id: 'status',
    header: 'Payment status',
    rowHeader: true,
    cell: (r) => PAYMENT_STATUS_LABELS[r.paymentStatus],
    csv: (r) => PAYMENT_STATUS_LABELS[r.paymentStatus],
  },
  countColumn('count', 'Orders', (r) => r.count),
  moneyColumn('amount', 'Amount', (r) => r.amount),
];
const RESPONSE_COLUMNS: FigureColumn<ResponseDay>[] = [
  dayColumn(),
  countColumn('waits', 'Waits', (r) => r.waits),
  countColumn('answered', 'Answered', (r) => r.answered),
  {
    id: 'median',
    header: 'Median first response',
    align: 'right',
    cell: (r) => formatDuration(r.medianSeconds),
    csvHeader: 'Median first response (seconds)',
    csv: (r) => r.medianSeconds,
  },
];

/** '1 order', '3 orders'. */
const plural = (n: number, noun: string) => `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;

const busiest = <Row,>(rows: Row[], value: (r: Row) => number) =>
  rows.reduce<Row | undefined>((best, r) => (best === undefined || value(r) > value(best) ? r : best), undefined);

/** The figures of one range: headline numbers, then a chart per figure, each with its table and CSV. */
function Figures({ data }: { data: Analytics }) {
  const [grouping, setGrouping] = useState<BookingGrouping>('service');
  const range = { from: data.from, to: data.to };
  const span = `${formatDay(data.from)} to ${formatDay(data.to)}`;
  const summary = summaryOf(data);
  const bookings = useMemo(() => bookingDays(data, grouping), [data, grouping]);
  const bookingColumns = useMemo<FigureColumn<BookingDay>[]>(
    () => [
      dayColumn(),
      ...bookings.series.map((s) => countColumn<BookingDay>(s.key, s.label, (r) => r[s.key] as number)),
      countColumn<BookingDay>('total', 'Total', (r) => r.total),
    ],
    [bookings.series],
  );
  const topDay = busiest(bookings.days, (d) => d.total);
  const topRevenueDay = busiest(data.revenuePerDay, (d) => d.amount);
  // Charts redraw when their rows change: keep the rows the same objects while the figures are.
  const categories = useMemo(
    () => data.revenuePerCategory.map((c) => ({ ...c, name: c.category })),
    [data.revenuePerCategory],
  );
  const payments = useMemo(
    () => data.ordersByPaymentStatus.map((p) => ({ ...p, name: PAYMENT_STATUS_LABELS[p.paymentStatus] })),
    [data.ordersByPaymentStatus],
  );
  const anyOrders = summary.orders > 0;
  const fr = data.chatFirstResponse;

  return (
    <div className="space-y-6">
      <SummaryFigures summary={summary} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Figure
          className="lg:col-span-2"
          title="Bookings per day"
          description={`By appointment day and ${grouping}, canceled bookings included.`}
          summary={`Bookings per day from ${span}, stacked by ${grouping}: ${formatCount(summary.bookings)} in all${
            topDay && topDay.total ? `, most on ${formatDay(topDay.date)} (${formatCount(topDay.total)})` : ''
          }. ${bookings.series.map((s) => `${s.label}: ${formatCount(bookings.days.reduce((n, d) => n + (d[s.key] as number), 0))}`).join(', ')}.`}
          empty={summary.bookings === 0 ? 'No bookings in this range' : undefined}
          controls={
            <div role="group" aria-label="Split bookings by" className="flex gap-1 rounded-md bg-gray-100 p-1">
              {(['service', 'status'] as const).map((g) => (
                <button
                  key={g}
                  type="button"
                  aria-pressed={grouping === g}
                  onClick={() => setGrouping(g)}
                  className={`rounded px-3 py-1 text-sm font-semibold ${grouping === g ? 'bg-white text-ink shadow-sm' : 'text-ink-muted hover:text-ink'}`}
                >
                  By {g}
                </button>
              ))}
            </div>
          }
          chart={<StackedDaysChart rows={bookings.days} series={bookings.series} />}
          columns={bookingColumns}
          rows={bookings.days}
          rowKey={(r) => r.date}
          csvName={`bookings-per-day-by-${grouping}`}
          range={range}
        />
        <Figure
          className="lg:col-span-2"
          title="Revenue per day"
          description="Orders placed each day, canceled orders left out, and the part of them paid so far."
          summary={`Revenue per day from ${span}: ${formatRupees(summary.revenue)} from ${plural(
            summary.orders - summary.cancelledOrders,
            'order',
          )}, ${formatRupees(summary.paid)} of it paid${
            topRevenueDay && topRevenueDay.amount
              ? `; the best day ${formatDay(topRevenueDay.date)} (${formatRupees(topRevenueDay.amount)})`
              : ''
          }.`}
          empty={anyOrders ? undefined : 'No orders in this range'}
          chart={<RevenueChart rows={data.revenuePerDay} />}
          columns={REVENUE_COLUMNS}
          rows={data.revenuePerDay}
          rowKey={(r) => r.date}
          csvName="revenue-per-day"
          range={range}
        />
        <Figure
          title="Revenue per category"
          description="The value of the items ordered, by product category."
          summary={`Revenue per category: ${data.revenuePerCategory.map((c) => `${c.category} ${formatRupees(c.amount)}`).join(', ')}.`}
          empty={data.revenuePerCategory.length ? undefined : 'No orders in this range'}
          chart={<NamedBarsChart rows={categories} valueKey="amount" valueName="Revenue" color="#0f766e" money />}
          columns={CATEGORY_COLUMNS}
          rows={data.revenuePerCategory}
          rowKey={(r) => r.category}
          csvName="revenue-per-category"
          range={range}
        />
        <Figure
          title="Top products"
          description="The products that brought in the most, with the units sold."
          summary={`Top products by revenue: ${data.topProducts.map((p) => `${p.name} ${formatRupees(p.revenue)} (${plural(p.quantity, 'unit')})`).join(', ')}.`}
          empty={data.topProducts.length ? undefined : 'No products sold in this range'}
          chart={
            <NamedBarsChart rows={data.topProducts} valueKey="revenue" valueName="Revenue" color="#7c3aed" money />
          }
          columns={PRODUCT_COLUMNS}
          rows={data.topProducts}
          rowKey={(r) => r.productId}
          csvName="top-products"
          range={range}
        />
        <Figure
          title="Orders by payment status"
          description="Every order placed in the range, canceled ones too, by where its payment stands."
          summary={`Orders by payment status: ${data.ordersByPaymentStatus.map((p) => `${PAYMENT_STATUS_LABELS[p.paymentStatus]} ${formatCount(p.count)}`).join(', ')}.`}
          empty={anyOrders ? undefined : 'No orders in this range'}
          chart={<NamedBarsChart rows={payments} valueKey="count" valueName="Orders" color="#c2410c" />}
          columns={PAYMENT_COLUMNS}
          rows={data.ordersByPaymentStatus}
          rowKey={(r) => r.paymentStatus}
          csvName="orders-by-payment-status"
          range={range}
        />
        <Figure
          title="Chat first response"
          description="How long a customer waited for staff's first answer, by the day the wait began."
          summary={`Chat first response from ${span}: ${plural(fr.waits, 'wait')}, ${formatCount(fr.answered)} answered; median ${formatDuration(
            fr.medianSeconds,
          )}, 9 in 10 within ${formatDuration(fr.p90Seconds)}.`}
          empty={fr.waits ? undefined : 'No customer chat in this range'}
          chart={<FirstResponseChart rows={fr.perDay} />}
          columns={RESPONSE_COLUMNS}
          rows={fr.perDay}
          rowKey={(r) => r.date}
          csvName="chat-first-response"
          range={range}
        />
      </div>
    </div>
  );
}

/** /admin/analytics: the clinic's figures over a chosen range of days, as charts with tables and CSV files. */
export default function AdminAnalyticsPage() {
  const { range, timeZone, choosePreset, chooseCustom } = useChosenRange();
  const query = useAnalytics(range && { from: range.from, to: range.to });
  const asOf = query.dataUpdatedAt
    ? new Date(query.dataUpdatedAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
    : '';

  return (
    <PageShell
      title="Analytics"
      intro={`Bookings, shop and chat over the days you choose, counted in the clinic's time zone${timeZone ? ` (${timeZone})` : ''}.`}
    >
      <div className="space-y-6">
        {range ? <RangePicker chosen={range} onPreset={choosePreset} onCustom={chooseCustom} /> : null}
        {query.isError && !query.data ? (
          <ErrorState
            message={errorMessage(query.error, 'The figures could not be loaded.')}
            onRetry={() => void query.refetch()}
          />
        ) : !query.data ? (
          <LoadingState label="Loading the figures…" />
        ) : (
          <div aria-busy={query.isFetching || undefined} className="space-y-4">
            <div className="themed flex flex-wrap items-center justify-between gap-3">
              <p aria-live="polite">
                {formatDay(query.data.from)} to {formatDay(query.data.to)}
                {asOf && <span className="text-sm"> · figures as of {asOf}</span>}
              </p>
              <Button variant="secondary" size="sm" loading={query.isFetching} onClick={() => void query.refetch()}>
                Refresh
              </Button>
            </div>
            {query.isError && <ErrorState message={errorMessage(query.error, 'The figures could not be refreshed.')} />}
            <Figures data={query.data} />
          </div>
        )}
      </div>
    </PageShell>
  );
}
