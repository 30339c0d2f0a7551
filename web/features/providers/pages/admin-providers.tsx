import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Provider } from '#shared/providers';
import { ActiveBadge } from '../../../components/active-badge.tsx';
import { Button } from '../../../components/button.tsx';
import { CardsOrTable } from '../../../components/cards-or-table.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { RowMenu } from '../../../components/row-menu.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useOfferings } from '../../../lib/offerings.ts';
import { toast } from '../../../lib/toast.ts';
import { useAllProviders, useUpdateProvider } from '../api/providers.ts';
import { ProviderFormDialog } from '../components/provider-form-dialog.tsx';
import { weekWords } from '../lib/provider-form.ts';

/** /admin/providers: every provider (retired ones too), with Add provider, Edit, Time off, Retire and Bring back. */
export default function AdminProvidersPage() {
  const query = useAllProviders();
  const services = useOfferings();
  const update = useUpdateProvider();
  const navigate = useNavigate();
  // undefined: no form open; null: a new provider; a provider: editing them.
  const [editing, setEditing] = useState<Provider | null | undefined>(undefined);
  const [retiring, setRetiring] = useState<Provider | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const serviceNames = (p: Provider) =>
    p.serviceIds.map((id) => services.data?.find((s) => s.id === id)?.name ?? 'Retired service').join(', ') ||
    'No services';

  const setActive = async (p: Provider, active: boolean) => {
    setBusyId(p.id);
    try {
      await update.mutateAsync({ id: p.id, changes: { active } });
      toast.success(active ? `${p.displayName} can be booked again` : `${p.displayName} retired`);
    } catch (err) {
      toast.error(errorMessage(err, `Could not ${active ? 'bring back' : 'retire'} ${p.displayName}`));
    } finally {
      setBusyId(null);
      setRetiring(null);
    }
  };

  const actions = (p: Provider) => (
    <div className="flex justify-end">
      <RowMenu
        label={`More actions for ${p.displayName}`}
        busy={busyId === p.id}
        items={[
          { label: 'Edit', ariaLabel: `Edit ${p.displayName}`, onSelect: () => setEditing(p) },
          {
            label: 'Time off',
            ariaLabel: `Time off of ${p.displayName}`,
            onSelect: () => void navigate(`/admin/providers/${p.id}/time-off`),
          },
          p.active
            ? { label: 'Retire', ariaLabel: `Retire ${p.displayName}`, danger: true, onSelect: () => setRetiring(p) }
            : {
                label: 'Bring back',
                ariaLabel: `Bring back ${p.displayName}`,
                onSelect: () => void setActive(p, true),
              },
        ]}
      />
    </div>
  );

  const columns: Column<Provider>[] = [
    { id: 'name', header: 'Name', rowHeader: true, cell: (p) => p.displayName },
    { id: 'services', header: 'Services', cell: serviceNames },
    { id: 'hours', header: 'Weekly hours', cell: (p) => weekWords(p.weeklyHours) },
    { id: 'status', header: 'Status', cell: (p) => <ActiveBadge active={p.active} /> },
    { id: 'actions', header: 'Actions', hideHeader: true, cell: actions },
  ];

  const providers = query.data ?? [];
  let body;
  if (query.isPending) body = <LoadingState label="Loading providers…" />;
  else if (query.isError)
    body = <ErrorState message="Could not load the providers." onRetry={() => void query.refetch()} />;
  else if (providers.length === 0)
    body = (
      <EmptyState title="No providers yet">
        Without providers customers book the clinic&apos;s times, not a person. Add the first vet.
      </EmptyState>
    );
  else
    body = (
      <CardsOrTable
        caption="Providers"
        columns={columns}
        rows={providers}
        rowKey={(p) => p.id}
        cardHeader={(p) => (
          <div className="flex items-start justify-between gap-2">
            <h2 className="text-lg font-semibold">{p.displayName}</h2>
            <ActiveBadge active={p.active} />
          </div>
        )}
        cardDetails={(p) => [
          ['Services', serviceNames(p)],
          ['Weekly hours', weekWords(p.weeklyHours)],
        ]}
        cardActions={actions}
      />
    );

  return (
    <PageShell
      title="Providers"
      intro="The vets, trainers and drivers customers book, the services they do and their weekly hours. A provider is never deleted: retire them to stop new bookings."
      actions={<Button onClick={() => setEditing(null)}>Add provider</Button>}
    >
      {body}
      <ProviderFormDialog provider={editing} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={retiring !== null}
        title={retiring ? `Retire ${retiring.displayName}?` : 'Retire'}
        confirmLabel="Retire"
        variant="danger"
        busy={retiring !== null && busyId === retiring.id}
        onCancel={() => setRetiring(null)}
        onConfirm={() => retiring && void setActive(retiring, false)}
      >
        <p>
          Customers can no longer book them. Bookings already made stay with them; you can bring them back at any time.
        </p>
      </ConfirmDialog>
    </PageShell>
  );
}
