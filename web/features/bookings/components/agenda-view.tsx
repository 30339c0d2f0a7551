import { useEffect } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { useBookings } from '../api/get-bookings.ts';
import { useAgendaClock } from '../hooks/use-agenda-clock.ts';
import { useAgendaMode, type AgendaMode } from '../hooks/use-agenda-mode.ts';
import { useBookingDialogs } from '../hooks/use-booking-dialogs.tsx';
import { useWeekBookings } from '../hooks/use-week-bookings.ts';
import type { useBookingActions } from '../lib/use-booking-actions.ts';
import { AgendaFilters, useAgendaFilters, type AgendaFiltersState } from './agenda-filters.tsx';
import { AgendaList } from './agenda-list.tsx';
import { AgendaWeek } from './agenda-week.tsx';

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
 * The staff agenda with its filters (kept in the URL), as a list by appointment time (today first, page by page) or
 * as a week, and the dialogs that show a booking, confirm it (with the hospital info) and record a visit's outcome.
 */
export function AgendaView({ actions, headingLevel, loadError, loadErrorToast }: AgendaViewProps) {
  const filters = useAgendaFilters();
  const { today } = useAgendaClock();
  const view = useAgendaMode(today, filters.values.date);
  const week = view.mode === 'week';
  // Only the view shown asks the server; the other keeps what it has cached, current from events.
  const list = useBookings(filters.query, { enabled: !week });
  const days = useWeekBookings(
    view.monday,
    { status: filters.values.status, serviceId: filters.query.serviceId },
    { enabled: week },
  );
  const bookings = list.data?.pages.flatMap((p) => p.items) ?? [];
  const shown = week ? days.bookings : bookings;
  const { handlers, dialogs } = useBookingDialogs(actions, shown);
  const failed = week ? days.query : list;

  useEffect(() => {
    if (!failed.isError) return;
    console.warn('fetching bookings failed', failed.error);
    if (loadErrorToast) toast.error(loadErrorToast, { toastId: 'slots-fetch-error' });
  }, [failed.isError, failed.error, loadErrorToast]);

  let body;
  if (failed.isError) body = <ErrorState message={loadError} onRetry={() => void failed.refetch()} />;
  else if (week)
    body = (
      <AgendaWeek
        days={days.days}
        bookings={days.bookings}
        today={today}
        headingLevel={headingLevel}
        onView={handlers.onView}
        onWeek={view.setWeek}
        thisWeek={view.thisWeek}
        loading={days.loading}
      />
    );
  else if (list.isPending) body = <LoadingState label="Loading bookings…" />;
  else if (bookings.length === 0)
    body = (
      <EmptyState title="No bookings">
        {filters.filtered
          ? 'Nothing matches these filters. Clear them to see every booking from today on.'
          : 'New bookings show up here as soon as customers make them.'}
      </EmptyState>
    );
  else body = <AgendaList bookings={bookings} headingLevel={headingLevel} handlers={handlers} />;

  return (
    <div className="space-y-6">
      <AgendaFilters filters={filters} showDay={!week} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ModeToggle mode={view.mode} onMode={view.setMode} />
        {!week && list.isFetching && !list.isPending && !list.isFetchingNextPage && (
          <p role="status" className="themed text-sm">
            Updating…
          </p>
        )}
      </div>
      {filters.values.status !== 'overdue' && <OverdueNotice filters={filters} />}
      {body}
      {!week && list.hasNextPage && !list.isError && (
        <Button variant="secondary" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          Load more
        </Button>
      )}
      {dialogs}
    </div>
  );
}

/** List or Week: two buttons of which the pressed one is the view shown. */
function ModeToggle({ mode, onMode }: { mode: AgendaMode; onMode: (m: AgendaMode) => void }) {
  const options: [AgendaMode, string][] = [
    ['list', 'List'],
    ['week', 'Week'],
  ];
  return (
    <div role="group" aria-label="Show the agenda as" className="inline-flex rounded-md shadow-sm">
      {options.map(([value, label], i) => (
        <button
          key={value}
          type="button"
          aria-pressed={mode === value}
          onClick={() => onMode(value)}
          className={`border border-gray-300 px-4 py-2 text-sm font-semibold ${i === 0 ? 'rounded-l-md' : '-ml-px rounded-r-md'} ${
            mode === value ? 'z-10 border-brand-700 bg-brand-700 text-white' : 'bg-white text-ink hover:bg-gray-50'
          }`}
        >
          {label}
        </button>
      ))}
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
