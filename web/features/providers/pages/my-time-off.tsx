import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useMyProvider } from '../api/providers.ts';
import { TimeOffManager } from '../components/time-off-manager.tsx';

/** /employee/time-off: a provider manages their own time off (holidays, half days, sick days). */
export default function MyTimeOffPage() {
  const mine = useMyProvider();
  const timeZone = usePublicConfig().data?.slot.timeZone;
  let body;
  if (mine.isPending || (!timeZone && !mine.isError)) body = <LoadingState label="Loading your profile…" />;
  else if (mine.isError && mine.error instanceof ApiError && mine.error.status === 404)
    body = (
      <EmptyState title="You are not set up as a provider">
        Customers cannot book you yet. Ask an admin to add your provider profile.
      </EmptyState>
    );
  else if (mine.isError || !timeZone)
    body = <ErrorState message="Could not load your provider profile." onRetry={() => void mine.refetch()} />;
  else body = <TimeOffManager provider={mine.data} timeZone={timeZone} />;
  return (
    <PageShell
      title="My time off"
      intro="Holidays, half days and sick days. Customers cannot book you then; bookings you already have stay, and the front desk gives them to a colleague or moves them."
      width="normal"
    >
      {body}
    </PageShell>
  );
}
