import { memo } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatRupees } from '#shared/money';
import { formatDay } from '#shared/dates';
import { formatCount, formatDuration, formatTick } from '../lib/format.ts';
import type { Series } from '../lib/series.ts';

/**
 * The page's charts (recharts, decision 028). Each fills the box its figure gives it and follows its width (the
 * `responsive` prop), draws without animation, and is not focusable: the figure presents it to assistive technology
 * as an image with a summary, next to its table.
 */

const chartProps = {
  responsive: true,
  accessibilityLayer: false,
  style: { width: '100%', height: '100%' },
  margin: { top: 8, right: 12, left: 4, bottom: 0 },
} as const;
const tick = { fontSize: 12, fill: '#4b5563' };
const grid = <CartesianGrid stroke="#e5e7eb" strokeDasharray="3 3" />;
const compactRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const dayLabel = (date: unknown) => formatDay(String(date));
/**
 * Every how many days a day axis names a day: about seven names, whatever the range, so they fit at 390 px. A fixed
 * step also spares recharts measuring every label to decide which fit, most of a chart's drawing time.
 */
const dayInterval = (days: number) => Math.max(0, Math.ceil(days / 7) - 1);
/** Legend names in the text colour (the swatch carries the series colour), readable on white. */
const legend = (
  <Legend wrapperStyle={{ fontSize: 12 }} formatter={(name) => <span className="text-ink">{name}</span>} />
);
/** Long names on a category axis are cut, so the bars keep their room at 390 px; the table has them whole. */
const shortName = (name: string) => (name.length > 16 ? `${name.slice(0, 15)}…` : name);

/** Counts per day, stacked by series. */
function StackedDaysChartDrawing<Row extends { date: string }>({ rows, series }: { rows: Row[]; series: Series[] }) {
  return (
    <BarChart data={rows} {...chartProps}>
      {grid}
      <XAxis dataKey="date" tickFormatter={formatTick} tick={tick} interval={dayInterval(rows.length)} />
      <YAxis allowDecimals={false} tick={tick} width={36} interval={0} />
      <Tooltip labelFormatter={dayLabel} />
      {legend}
      {series.map((s) => (
        <Bar
          key={s.key}
          dataKey={s.key}
          name={s.label}
          stackId="day"
          fill={s.color}
          maxBarSize={48}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}

/** Revenue per day as an area, with the part already paid as a line over it. */
function RevenueChartDrawing({ rows }: { rows: { date: string; amount: number; paid: number }[] }) {
  return (
    <AreaChart data={rows} {...chartProps}>
      {grid}
      <XAxis dataKey="date" tickFormatter={formatTick} tick={tick} interval={dayInterval(rows.length)} />
      <YAxis tickFormatter={(v: number) => compactRupees.format(v)} tick={tick} width={56} interval={0} />
      <Tooltip labelFormatter={dayLabel} formatter={(v) => formatRupees(Number(v))} />
      {legend}
      <Area type="monotone" dataKey="amount" name="Revenue" stroke="#0f766e" fill="#99f6e4" isAnimationActive={false} />
      <Area
        type="monotone"
        dataKey="paid"
        name="Paid"
        stroke="#7c3aed"
        fill="none"
        strokeDasharray="5 3"
        isAnimationActive={false}
      />
    </AreaChart>
  );
}

/** One horizontal bar per named item (categories, products, payment statuses). */
function NamedBarsChartDrawing<Row extends { name: string }>({
  rows,
  valueKey,
  valueName,
  color,
  money = false,
}: {
  rows: Row[];
  valueKey: keyof Row & string;
  valueName: string;
  color: string;
  money?: boolean;
}) {
  const format = (v: unknown) => (money ? formatRupees(Number(v)) : formatCount(Number(v)));
  return (
    <BarChart data={rows} layout="vertical" {...chartProps}>
      {grid}
      <XAxis
        type="number"
        tick={tick}
        interval={0}
        allowDecimals={money}
        tickFormatter={(v: number) => (money ? compactRupees.format(v) : formatCount(v))}
      />
      <YAxis type="category" dataKey="name" tick={tick} width={112} tickFormatter={shortName} interval={0} />
      <Tooltip formatter={format} />
      <Bar
        dataKey={(r: Row) => r[valueKey] as number}
        name={valueName}
        fill={color}
        maxBarSize={32}
        isAnimationActive={false}
      />
    </BarChart>
  );
}

/** The median first response per day; a day without an answered wait is a gap, not a zero. */
function FirstResponseChartDrawing({ rows }: { rows: { date: string; medianSeconds: number | null }[] }) {
  return (
    <LineChart data={rows} {...chartProps}>
      {grid}
      <XAxis dataKey="date" tickFormatter={formatTick} tick={tick} interval={dayInterval(rows.length)} />
      <YAxis tickFormatter={(v: number) => formatDuration(v)} tick={tick} width={72} interval={0} />
      <Tooltip labelFormatter={dayLabel} formatter={(v) => formatDuration(Number(v))} />
      <Line
        type="monotone"
        dataKey="medianSeconds"
        name="Median first response"
        stroke="#0f766e"
        strokeWidth={2}
        dot={{ r: 2 }}
        isAnimationActive={false}
      />
    </LineChart>
  );
}

// Each chart draws again only when its own rows change, not whenever the page does (a chart's drawing is costly).
export const StackedDaysChart = memo(StackedDaysChartDrawing) as typeof StackedDaysChartDrawing;
export const RevenueChart = memo(RevenueChartDrawing);
export const NamedBarsChart = memo(NamedBarsChartDrawing) as typeof NamedBarsChartDrawing;
export const FirstResponseChart = memo(FirstResponseChartDrawing);
