import { useRef, useState, type FormEvent } from 'react';
import { ORDER_MSG, UTR_PATTERN } from '#shared/orders';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';

/**
 * The UPI transaction reference (UTR) of the customer's payment: 12 digits, checked here with the server's own
 * pattern and message before it is sent. Spaces (as some apps group the digits) are dropped.
 */
export function UtrForm({
  initial = '',
  busy,
  serverError,
  onSubmit,
  onCancel,
}: {
  initial?: string;
  busy: boolean;
  /** The server's refusal of the last reference sent. */
  serverError?: string;
  onSubmit: (reference: string) => void;
  onCancel?: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const reference = value.replace(/\s+/g, '');
    if (!UTR_PATTERN.test(reference)) {
      setError(ORDER_MSG.utrInvalid);
      input.current?.focus();
      return;
    }
    setError(undefined);
    onSubmit(reference);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="UPI payment reference" className="space-y-3">
      <TextField
        ref={input}
        label="UPI transaction reference (UTR)"
        hint="The 12-digit number in your UPI app's details of this payment."
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(undefined);
        }}
        error={error ?? serverError}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy}>
          Send reference
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Keep the one sent
          </Button>
        )}
      </div>
    </form>
  );
}
