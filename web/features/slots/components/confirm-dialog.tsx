import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { HospitalInfoInputSchema, type HospitalInfo, type HospitalInfoInput, type SlotBooking } from '#shared/slots';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { formatWhen } from '../lib/format';

export interface ConfirmDialogProps {
  booking: SlotBooking;
  /** The clinic's defaults from GET /api/config. */
  defaults: HospitalInfo;
  submitting: boolean;
  onSubmit: (info: HospitalInfoInput) => void;
  onClose: () => void;
}

const focusable =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** Modal form to confirm a booking with the hospital info the customer will receive (prefilled with the defaults). */
export function ConfirmDialog({ booking, defaults, submitting, onSubmit, onClose }: ConfirmDialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<HospitalInfoInput>({ resolver: zodResolver(HospitalInfoInputSchema), defaultValues: defaults });

  // Focus moves into the dialog and goes back to what opened it when it closes.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('input')?.focus();
    return () => opener?.focus?.();
  }, []);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape' && !submitting) {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(focusable)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 p-4 sm:items-center"
      onKeyDown={onKeyDown}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="max-h-full w-full max-w-lg overflow-y-auto rounded-xl bg-white p-6 text-ink shadow-xl"
      >
        <h2 id={titleId} className="text-xl font-semibold">
          Confirm booking
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          {booking.petName} ({booking.ownerName}), {formatWhen(booking.date, booking.time)}. The customer receives these
          details.
        </p>
        <form noValidate className="mt-5 space-y-4" onSubmit={handleSubmit((v) => onSubmit(v))}>
          <TextField label="Hospital name" error={errors.name?.message} {...register('name')} />
          <TextField label="Address" error={errors.address?.message} {...register('address')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField type="tel" label="Phone" error={errors.phone?.message} {...register('phone')} />
            <TextField type="email" label="Email" error={errors.email?.message} {...register('email')} />
          </div>
          <TextField label="Opening hours" error={errors.hours?.message} {...register('hours')} />
          <p className="text-xs text-ink-muted">A field left empty uses the clinic&apos;s default.</p>
          <div className="flex flex-wrap justify-end gap-3 pt-2">
            <Button variant="secondary" onClick={onClose} disabled={submitting}>
              Close
            </Button>
            <Button type="submit" loading={submitting}>
              Confirm and notify
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
