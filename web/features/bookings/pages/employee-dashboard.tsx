import { PageShell } from '../../../components/page-shell.tsx';
import { ErrorState } from '../../../components/states.tsx';
import { useBookingStats } from '../api/get-booking-stats.ts';
import { AgendaView } from '../components/agenda-view.tsx';
import { OutsideHoursPanel } from '../components/outside-hours-panel.tsx';
import { ProviderTimeOffPanel } from '../components/provider-time-off-panel.tsx';
import { StatsCards } from '../components/stats-cards.tsx';
import { useBookingActions } from '../lib/use-booking-actions.ts';
import { useLiveBookings } from '../lib/use-live-bookings.ts';

/**
 * /employee/home: the counts, the bookings the clinic's hours no longer cover or whose provider is off, and the agenda; Confirm asks for the
 * hospital info as on the schedule.
 */
export default function EmployeeDashboardPage() {
  const stats = useBookingStats();
  const actions = useBookingActions();
  useLiveBookings();

  return (
    <PageShell
      title="Dashboard"
      intro="Today's numbers and the schedule by appointment time, today first. New bookings appear as they arrive."
    >
      <div className="space-y-8">
        {stats.isError ? (
          <ErrorState message="We could not load the counts." onRetry={() => void stats.refetch()} />
        ) : (
          <StatsCards stats={stats.data} loading={stats.isPending} />
        )}
        <OutsideHoursPanel />
        <ProviderTimeOffPanel />
        <section aria-labelledby="dashboard-bookings" className="space-y-4">
          <h2 id="dashboard-bookings" className="themed text-2xl font-semibold">
            Bookings
          </h2>
          <AgendaView actions={actions} headingLevel="h3" loadError="We could not load the bookings." />
        </section>
      </div>
    </PageShell>
  );
}
