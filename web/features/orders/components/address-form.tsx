import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { DeliveryAddressSchema, type DeliveryAddress, type DeliveryAddressInput } from '#shared/orders';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';

export interface AddressFormProps {
  onSave: (address: DeliveryAddress) => void;
  onCancel?: () => void;
  defaultName?: string;
}

/** A new delivery address: all seven fields required, with the spec's messages (shared schema). */
export function AddressForm({ onSave, onCancel, defaultName = '' }: AddressFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DeliveryAddressInput, unknown, DeliveryAddress>({
    resolver: zodResolver(DeliveryAddressSchema),
    // Errors appear on submit, not on blur: a message appearing on blur shifts the Save button under the pointer.
    mode: 'onSubmit',
    defaultValues: { name: defaultName, house: '', landmark: '', city: '', state: '', pin: '', country: 'India' },
  });

  return (
    <form
      onSubmit={(e) => void handleSubmit(onSave)(e)}
      noValidate
      aria-label="New delivery address"
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Full name"
          autoComplete="name"
          markRequired
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="House / flat number"
          autoComplete="address-line1"
          markRequired
          error={errors.house?.message}
          {...register('house')}
        />
        <TextField
          label="Landmark"
          autoComplete="address-line2"
          markRequired
          error={errors.landmark?.message}
          {...register('landmark')}
        />
        <TextField
          label="City"
          autoComplete="address-level2"
          markRequired
          error={errors.city?.message}
          {...register('city')}
        />
        <TextField
          label="State"
          autoComplete="address-level1"
          markRequired
          error={errors.state?.message}
          {...register('state')}
        />
        <TextField
          label="Pin Code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          markRequired
          error={errors.pin?.message}
          {...register('pin')}
        />
        <TextField
          label="Country"
          autoComplete="country-name"
          markRequired
          error={errors.country?.message}
          {...register('country')}
        />
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
  );
}
