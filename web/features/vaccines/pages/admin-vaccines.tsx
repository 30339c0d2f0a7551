import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { VACCINE_KIND_LABEL, type Vaccine } from '#shared/vaccines';
import { ActiveBadge } from '../../../components/active-badge.tsx';
import { Button } from '../../../components/button.tsx';
import { CardsOrTable } from '../../../components/cards-or-table.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { RowMenu } from '../../../components/row-menu.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useVaccines } from '../../../lib/care.ts';
import { useSaveVaccine, VaccineFormDialog } from '../components/vaccine-form-dialog.tsx';

const SPECIES_WORDS: Record<string, string> = {
  dog: 'dogs',
  cat: 'cats',
  bird: 'birds',
  rabbit: 'rabbits',
  fish: 'fish',
  other: 'other pets',
};

/** The protocol in words: '3 doses 21 days apart, then every 365 days'. */
function protocolText(v: Vaccine): string {
  const series = v.seriesDoses === 1 ? '1 dose' : `${v.seriesDoses} doses ${v.seriesIntervalDays} days apart`;
  return `${series}, then every ${v.boosterIntervalDays} days`;
}

const speciesText = (v: Vaccine) => v.species.map((s) => SPECIES_WORDS[s] ?? s).join(', ');

/** /admin/vaccines: the catalogue of vaccines and preventive treatments with their protocols (retired ones too). */
export default function AdminVaccinesPage() {
  const query = useVaccines({ all: true });
  const save = useSaveVaccine();
  const [editing, setEditing] = useState<Vaccine | null | undefined>(undefined);
  const [busyId, setBusyId] = useState<string | null>(null);

  const setActive = async (v: Vaccine, active: boolean) => {
    setBusyId(v.id);
    try {
      await save.mutateAsync({ id: v.id, body: { active } });
      toast.success(active ? `${v.name} is in use again` : `${v.name} retired`);
    } catch (err) {
      toast.error(errorMessage(err, `Could not change ${v.name}`));
    } finally {
      setBusyId(null);
    }
  };

  const actions = (v: Vaccine) => (
    <div className="flex justify-end">
      <RowMenu
        label={`More actions for ${v.name}`}
        busy={busyId === v.id}
        items={[
          { label: 'Edit', ariaLabel: `Edit ${v.name}`, onSelect: () => setEditing(v) },
          v.active
            ? { label: 'Retire', ariaLabel: `Retire ${v.name}`, danger: true, onSelect: () => void setActive(v, false) }
            : { label: 'Bring back', ariaLabel: `Bring back ${v.name}`, onSelect: () => void setActive(v, true) },
        ]}
      />
    </div>
  );

  const columns: Column<Vaccine>[] = [
    { id: 'name', header: 'Name', rowHeader: true, cell: (v) => v.name },
    { id: 'kind', header: 'Kind', cell: (v) => VACCINE_KIND_LABEL[v.kind] },
    { id: 'species', header: 'Given to', cell: speciesText },
    { id: 'protocol', header: 'Protocol', cell: protocolText },
    { id: 'status', header: 'Status', cell: (v) => <ActiveBadge active={v.active} /> },
    { id: 'actions', header: 'Actions', hideHeader: true, cell: actions },
  ];

  const list = query.data ?? [];
  let body;
  if (query.isPending) body = <LoadingState label="Loading vaccines…" />;
  else if (query.isError)
    body = <ErrorState message="Could not load the vaccines." onRetry={() => void query.refetch()} />;
  else if (list.length === 0)
    body = <EmptyState title="No vaccines yet">Add the first vaccine or treatment.</EmptyState>;
  else
    body = (
      <CardsOrTable
        caption="Vaccines and treatments"
        columns={columns}
        rows={list}
        rowKey={(v) => v.id}
        tableFrom="lg"
        cardHeader={(v) => (
          <div className="flex items-start justify-between gap-2">
            <h2 className="text-lg font-semibold break-words">{v.name}</h2>
            <ActiveBadge active={v.active} />
          </div>
        )}
        cardDetails={(v) => [
          ['Kind', VACCINE_KIND_LABEL[v.kind]],
          ['Given to', speciesText(v)],
          ['Protocol', protocolText(v)],
        ]}
        cardActions={actions}
      />
    );

  return (
    <PageShell
      title="Vaccines"
      intro="Vaccines, dewormers and tick and flea treatments with their protocols. Retire one to stop recording it; doses already given stay."
      actions={<Button onClick={() => setEditing(null)}>Add vaccine</Button>}
    >
      {body}
      <VaccineFormDialog vaccine={editing} onClose={() => setEditing(undefined)} />
    </PageShell>
  );
}
