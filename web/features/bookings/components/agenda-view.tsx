import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { formatWhen } from '#shared/dates';
import type { Booking } from '#shared/bookings';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { useBookings } from '../api/get-bookings.ts';
import type { useBookingActions } from '../lib/use-booking-actions.ts';
import { AgendaFilters, useAgendaFilters, type AgendaFiltersState } from './agenda-filters.tsx';
import { useConfirmWithHospitalInfo } from '../hooks/use-confirm-with-hospital-info.tsx';
import { AgendaList } from './agenda-list.tsx';
import { CompleteVisitDialog } from './complete-visit-dialog.tsx';

const OVERDUE = { sort: 'appointment', status: 'overdue' } as const;

export interface AgendaViewProps {
  actions: ReturnType<typeof useBookingActions>;
  headingLevel: 'h2' | 'h3';
  /** Shown when the list cannot be loaded. */
  loadError: string;
  /** Also said in a toast when the list cannot be loaded (the slots page's spec text). */
  loadErrorToast?: string;
}

/**
 * The staff agenda with its filters (kept in the URL), paging, and the dialogs that confirm a booking (with the
 * hospital info) and record a visit's outcome. Bookings come by appointment time, today first.
 */
export function AgendaView({ actions, headingLevel, loadError, loadErrorToast }: AgendaViewProps) {
  const filters = useAgendaFilters();
  const list = useBookings(filters.query);
  const confirm = useConfirmWithHospitalInfo(actions);
  const [completing, setCompleting] = useState<Booking | null>(null);
  const [noShow, setNoShow] = useState<Booking | null>(null);
  const bookings = list.data?.pages.flatMap((p) => p.items) ?? [];

  useEffect(() => {
    if (!list.isError) return;
    console.warn('fetching bookings failed', list.error);
    if (loadErrorToast) toast.error(loadErrorToast, { toastId: 'slots-fetch-error' });
  }, [list.isError, list.error, loadErrorToast]);

  return (
    <div className="space-y-6">
      <AgendaFilters filters={filters} />
      {filters.values.status !== 'overdue' && <OverdueNotice filters={filters} />}
      {list.isFetching && !list.isPending && !list.isFetchingNextPage && (
        <p role="status" className="themed text-sm">
          Updating…
        </p>
      )}
      {list.isPending ? (
        <LoadingState label="Loading bookings…" />
      ) : list.isError ? (
        <ErrorState message={loadError} onRetry={() => void list.refetch()} />
      ) : bookings.length === 0 ? (
        <EmptyState title="No bookings">
          {filters.filtered
            ? 'Nothing matches these filters. Clear them to see every booking from today on.'
            : 'New bookings show up here as soon as customers make them.'}
        </EmptyState>
      ) : (
        <AgendaList
          bookings={bookings}
          headingLevel={headingLevel}
          onConfirm={confirm.ask}
          confirmDisabled={!confirm.ready}
          onCancel={actions.cancel}
          onComplete={setCompleting}
          onNoShow={setNoShow}
          pending={actions.pending}
        />
      )}
      {list.hasNextPage && !list.isError && (
        <Button variant="secondary" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          Load more
        </Button>
      )}

      {confirm.dialog}
      {completing && (
        <CompleteVisitDialog
          booking={completing}
          submitting={actions.completing}
          onClose={() => setCompleting(null)}
          onSubmit={(body, failed) => actions.complete(completing, body, { done: () => setCompleting(null), failed })}
        />
      )}
      <ConfirmDialog
        open={!!noShow}
        title="Mark as no-show?"
        confirmLabel="Mark no-show"
        cancelLabel="Keep booking"
        variant="danger"
        busy={actions.markingNoShow}
        onCancel={() => setNoShow(null)}
        onConfirm={() => noShow && actions.noShow(noShow, () => setNoShow(null))}
      >
        {noShow && (
          <p className="text-sm text-ink-muted">
            {noShow.petName} ({noShow.ownerName}) did not come to {noShow.service.name} on{' '}
            {formatWhen(noShow.date, noShow.time)}. The booking is closed and counts in the no-show rate.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

/** Past bookings still waiting for an outcome, with a way to list them, whatever day they were. */
function OverdueNotice({ filters }: { filters: AgendaFiltersState }) {
  const overdue = useBookings(OVERDUE);
  const items = overdue.data?.pages[0]?.items ?? [];
  if (items.length === 0) return null;
  const count = `${items.length}${overdue.data?.pages[0]?.nextCursor ? '+' : ''}`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
      <p className="text-sm font-medium">
        {count} {items.length === 1 ? 'booking has' : 'bookings have'} passed without an outcome. Record each visit as
        completed or a no-show.
      </p>
      <Button size="sm" variant="secondary" onClick={() => filters.set({ status: 'overdue', date: '' })}>
        Show bookings that need an outcome
      </Button>
    </div>
  );
}
