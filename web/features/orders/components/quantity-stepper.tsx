import { useEffect, useId, useState } from 'react';
import { ORDER_QTY_MAX } from '#shared/orders';

/**
 * Quantity with − and + buttons; never below 1 (spec) nor above `max` (the order limit, or the units in stock). A
 * quantity already above `max` (stock ran low since it was chosen) may only go down.
 */
export function QuantityStepper({
  value,
  onChange,
  productName,
  max = ORDER_QTY_MAX,
}: {
  value: number;
  onChange: (n: number) => void;
  productName: string;
  max?: number;
}) {
  const id = useId();
  // The field may be briefly empty while someone types a new number; the quantity itself stays valid.
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const clamp = (n: number) => Math.min(max, Math.max(1, Math.trunc(n) || 1));
  const btn =
    'h-10 w-10 rounded-md border border-gray-300 bg-white text-lg font-bold text-ink hover:bg-gray-50 disabled:opacity-50';
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        Quantity <span className="sr-only">of {productName}</span>
      </label>
      <div className="mt-1 flex items-center gap-2">
        <button
          type="button"
          className={btn}
          onClick={() => onChange(clamp(Math.min(value, max + 1) - 1))}
          disabled={value <= 1}
          aria-label={`Decrease quantity of ${productName}`}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            const n = Number(e.target.value);
            if (e.target.value !== '' && Number.isInteger(n) && n >= 1 && n <= max && n !== value) onChange(n);
          }}
          onBlur={() => {
            const n = clamp(Number(text));
            setText(String(n));
            if (n !== value) onChange(n);
          }}
          className="h-10 w-16 rounded-md border border-gray-300 text-center text-ink"
        />
        <button
          type="button"
          className={btn}
          onClick={() => onChange(clamp(value + 1))}
          disabled={value >= max}
          aria-label={`Increase quantity of ${productName}`}
        >
          +
        </button>
      </div>
      <p className="mt-1 text-xs text-ink-muted">From 1 to {max}.</p>
    </div>
  );
}
