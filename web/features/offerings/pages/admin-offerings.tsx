import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { Service } from '#shared/offerings';
import { ActiveBadge } from '../../../components/active-badge.tsx';
import { Button, LinkButton } from '../../../components/button.tsx';
import { CardsOrTable } from '../../../components/cards-or-table.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { RowMenu } from '../../../components/row-menu.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDuration, fromPrice } from '../../../lib/offerings.ts';
import { useAllOfferings } from '../api/list-all-offerings.ts';
import { useUpdateOffering } from '../api/update-offering.ts';
import { OfferingFormDialog } from '../components/offering-form-dialog.tsx';
import { KIND_LABEL, nextSortOrder } from '../lib/offering-form.ts';

const priceText = (s: Service) => fromPrice(s.price) ?? 'No price shown';

interface RowActionsProps {
  service: Service;
  busy: boolean;
  onEdit: (s: Service) => void;
  onDeactivate: (s: Service) => void;
  onActivate: (s: Service) => void;
}

function RowActions({ service, busy, onEdit, onDeactivate, onActivate }: RowActionsProps) {
  return (
    <div className="flex justify-end">
      <RowMenu
        label={`More actions for ${service.name}`}
        busy={busy}
        items={[
          { label: 'Edit', ariaLabel: `Edit ${service.name}`, onSelect: () => onEdit(service) },
          service.active
            ? {
                label: 'Deactivate',
                ariaLabel: `Deactivate ${service.name}`,
                danger: true,
                onSelect: () => onDeactivate(service),
              }
            : { label: 'Activate', ariaLabel: `Activate ${service.name}`, onSelect: () => onActivate(service) },
        ]}
      />
    </div>
  );
}

/** /admin/services: every service (inactive ones too), with Add service, Edit, Activate and Deactivate. */
export default function AdminOfferingsPage() {
  const query = useAllOfferings();
  const update = useUpdateOffering();
  // undefined: no form open; null: a new service; a service: editing it.
  const [editing, setEditing] = useState<Service | null | undefined>(undefined);
  const [retiring, setRetiring] = useState<Service | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const setActive = async (service: Service, active: boolean) => {
    setBusyId(service.id);
    try {
      await update.mutateAsync({ id: service.id, changes: { active } });
      toast.success(active ? `${service.name} is bookable again` : `${service.name} deactivated`);
    } catch (err) {
      toast.error(errorMessage(err, `Could not ${active ? 'activate' : 'deactivate'} ${service.name}`));
    } finally {
      setBusyId(null);
      setRetiring(null);
    }
  };

  const actions = (s: Service) => (
    <RowActions
      service={s}
      busy={busyId === s.id}
      onEdit={setEditing}
      onDeactivate={setRetiring}
      onActivate={(x) => void setActive(x, true)}
    />
  );

  const columns: Column<Service>[] = [
    { id: 'name', header: 'Name', rowHeader: true, cell: (s) => s.name },
    { id: 'kind', header: 'Kind', cell: (s) => KIND_LABEL[s.kind] },
    {
      id: 'duration',
      header: 'Duration',
      className: 'whitespace-nowrap',
      cell: (s) => formatDuration(s.durationMinutes),
    },
    { id: 'price', header: 'Price', className: 'whitespace-nowrap', cell: priceText },
    { id: 'capacity', header: 'Bookings per time', align: 'right', cell: (s) => s.capacity },
    { id: 'status', header: 'Status', cell: (s) => <ActiveBadge active={s.active} /> },
    { id: 'actions', header: 'Actions', hideHeader: true, cell: actions },
  ];

  const services = query.data ?? [];
  let body;
  if (query.isPending) body = <LoadingState label="Loading services…" />;
  else if (query.isError)
    body = <ErrorState message="Could not load the services." onRetry={() => void query.refetch()} />;
  else if (services.length === 0)
    body = <EmptyState title="No services yet">Add the first service the clinic offers.</EmptyState>;
  else
    body = (
      <CardsOrTable
        caption="Services"
        columns={columns}
        rows={services}
        rowKey={(s) => s.id}
        cardHeader={(s) => (
          <div className="flex items-start justify-between gap-2">
            <h2 className="text-lg font-semibold">{s.name}</h2>
            <ActiveBadge active={s.active} />
          </div>
        )}
        cardDetails={(s) => [
          ['Kind', KIND_LABEL[s.kind]],
          ['Duration', formatDuration(s.durationMinutes)],
          ['Price', priceText(s)],
          ['Bookings per time', s.capacity],
        ]}
        cardActions={actions}
      />
    );

  return (
    <PageShell
      title="Services"
      intro="What the clinic offers and customers book. A service is never deleted: deactivate it to stop new bookings."
      actions={
        <>
          <LinkButton to="/admin/providers" variant="secondary">
            Providers
          </LinkButton>
          <Button onClick={() => setEditing(null)}>Add service</Button>
        </>
      }
    >
      {body}
      <OfferingFormDialog service={editing} sortOrder={nextSortOrder(services)} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={retiring !== null}
        title={retiring ? `Deactivate ${retiring.name}?` : 'Deactivate'}
        confirmLabel="Deactivate"
        variant="danger"
        busy={retiring !== null && busyId === retiring.id}
        onCancel={() => setRetiring(null)}
        onConfirm={() => retiring && void setActive(retiring, false)}
      >
        <p>
          Customers can no longer book it and it leaves the services page. Bookings already made stay as they are, and
          you can activate it again at any time.
        </p>
      </ConfirmDialog>
    </PageShell>
  );
}
