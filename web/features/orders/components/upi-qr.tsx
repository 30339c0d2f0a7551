import { useEffect, useState } from 'react';
import { formatRupees } from '#shared/money';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { upiPayLink } from '../lib/upi.ts';

/**
 * The UPI payment QR, drawn in the browser (the qrcode package) from a upi://pay link to the shop's UPI id.
 * Nothing about the payment leaves this page.
 */
export function UpiQr({ amount }: { amount: number }) {
  const config = usePublicConfig();
  const [qr, setQr] = useState<{ link: string; dataUrl: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const link = config.data
    ? upiPayLink({ upiId: config.data.upiId, payeeName: config.data.upiName, amount, note: 'Pawcare order' })
    : null;

  useEffect(() => {
    if (!link) return;
    let canceled = false;
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(link, { width: 220, margin: 1, errorCorrectionLevel: 'M' }))
      .then((dataUrl) => {
        if (!canceled) setQr({ link, dataUrl });
      })
      .catch(() => {
        if (!canceled) setFailed(true);
      });
    return () => {
      canceled = true;
    };
  }, [link]);

  if (config.isError)
    return <ErrorState message="Could not load the shop's UPI details." onRetry={() => void config.refetch()} />;
  if (failed) return <ErrorState message="Could not draw the QR code. You can still pay with the UPI id below." />;

  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-gray-200 p-4 text-center sm:flex-row sm:text-left">
      <div className="flex h-[220px] w-[220px] shrink-0 items-center justify-center bg-white">
        {qr && qr.link === link ? (
          <img
            src={qr.dataUrl}
            width={220}
            height={220}
            alt={`UPI QR code to pay ${formatRupees(amount)} to ${config.data?.upiName ?? 'the shop'}`}
          />
        ) : (
          <span role="status" className="flex items-center gap-2 text-ink-muted">
            <Spinner /> Drawing QR code…
          </span>
        )}
      </div>
      <div className="space-y-2 text-sm">
        <p className="text-base font-semibold">Scan with any UPI app to pay {formatRupees(amount)}</p>
        {config.data && (
          <p>
            Payee: <span className="font-medium">{config.data.upiName}</span>
            <br />
            UPI id: <span className="font-mono font-medium">{config.data.upiId}</span>
          </p>
        )}
        {link && (
          <p>
            <a href={link} className="font-semibold text-brand-800 underline">
              Open a UPI app on this phone
            </a>
          </p>
        )}
        <p className="text-ink-muted">
          Pay now or right after placing the order: we start packing it as soon as the payment reaches us.
        </p>
      </div>
    </div>
  );
}
