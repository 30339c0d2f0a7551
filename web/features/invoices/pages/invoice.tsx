import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatRupees } from '#shared/money';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFormatInstant } from '../../../lib/clinic-time.ts';
import { getInvoicePdf, useInvoice } from '../api/get-invoice.ts';
import { InvoiceLines } from '../components/invoice-lines.tsx';

/** /customer/invoices/:id: one invoice or credit note, its taxes and totals, and its PDF. */
export default function InvoicePage() {
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  const when = useFormatInstant();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const doc = invoice.data;
  const title = doc ? `${doc.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${doc.number}` : 'Invoice';

  const download = async () => {
    if (!doc) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const url = URL.createObjectURL(await getInvoicePdf(doc.id));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${doc.number.replace(/\//g, '-')}.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      setProblem(errorMessage(err, 'Could not make the invoice file. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageShell
      title={title}
      width="normal"
      actions={
        doc && (
          <Button loading={busy} onClick={() => void download()}>
            Download PDF
          </Button>
        )
      }
    >
      {invoice.isPending ? (
        <LoadingState label="Loading the invoice…" />
      ) : invoice.isError ? (
        <ErrorState
          message={errorMessage(invoice.error, 'Could not load the invoice. Please try again.')}
          onRetry={() => void invoice.refetch()}
        />
      ) : (
        doc && (
          <div className="space-y-6">
            <FormError message={problem} />
            <dl className="grid gap-3 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-ink-muted">From</dt>
                <dd>
                  {doc.supplier.legalName}
                  {doc.supplier.gstin && <span className="block text-sm">GSTIN {doc.supplier.gstin}</span>}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-ink-muted">Issued</dt>
                <dd>{when(doc.issuedAt)}</dd>
              </div>
              <div>
                <dt className="text-sm text-ink-muted">Place of supply</dt>
                <dd>
                  {doc.placeOfSupplyName} ({doc.placeOfSupply})
                </dd>
              </div>
              {doc.credits && (
                <div>
                  <dt className="text-sm text-ink-muted">Credits</dt>
                  <dd>
                    <Link to={`/customer/invoices/${doc.credits.id}`} className="underline">
                      Invoice {doc.credits.number}
                    </Link>
                    {doc.reason && `: ${doc.reason}`}
                  </dd>
                </div>
              )}
            </dl>
            <InvoiceLines invoice={doc} />
            <dl className="ml-auto max-w-xs space-y-1 text-right">
              <div className="flex justify-between gap-4">
                <dt>Total</dt>
                <dd className="font-semibold">{formatRupees(doc.totals.total)}</dd>
              </div>
              {doc.kind === 'invoice' && (
                <>
                  <div className="flex justify-between gap-4">
                    <dt>Paid</dt>
                    <dd>{formatRupees(doc.paid)}</dd>
                  </div>
                  <div className="flex justify-between gap-4">
                    <dt>Balance due</dt>
                    <dd>{formatRupees(doc.balanceDue)}</dd>
                  </div>
                </>
              )}
            </dl>
            <p className="text-sm text-ink-muted">{doc.totalInWords}</p>
            {doc.creditNotes.length > 0 && (
              <p className="text-sm">
                Credited by{' '}
                {doc.creditNotes.map((c, i) => (
                  <span key={c.id}>
                    {i > 0 && ', '}
                    <Link to={`/customer/invoices/${c.id}`} className="underline">
                      credit note {c.number}
                    </Link>
                  </span>
                ))}
              </p>
            )}
          </div>
        )
      )}
    </PageShell>
  );
}
