import { useState } from 'react';
import type { CertificateShare } from '#shared/certificates';
import { Button } from '../../../../components/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/states.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useFormatInstant } from '../../../../lib/clinic-time.ts';
import {
  getCertificate,
  useCertificateShares,
  useRefreshShares,
  useShareCertificate,
  useWithdrawShare,
} from '../../api/certificate.ts';
import { RecordSection } from './record-section.tsx';

const MAKE_FAILED = 'Could not make the certificate. Please try again.';
const fileName = (petName: string) =>
  `${petName.replace(/[^\p{L}\p{N}\p{M}]+/gu, '-').replace(/^-+|-+$/g, '') || 'pet'}-vaccination-certificate.pdf`;

/** Copies a link, saying so (or saying to copy it by hand where the browser does not allow it). */
function CopyButton({ url, label }: { url: string; label: string }) {
  const [said, setSaid] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setSaid('Link copied.');
    } catch {
      setSaid('Your browser did not allow copying: select the link and copy it.');
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button size="sm" variant="secondary" onClick={() => void copy()} aria-label={label}>
        Copy link
      </Button>
      <span role="status" className="text-sm text-ink-muted">
        {said}
      </span>
    </span>
  );
}

/** The owner's links: each can be copied again or withdrawn. */
function SharedLinks({ petId }: { petId: string }) {
  const shares = useCertificateShares(petId);
  const withdraw = useWithdrawShare(petId);
  const formatInstant = useFormatInstant();
  const [said, setSaid] = useState<string | null>(null);

  if (shares.isPending) return <LoadingState label="Loading the shared links…" />;
  if (shares.isError) {
    return (
      <ErrorState
        message={errorMessage(shares.error, 'Could not load the shared links.')}
        onRetry={() => void shares.refetch()}
      />
    );
  }
  const ends = (s: CertificateShare) => s.code.slice(-4);
  return (
    <div className="mt-4">
      <h3 className="text-lg font-semibold">Links that open the certificate</h3>
      <p role="status" className="min-h-6 text-sm text-ink-muted">
        {said}
      </p>
      {withdraw.isError && (
        <p role="alert" className="text-sm font-medium text-red-900">
          {errorMessage(withdraw.error, 'Could not withdraw the link. Please try again.')}
        </p>
      )}
      {shares.data.length === 0 ? (
        <EmptyState title="No shared link">
          Share the certificate to get a link anyone can open to check it. You can withdraw a link at any time.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {shares.data.map((s) => (
            <li key={s.code} className="rounded-lg p-3 ring-1 ring-black/10">
              <p className="font-mono text-sm break-all">{s.url}</p>
              <p className="mt-1 text-sm text-ink-muted">
                Made {formatInstant(s.createdAt)} by {s.createdByName}
              </p>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <CopyButton url={s.url} label={`Copy link ending ${ends(s)}`} />
                <Button
                  size="sm"
                  variant="danger"
                  loading={withdraw.isPending && withdraw.variables === s.code}
                  aria-label={`Withdraw link ending ${ends(s)}`}
                  onClick={() =>
                    withdraw.mutate(s.code, {
                      onSuccess: () => setSaid(`Link ending ${ends(s)} withdrawn: it no longer shows the certificate.`),
                    })
                  }
                >
                  Withdraw
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The pet's vaccination certificate (decision 052): its owner downloads it, shares a link anyone can open to check
 * it, and withdraws links; staff print it (the PDF opens in a new tab, to print from there).
 */
export function CertificateSection({
  petId,
  petName,
  owner,
  staff,
}: {
  petId: string;
  petName: string;
  owner: boolean;
  staff: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fresh, setFresh] = useState<CertificateShare | null>(null);
  const refreshShares = useRefreshShares(petId);
  const share = useShareCertificate(petId);
  if (!owner && !staff) return null;

  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const url = URL.createObjectURL(await getCertificate(petId));
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName(petName);
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      refreshShares();
    } catch (err) {
      setProblem(errorMessage(err, MAKE_FAILED));
    } finally {
      setBusy(false);
    }
  };

  const print = async () => {
    // The tab is opened at the click, so a pop-up blocker lets it through; it gets the PDF once made.
    const tab = window.open('', '_blank');
    setBusy(true);
    setProblem(null);
    try {
      const url = URL.createObjectURL(await getCertificate(petId));
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (err) {
      tab?.close();
      setProblem(errorMessage(err, MAKE_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <RecordSection
      title="Vaccination certificate"
      intro={
        owner
          ? 'A PDF of every dose with its batch, and a QR code anyone can scan to check it is genuine. Share a link with a groomer, kennel or housing society; withdraw it when they no longer need it.'
          : 'A PDF of every dose with its batch and a QR code to check it; it opens in a new tab to print.'
      }
      actions={
        owner ? (
          <>
            <Button loading={busy} onClick={() => void download()}>
              Download certificate
            </Button>
            <Button
              variant="secondary"
              loading={share.isPending}
              onClick={() => share.mutate(undefined, { onSuccess: setFresh })}
            >
              Share certificate
            </Button>
          </>
        ) : (
          <Button loading={busy} onClick={() => void print()}>
            Print certificate
          </Button>
        )
      }
    >
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-900">
          {problem}
        </p>
      )}
      {share.isError && (
        <p role="alert" className="text-sm font-medium text-red-900">
          {errorMessage(share.error, 'Could not share the certificate. Please try again.')}
        </p>
      )}
      {owner && fresh && (
        <div className="rounded-lg bg-brand-50 p-3 ring-1 ring-brand-200">
          <p className="font-semibold">Anyone with this link can check {petName}&apos;s certificate:</p>
          <p className="mt-1 font-mono text-sm break-all">{fresh.url}</p>
          <div className="mt-2">
            <CopyButton url={fresh.url} label="Copy link just made" />
          </div>
        </div>
      )}
      {owner && <SharedLinks petId={petId} />}
    </RecordSection>
  );
}
