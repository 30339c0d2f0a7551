import { useParams } from 'react-router';
import { LinkButton } from '../../../components/button.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useAllProviders } from '../api/providers.ts';
import { TimeOffManager } from '../components/time-off-manager.tsx';

/** /admin/providers/:id/time-off: an admin manages a provider's time off. */
export default function AdminProviderTimeOffPage() {
  const { id } = useParams();
  const all = useAllProviders();
  const timeZone = usePublicConfig().data?.slot.timeZone;
  const provider = all.data?.find((p) => p.id === id);
  let body;
  if (all.isPending || !timeZone) body = <LoadingState label="Loading the provider…" />;
  else if (all.isError)
    body = <ErrorState message="Could not load the providers." onRetry={() => void all.refetch()} />;
  else if (!provider)
    body = <EmptyState title="Provider not found">They may have been removed from the list.</EmptyState>;
  else body = <TimeOffManager provider={provider} timeZone={timeZone} />;
  return (
    <PageShell
      title={provider ? `Time off: ${provider.displayName}` : 'Time off'}
      intro="Customers cannot book the provider then; bookings already made stay and are listed for the front desk."
      actions={
        <LinkButton to="/admin/providers" variant="secondary">
          All providers
        </LinkButton>
      }
      width="normal"
    >
      {body}
    </PageShell>
  );
}
