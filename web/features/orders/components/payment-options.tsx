import { useId } from 'react';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '#shared/orders';
import { UpiQr } from './upi-qr.tsx';

const HINTS: Record<PaymentMethod, string> = {
  upi: 'Scan a QR code with Google Pay, PhonePe, Paytm or any UPI app.',
  card: 'Pay by credit or ATM card to our delivery partner when the order arrives.',
  cod: 'Pay in cash when the order arrives.',
};

/** The three payment methods of the spec, with what each one means for the customer. */
export function PaymentOptions({
  value,
  onChange,
  total,
  error,
}: {
  value: PaymentMethod | null;
  onChange: (m: PaymentMethod) => void;
  total: number;
  error?: string;
}) {
  const name = useId();
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-lg font-semibold">Payment method</legend>
      {error && (
        <p id={`${name}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="mt-3 grid gap-2 sm:grid-cols-3">
        {PAYMENT_METHODS.map((m) => (
          <label
            key={m}
            className={`flex cursor-pointer gap-3 rounded-lg border p-3 ${value === m ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700' : 'border-gray-200 hover:bg-gray-50'}`}
          >
            <input
              type="radio"
              name={name}
              value={m}
              checked={value === m}
              onChange={() => onChange(m)}
              className="mt-1 h-4 w-4 accent-brand-700"
            />
            <span>
              <span className="block font-semibold">{PAYMENT_METHOD_LABELS[m]}</span>
              <span className="block text-sm text-ink-muted">{HINTS[m]}</span>
            </span>
          </label>
        ))}
      </div>
      <div className="mt-4">
        {value === 'upi' && <UpiQr amount={total} />}
        {value === 'card' && (
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
            <p className="font-semibold">We never ask for your card number online.</p>
            <p className="mt-1">
              No card details are collected or stored on this site. Our delivery partner brings a card machine: pay by
              credit or ATM card when your order arrives.
            </p>
          </div>
        )}
        {value === 'cod' && (
          <p className="rounded-lg border border-gray-200 p-4 text-sm">
            Keep the exact amount ready if you can; our delivery partner also accepts UPI at the door.
          </p>
        )}
      </div>
    </fieldset>
  );
}
