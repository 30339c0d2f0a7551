import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { formatDay, todayIn } from '#shared/dates';
import { WeightBodySchema, type WeightEntry } from '#shared/pet-record';
import { Button } from '../../../../components/button.tsx';
import { DataTable, type Column } from '../../../../components/data-table.tsx';
import { Dialog } from '../../../../components/dialog.tsx';
import { SelectField, TextField } from '../../../../components/field.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/states.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useClinicTimeZone } from '../../../../lib/clinic-time.ts';
import { usePetWeights, useRecordWeight } from '../../api/record.ts';
import { RecordSection } from './record-section.tsx';
import type { WeightPoint } from './weight-chart.tsx';

// recharts comes in a chunk of its own, fetched when a pet page has weights to draw.
const WeightChart = lazy(() => import('./weight-chart.tsx'));

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/** The weights a chart draws: those no later entry corrected, oldest first. */
function chartPoints(entries: readonly WeightEntry[]): WeightPoint[] {
  return entries
    .filter((e) => e.correctedById === null)
    .map((e) => ({ date: e.measuredOn, day: dayNumber(e.measuredOn), weightKg: e.weightKg }))
    .sort((a, b) => a.day - b.day);
}

/** The chart in words, for screen readers: how many weights, from when to when, and the first and last. */
function summaryOf(points: WeightPoint[], petName: string): string {
  const first = points[0]!;
  const last = points.at(-1)!;
  if (points.length === 1) return `${petName} weighed ${first.weightKg} kg on ${formatDay(first.date)}.`;
  return `Weight of ${petName}: ${points.length} measurements from ${formatDay(first.date)} (${first.weightKg} kg) to ${formatDay(last.date)} (${last.weightKg} kg).`;
}

/** Staff record a weight, or correct one (the corrected entry stays, marked). */
function WeightForm({
  petId,
  correcting,
  onDone,
}: {
  petId: string;
  correcting: WeightEntry | null;
  onDone: () => void;
}) {
  const tz = useClinicTimeZone();
  const [weight, setWeight] = useState(correcting ? String(correcting.weightKg) : '');
  const [on, setOn] = useState(correcting?.measuredOn ?? todayIn(tz));
  const [bcs, setBcs] = useState(correcting?.bodyCondition ? String(correcting.bodyCondition) : '');
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const save = useRecordWeight(petId);

  const submit = () => {
    const body = WeightBodySchema.safeParse({
      weightKg: weight.trim() === '' ? undefined : Number(weight),
      measuredOn: on,
      bodyCondition: bcs ? Number(bcs) : null,
      correctsId: correcting?.id ?? null,
    });
    if (!body.success) {
      const issue = body.error.issues[0]!;
      setProblem({ field: String(issue.path[0] ?? ''), message: issue.message });
      return;
    }
    setProblem(null);
    save.mutate(
      { ...body.data },
      {
        onSuccess: onDone,
        onError: (err) => setProblem({ message: errorMessage(err, 'Could not record the weight. Please try again.') }),
      },
    );
  };
  const errorFor = (field: string) => (problem?.field === field ? problem.message : undefined);

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {problem && !problem.field && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900 ring-1 ring-red-200">
          {problem.message}
        </p>
      )}
      <TextField
        label="Weight (kg)"
        inputMode="decimal"
        autoComplete="off"
        value={weight}
        onChange={(e) => setWeight(e.target.value)}
        error={errorFor('weightKg')}
      />
      <TextField
        label="Measured on"
        type="date"
        value={on}
        onChange={(e) => setOn(e.target.value)}
        error={errorFor('measuredOn')}
      />
      <SelectField
        label="Body condition score"
        hint="1 (emaciated) to 9 (obese); 4 to 5 is ideal"
        value={bcs}
        onChange={(e) => setBcs(e.target.value)}
        error={errorFor('bodyCondition')}
      >
        <option value="">Not scored</option>
        {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => (
          <option key={n} value={n}>
            {n} of 9
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {correcting ? 'Save correction' : 'Record weight'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The pet's weight history (owner and staff): a chart of the weights over time, drawn lazily, with the table of the
 * same weights behind it for screen readers and anyone who prefers numbers. Staff record weights and correct them.
 */
export function WeightsSection({ petId, petName, staff }: { petId: string; petName: string; staff: boolean }) {
  const weights = usePetWeights(petId);
  const [form, setForm] = useState<{ correcting: WeightEntry | null } | null>(null);
  const tableId = useId();
  const points = useMemo(() => chartPoints(weights.data ?? []), [weights.data]);

  const columns: Column<WeightEntry>[] = [
    { id: 'date', header: 'Date', rowHeader: true, cell: (w) => formatDay(w.measuredOn) },
    {
      id: 'weight',
      header: 'Weight',
      cell: (w) =>
        w.correctedById ? (
          <span>
            <s>{w.weightKg} kg</s> <span className="text-ink-muted">(corrected)</span>
          </span>
        ) : (
          `${w.weightKg} kg`
        ),
    },
    { id: 'bcs', header: 'Body condition', cell: (w) => (w.bodyCondition ? `${w.bodyCondition} of 9` : '—') },
    {
      id: 'source',
      header: 'Recorded',
      cell: (w) =>
        `${w.source === 'visit' ? 'At a visit' : 'Weighed'}${w.recordedByName ? `, ${w.recordedByName}` : ''}${w.correctsId ? ' (correction)' : ''}`,
    },
    ...(staff
      ? [
          {
            id: 'actions',
            header: 'Actions',
            hideHeader: true,
            cell: (w: WeightEntry) =>
              w.correctedById ? null : (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setForm({ correcting: w })}
                  aria-label={`Correct the weight of ${formatDay(w.measuredOn)}`}
                >
                  Correct
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <RecordSection
      title="Weight"
      intro="Every visit's weight and the weights recorded on their own."
      actions={
        staff ? (
          <Button size="sm" variant="secondary" onClick={() => setForm({ correcting: null })}>
            Record a weight
          </Button>
        ) : undefined
      }
    >
      {weights.isPending ? (
        <LoadingState label="Loading the weights…" />
      ) : weights.isError ? (
        <ErrorState
          message={errorMessage(weights.error, 'Could not load the weights.')}
          onRetry={() => void weights.refetch()}
        />
      ) : weights.data.length === 0 ? (
        <EmptyState title="No weights recorded yet." />
      ) : (
        <>
          <div role="img" aria-label={summaryOf(points, petName)} className="h-56 w-full sm:h-64">
            <Suspense fallback={<LoadingState label="Drawing the chart…" />}>
              <WeightChart points={points} />
            </Suspense>
          </div>
          <details className="mt-3" open={staff}>
            <summary className="cursor-pointer font-semibold text-brand-800 hover:underline" id={tableId}>
              Weights as a table
            </summary>
            <div
              role="region"
              aria-labelledby={tableId}
              tabIndex={0}
              className="mt-2 max-h-96 overflow-auto rounded-md focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <DataTable
                variant="plain"
                caption={`Weights of ${petName}`}
                columns={columns}
                rows={weights.data}
                rowKey={(w) => w.id}
              />
            </div>
          </details>
        </>
      )}
      <Dialog
        open={form !== null}
        title={form?.correcting ? 'Correct a weight' : `Record a weight for ${petName}`}
        onClose={() => setForm(null)}
      >
        {form && <WeightForm petId={petId} correcting={form.correcting} onDone={() => setForm(null)} />}
      </Dialog>
    </RecordSection>
  );
}
