import { FormProvider, useWatch } from 'react-hook-form';
import { ADDRESS_MAX } from '#shared/account-rules';
import { BOOKING_NOTE_MAX, PET_AGE_MAX } from '#shared/bookings';
import { MSG } from '#shared/messages';
import { Button } from '../../../components/button.tsx';
import { FormField, FormTextArea } from '../../../components/form-field.tsx';
import { Card } from '../../../components/page-shell.tsx';
import { requiredHint, useBookingForm, type BookingFormProps } from '../hooks/use-booking-form.ts';
import { BookingVisitTime } from './booking-visit-time.tsx';
import { OfferingPicker } from './offering-picker.tsx';
import { PetPicker } from './pet-picker.tsx';
import { ProviderPicker } from './provider-picker.tsx';

const MISSING_ID = 'booking-form-missing';

/** The note for the clinic, with how much of it is left. */
function NoteField() {
  const note = useWatch({ name: 'note' }) as string;
  return (
    <FormTextArea
      name="note"
      label="Note for the clinic"
      hint={`Reason for the visit or symptoms (optional). ${note.length}/${BOOKING_NOTE_MAX} characters`}
      maxLength={BOOKING_NOTE_MAX}
      rows={3}
    />
  );
}

/**
 * The customer's booking form: a service, a pet (or a name typed in), a day on the month calendar, a free time of
 * that day, a note, the pickup address for a ride, and how to reach the owner.
 */
export function BookingForm(props: BookingFormProps) {
  const model = useBookingForm(props);
  const { servicesQuery, petsQuery, missing } = model;
  return (
    <section aria-labelledby="book-visit-title">
      <Card className="space-y-6">
        <h2 id="book-visit-title" tabIndex={-1} className="text-xl font-semibold">
          Book a visit
        </h2>
        <FormProvider {...model.form}>
          <form noValidate onSubmit={model.submit} className="space-y-6" aria-busy={model.sending || undefined}>
            <OfferingPicker
              services={model.services}
              loading={servicesQuery.isPending}
              failed={servicesQuery.isError}
              onRetry={() => void servicesQuery.refetch()}
              value={model.service?.id ?? ''}
              onChange={model.pickOffering}
            />

            <ProviderPicker providers={model.serviceProviders} value={model.providerId} onChange={model.pickProvider} />

            <PetPicker
              pets={petsQuery.data}
              loading={petsQuery.isPending}
              failed={petsQuery.isError}
              onRetry={() => void petsQuery.refetch()}
              value={model.petChoice}
              onChange={model.pickPet}
              error={requiredHint(model.errors.petChoice?.message)}
            >
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField name="petName" label="Pet name" markRequired autoComplete="off" showError={requiredHint} />
                <FormField
                  name="petAge"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={PET_AGE_MAX}
                  step={1}
                  label="Pet age (years)"
                  hint="Optional"
                />
              </div>
            </PetPicker>

            <BookingVisitTime model={model} timeZone={props.timeZone} />

            <NoteField />

            {model.needsAddress && (
              <FormField
                name="pickupAddress"
                label="Pickup address"
                markRequired
                autoComplete="street-address"
                maxLength={ADDRESS_MAX}
                hint="Where we collect your pet. Prefilled from your profile; change it if needed."
              />
            )}

            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                name="ownerName"
                label="Owner name"
                markRequired
                autoComplete="name"
                showError={requiredHint}
              />
              <FormField
                name="phone"
                type="tel"
                inputMode="numeric"
                label="Phone"
                markRequired
                autoComplete="tel"
                maxLength={10}
                hint="10 digits"
                showError={requiredHint}
              />
            </div>

            {missing && (
              <p id={MISSING_ID} className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
                {MSG.fillAllFields}
              </p>
            )}
            <Button
              type="submit"
              size="lg"
              loading={model.sending}
              aria-describedby={missing ? MISSING_ID : undefined}
              className="w-full sm:w-auto"
            >
              Book Slot
            </Button>
          </form>
        </FormProvider>
      </Card>
    </section>
  );
}
