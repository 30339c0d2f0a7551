import { useId, useState } from 'react';
import {
  PET_ALERT_KINDS,
  PET_ALERT_KIND_LABELS,
  PET_ALERTS_MAX,
  PetAlertsBodySchema,
  type PetAlert,
  type PetAlertKind,
} from '#shared/pet-alerts';
import { Button } from '../../../../components/button.tsx';
import { Dialog } from '../../../../components/dialog.tsx';
import { SelectField, TextField } from '../../../../components/field.tsx';
import { PetAlertList } from '../../../../components/pet-alerts.tsx';
import { ErrorState, LoadingState } from '../../../../components/states.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useFormatInstant } from '../../../../lib/clinic-time.ts';
import { usePetAlerts, useSetPetAlerts } from '../../api/record.ts';
import { RecordSection } from './record-section.tsx';

interface Row {
  key: number;
  kind: PetAlertKind;
  text: string;
}

let nextKey = 1;
const rowOf = (a?: PetAlert): Row => ({ key: nextKey++, kind: a?.kind ?? 'allergy', text: a?.text ?? '' });

/** Staff change the pet's whole list of alerts: a kind and a text per alert, added and removed row by row. */
function AlertsForm({
  petId,
  petName,
  current,
  onDone,
}: {
  petId: string;
  petName: string;
  current: PetAlert[];
  onDone: () => void;
}) {
  const [rows, setRows] = useState<Row[]>(() => current.map(rowOf));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetPetAlerts(petId);
  const change = (key: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = () => {
    const body = PetAlertsBodySchema.safeParse({ alerts: rows.map(({ kind, text }) => ({ kind, text })) });
    if (!body.success) {
      setProblem(body.error.issues[0]!.message);
      return;
    }
    setProblem(null);
    save.mutate(body.data, {
      onSuccess: onDone,
      onError: (err) => setProblem(errorMessage(err, 'Could not save the alerts. Please try again.')),
    });
  };

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900 ring-1 ring-red-200">
          {problem}
        </p>
      )}
      {rows.length === 0 && <p className="text-sm text-ink-muted">{petName} has no alerts. Add one below.</p>}
      <ul className="space-y-3">
        {rows.map((r, i) => (
          <li key={r.key} className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
            <SelectField
              label={`Alert ${i + 1} kind`}
              value={r.kind}
              onChange={(e) => change(r.key, { kind: e.target.value as PetAlertKind })}
            >
              {PET_ALERT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {PET_ALERT_KIND_LABELS[k]}
                </option>
              ))}
            </SelectField>
            <TextField
              label={`Alert ${i + 1} text`}
              value={r.text}
              maxLength={200}
              onChange={(e) => change(r.key, { text: e.target.value })}
            />
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
              aria-label={`Remove alert ${i + 1}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-between gap-3 pt-2">
        <Button
          variant="secondary"
          onClick={() => setRows((rs) => [...rs, rowOf()])}
          disabled={rows.length >= PET_ALERTS_MAX}
        >
          Add an alert
        </Button>
        <div className="flex gap-3">
          <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save alerts
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * Staff only: the pet's alerts (allergy, behaviour, condition, medication) with a button to change them, and the
 * earlier lists with who set them.
 */
export function AlertsSection({ petId, petName, canEdit }: { petId: string; petName: string; canEdit: boolean }) {
  const alerts = usePetAlerts(petId, true);
  const [editing, setEditing] = useState(false);
  const formatInstant = useFormatInstant();
  const historyId = useId();

  return (
    <RecordSection
      title="Alerts"
      intro="What staff must know before they meet the pet. Customers do not see these."
      actions={
        canEdit && alerts.data ? (
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            Change alerts
          </Button>
        ) : undefined
      }
    >
      {alerts.isPending ? (
        <LoadingState label="Loading the alerts…" />
      ) : alerts.isError ? (
        <ErrorState
          message={errorMessage(alerts.error, 'Could not load the alerts.')}
          onRetry={() => void alerts.refetch()}
        />
      ) : (
        <>
          {alerts.data.alerts.length === 0 ? (
            <p className="text-ink-muted">No alerts.</p>
          ) : (
            <PetAlertList alerts={alerts.data.alerts} petName={petName} />
          )}
          {alerts.data.history.length > 1 && (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer font-medium" id={historyId}>
                Earlier alerts ({alerts.data.history.length - 1})
              </summary>
              <ol className="mt-2 space-y-2" aria-labelledby={historyId}>
                {alerts.data.history.slice(1).map((h) => (
                  <li key={h.id}>
                    <span className="text-ink-muted">
                      {formatInstant(h.setAt)}, {h.setByName}:
                    </span>{' '}
                    {h.alerts.length
                      ? h.alerts.map((a) => `${PET_ALERT_KIND_LABELS[a.kind]}: ${a.text}`).join('; ')
                      : 'no alerts'}
                  </li>
                ))}
              </ol>
            </details>
          )}
        </>
      )}
      <Dialog open={editing} title={`Alerts for ${petName}`} onClose={() => setEditing(false)}>
        {editing && alerts.data && (
          <AlertsForm petId={petId} petName={petName} current={alerts.data.alerts} onDone={() => setEditing(false)} />
        )}
      </Dialog>
    </RecordSection>
  );
}
