import { Button } from '../../../components/button.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { useBookings } from '../api/get-bookings.ts';
import { useSlotStats } from '../api/get-slot-stats.ts';
import { BookingsTable } from '../components/bookings-table.tsx';
import { StatsCards } from '../components/stats-cards.tsx';
import { useBookingActions } from '../lib/use-booking-actions.ts';
import { useLiveBookings } from '../lib/use-live-bookings.ts';

const ACTIVE = { status: 'active' } as const;

/** /employee/home: the four counts and the open bookings; confirm uses the clinic's default hospital info. */
export default function EmployeeDashboardPage() {
  const stats = useSlotStats();
  const list = useBookings(ACTIVE);
  const actions = useBookingActions();
  useLiveBookings();
  const bookings = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <PageShell
      title="Dashboard"
      intro="Today's numbers and every open booking, newest first. New bookings appear here as they arrive."
    >
      <div className="space-y-8">
        {stats.isError ? (
          <ErrorState message="We could not load the counts." onRetry={() => void stats.refetch()} />
        ) : (
          <StatsCards stats={stats.data} loading={stats.isPending} />
        )}
        <section aria-labelledby="dashboard-bookings" className="space-y-4">
          <h2 id="dashboard-bookings" className="themed text-2xl font-semibold">
            Bookings
          </h2>
          {list.isPending ? (
            <LoadingState label="Loading bookings…" />
          ) : list.isError ? (
            <ErrorState message="We could not load the bookings." onRetry={() => void list.refetch()} />
          ) : bookings.length === 0 ? (
            <EmptyState title="No open bookings">New bookings show up here as soon as customers make them.</EmptyState>
          ) : (
            <BookingsTable
              bookings={bookings}
              caption="Open bookings"
              onConfirm={(b) => actions.confirm(b)}
              onCancel={actions.cancel}
              pending={actions.pending}
            />
          )}
          {list.hasNextPage && (
            <Button variant="secondary" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              Show more
            </Button>
          )}
        </section>
      </div>
    </PageShell>
  );
}
