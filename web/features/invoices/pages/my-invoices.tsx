import { Link } from 'react-router';
import { formatRupees } from '#shared/money';
import { Button, LinkButton } from '../../../components/button.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFormatInstant } from '../../../lib/clinic-time.ts';
import { useMyInvoices } from '../api/get-my-invoices.ts';

/** /customer/invoices: the customer's GST invoices and credit notes, newest first. */
export default function MyInvoicesPage() {
  const invoices = useMyInvoices();
  const when = useFormatInstant();
  const list = invoices.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <PageShell
      title="Invoices"
      intro="The tax invoice of every order, and the credit note of every cancelled one."
      actions={<LinkButton to="/customer/my-orders">My orders</LinkButton>}
      width="normal"
    >
      {invoices.isPending ? (
        <LoadingState label="Loading your invoices…" />
      ) : invoices.isError ? (
        <ErrorState
          message={errorMessage(invoices.error, 'Could not load your invoices. Please try again.')}
          onRetry={() => void invoices.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState title="You have no invoices yet">
          <p>Each order you place gets its invoice here.</p>
        </EmptyState>
      ) : (
        <>
          <ul
            aria-label="Invoices and credit notes"
            className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white"
          >
            {list.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
                <div>
                  <Link to={`/customer/invoices/${i.id}`} className="font-semibold underline-offset-2 hover:underline">
                    {i.kind === 'credit_note' ? 'Credit note' : 'Invoice'} {i.number}
                  </Link>
                  <p className="text-sm text-ink-muted">{when(i.issuedAt)}</p>
                </div>
                <div className="text-right">
                  <p className="font-semibold">{formatRupees(i.totals.total)}</p>
                  {i.kind === 'invoice' && (
                    <p className="text-sm text-ink-muted">
                      {i.balanceDue > 0
                        ? `${formatRupees(i.balanceDue)} due`
                        : i.balanceDue < 0
                          ? 'Refund due'
                          : 'Settled'}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {invoices.hasNextPage && (
            <Button
              variant="secondary"
              className="mt-4"
              loading={invoices.isFetchingNextPage}
              onClick={() => void invoices.fetchNextPage()}
            >
              Show more
            </Button>
          )}
        </>
      )}
    </PageShell>
  );
}
