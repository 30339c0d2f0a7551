import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { DeliveryAddressSchema, type DeliveryAddress, type DeliveryAddressInput } from '#shared/orders';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';

export interface AddressFormProps {
  onSave: (address: DeliveryAddress) => void;
  onCancel?: () => void;
  defaultName?: string;
}

/** A new delivery address: all seven fields required, with the spec's messages (shared schema). */
export function AddressForm({ onSave, onCancel, defaultName = '' }: AddressFormProps) {
  const form = useForm<DeliveryAddressInput, unknown, DeliveryAddress>({
    resolver: zodResolver(DeliveryAddressSchema),
    // Errors appear on submit, not on blur: a message appearing on blur shifts the Save button under the pointer.
    mode: 'onSubmit',
    defaultValues: { name: defaultName, house: '', landmark: '', city: '', state: '', pin: '', country: 'India' },
  });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(e) => void form.handleSubmit(onSave)(e)}
        noValidate
        aria-label="New delivery address"
        className="space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField name="name" label="Full name" autoComplete="name" markRequired />
          <FormField name="house" label="House / flat number" autoComplete="address-line1" markRequired />
          <FormField name="landmark" label="Landmark" autoComplete="address-line2" markRequired />
          <FormField name="city" label="City" autoComplete="address-level2" markRequired />
          <FormField name="state" label="State" autoComplete="address-level1" markRequired />
          <FormField
            name="pin"
            label="Pin Code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            markRequired
          />
          <FormField name="country" label="Country" autoComplete="country-name" markRequired />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">Save address</Button>
          {onCancel && (
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
