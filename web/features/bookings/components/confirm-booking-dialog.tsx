import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { formatWhen } from '#shared/dates';
import { HospitalInfoInputSchema, type HospitalInfo, type HospitalInfoInput, type Booking } from '#shared/bookings';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { FormField } from '../../../components/form-field.tsx';

export interface ConfirmBookingDialogProps {
  booking: Booking;
  /** The clinic's defaults from GET /api/config. */
  defaults: HospitalInfo;
  submitting: boolean;
  onSubmit: (info: HospitalInfoInput) => void;
  onClose: () => void;
}

/** Modal form to confirm a booking with the hospital info the customer will receive (prefilled with the defaults). */
export function ConfirmBookingDialog({ booking, defaults, submitting, onSubmit, onClose }: ConfirmBookingDialogProps) {
  const form = useForm<HospitalInfoInput>({ resolver: zodResolver(HospitalInfoInputSchema), defaultValues: defaults });
  const { handleSubmit } = form;

  return (
    <Dialog
      open
      title="Confirm booking"
      description={
        <p className="text-sm text-ink-muted">
          {booking.petName} ({booking.ownerName}), {formatWhen(booking.date, booking.time)}. The customer receives these
          details.
        </p>
      }
      onClose={onClose}
      dismissible={!submitting}
    >
      <FormProvider {...form}>
        <form noValidate className="mt-5 space-y-4" onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
          <FormField name="name" label="Hospital name" />
          <FormField name="address" label="Address" />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField name="phone" type="tel" label="Phone" />
            <FormField name="email" type="email" label="Email" />
          </div>
          <FormField name="hours" label="Opening hours" />
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
      </FormProvider>
    </Dialog>
  );
}
