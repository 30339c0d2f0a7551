import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay } from '#shared/dates';

/** One point of the weight chart: a day and the weight measured on it. */
export interface WeightPoint {
  date: string;
  /** Days since 1970, so the axis spaces measurements by time, not by count. */
  day: number;
  weightKg: number;
}

const tick = { fontSize: 12, fill: '#4b5563' };
const dayOf = (n: unknown) => formatDay(new Date(Number(n) * 86_400_000).toISOString().slice(0, 10));

/**
 * The pet's weight over time (recharts, as the analytics page draws, loaded in a chunk of its own with the pet's
 * page). Not focusable: its figure presents it as an image with a summary, beside the table of the same weights.
 */
export default function WeightChart({ points }: { points: WeightPoint[] }) {
  return (
    <LineChart
      data={points}
      responsive
      accessibilityLayer={false}
      style={{ width: '100%', height: '100%' }}
      margin={{ top: 8, right: 12, left: 4, bottom: 0 }}
    >
      <CartesianGrid stroke="#e5e7eb" strokeDasharray="3 3" />
      <XAxis
        dataKey="day"
        type="number"
        scale="time"
        domain={['dataMin', 'dataMax']}
        tickFormatter={dayOf}
        tick={tick}
      />
      <YAxis dataKey="weightKg" unit=" kg" tick={tick} width={56} domain={['auto', 'auto']} />
      <Tooltip labelFormatter={dayOf} formatter={(v) => [`${String(v)} kg`, 'Weight']} />
      <Line
        type="monotone"
        dataKey="weightKg"
        name="Weight"
        stroke="#0f766e"
        strokeWidth={2}
        dot={{ r: 3 }}
        isAnimationActive={false}
      />
    </LineChart>
  );
}
