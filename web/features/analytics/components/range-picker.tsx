import { useRef, useState, type FormEvent } from 'react';
import { ANALYTICS_MSG, ANALYTICS_PRESETS, rangeProblem } from '#shared/analytics';
import { isRealDate } from '#shared/dates';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import type { ChosenRange, Preset } from '../lib/range.ts';

const pressed = 'bg-brand-700 text-white border-brand-700 hover:bg-brand-800';
const notPressed = 'bg-white text-ink border-gray-300 hover:bg-gray-50';

/** The range buttons (the last 7, 30 or 90 days, or a custom range) and the custom range's two dates. */
export function RangePicker({
  chosen,
  onPreset,
  onCustom,
}: {
  chosen: ChosenRange;
  onPreset: (preset: Preset) => void;
  onCustom: (range: { from: string; to: string }) => void;
}) {
  const [customOpen, setCustomOpen] = useState(chosen.preset === null);
  const [from, setFrom] = useState(chosen.from);
  const [to, setTo] = useState(chosen.to);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);

  const openCustom = () => {
    setFrom(chosen.from);
    setTo(chosen.to);
    setErrors({});
    setCustomOpen(true);
    // The form is drawn by this click; its first field takes the focus once it is there.
    setTimeout(() => fromRef.current?.focus(), 0);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: { from?: string; to?: string } = {};
    if (!isRealDate(from)) next.from = 'Enter the first day of the range.';
    if (!isRealDate(to)) next.to = 'Enter the last day of the range.';
    if (!next.from && !next.to) {
      const problem = rangeProblem(from, to);
      if (problem === ANALYTICS_MSG.fromAfterTo) next.to = 'The last day must be on or after the first day.';
      else if (problem) next.to = problem;
    }
    setErrors(next);
    if (next.from) fromRef.current?.focus();
    else if (next.to) toRef.current?.focus();
    else onCustom({ from, to });
  };

  const button = (label: string, isPressed: boolean, onClick: () => void) => (
    <button
      key={label}
      type="button"
      aria-pressed={isPressed}
      onClick={onClick}
      className={`rounded-md border px-3 py-1.5 text-sm font-semibold shadow-sm ${isPressed ? pressed : notPressed}`}
    >
      {label}
    </button>
  );

  return (
    <div className="rounded-xl bg-white p-4 text-ink shadow-sm ring-1 ring-black/5 sm:p-6">
      <div role="group" aria-label="Range" className="flex flex-wrap gap-2">
        {ANALYTICS_PRESETS.map((days) =>
          button(`Last ${days} days`, !customOpen && chosen.preset === days, () => {
            setCustomOpen(false);
            onPreset(days);
          }),
        )}
        {button('Custom range', customOpen, openCustom)}
      </div>
      {customOpen && (
        <form
          onSubmit={submit}
          noValidate
          aria-label="Custom range"
          className="mt-4 grid items-start gap-4 sm:grid-cols-[1fr_1fr_auto]"
        >
          <TextField
            ref={fromRef}
            type="date"
            label="From"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            error={errors.from}
          />
          <TextField
            ref={toRef}
            type="date"
            label="To"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={errors.to}
          />
          <Button type="submit" className="sm:mt-6">
            Show
          </Button>
        </form>
      )}
    </div>
  );
}
