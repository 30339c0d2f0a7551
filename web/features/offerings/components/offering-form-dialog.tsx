import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast.ts';
import type { z } from 'zod';
import { OFFERING_MSG, type Service, type OfferingKind } from '#shared/offerings';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { FormField, FormSelect, FormTextArea } from '../../../components/form-field.tsx';
import { placeRefusal } from '../../../lib/form-refusal.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useCreateOffering } from '../api/create-offering.ts';
import { useUpdateOffering } from '../api/update-offering.ts';
import {
  changedFields,
  formValuesOf,
  KIND_HINT,
  KIND_OPTIONS,
  serviceFormSchema,
  type OfferingFormValues,
} from '../lib/offering-form.ts';

const FIELDS = new Set<string>(['name', 'kind', 'description', 'durationMinutes', 'price', 'capacity', 'sortOrder']);
const SAVE_FAILED = 'Could not save the service. Please try again.';

export interface OfferingFormDialogProps {
  /** Open for a new service (`null`) or to edit one; closed when undefined. */
  service: Service | null | undefined;
  /** A new service's starting position in lists. */
  sortOrder?: number;
  onClose: () => void;
}

/** "Add service" and "Edit": the service's fields, checked as the server checks them, with the server's own answers. */
export function OfferingFormDialog({ service, sortOrder, onClose }: OfferingFormDialogProps) {
  const editing = service !== null && service !== undefined;
  return (
    <Dialog
      open={service !== undefined}
      title={editing ? `Edit ${service.name}` : 'Add a service'}
      description={
        editing ? 'Only the fields you change are saved.' : 'It appears on the services page and in the booking form.'
      }
      onClose={onClose}
    >
      {service !== undefined && <OfferingForm service={service} sortOrder={sortOrder} onClose={onClose} />}
    </Dialog>
  );
}

function OfferingForm({
  service,
  sortOrder,
  onClose,
}: {
  service: Service | null;
  sortOrder?: number;
  onClose: () => void;
}) {
  const config = usePublicConfig();
  const slotMinutes = config.data?.slot.minutes;
  const schema = useMemo(() => serviceFormSchema(slotMinutes), [slotMinutes]);
  const create = useCreateOffering();
  const update = useUpdateOffering();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<OfferingFormValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: formValuesOf(service, { slotMinutes, capacity: config.data?.slot.capacity, sortOrder }),
  });
  const { handleSubmit, setError, watch } = form;
  const kind = watch('kind') as OfferingKind;
  const pending = create.isPending || update.isPending;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (service) {
        const changes = changedFields(service, values);
        if (Object.keys(changes).length === 0) {
          setFormError(OFFERING_MSG.nothingToChange);
          return;
        }
        await update.mutateAsync({ id: service.id, changes });
        toast.success(`${values.name} saved`);
      } else {
        await create.mutateAsync(values);
        toast.success(`${values.name} added`);
      }
      onClose();
    } catch (err) {
      // The server's answer goes next to the field it is about; anything else above the buttons.
      setFormError(
        placeRefusal(
          err,
          FIELDS,
          setError,
          { [OFFERING_MSG.nameTaken]: 'name', [OFFERING_MSG.kindFixed]: 'kind' },
          SAVE_FAILED,
        ),
      );
    }
  });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-label={service ? `Edit ${service.name}` : 'New service'}
        className="mt-4 space-y-4"
      >
        <FormField name="name" label="Name" markRequired autoComplete="off" />
        <FormSelect name="kind" label="Kind" markRequired hint={KIND_HINT[kind]}>
          {KIND_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </FormSelect>
        <FormTextArea name="description" label="Description" rows={3} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            name="durationMinutes"
            label="Duration (minutes)"
            inputMode="numeric"
            markRequired
            hint={slotMinutes ? `A multiple of ${slotMinutes}.` : undefined}
          />
          <FormField
            name="price"
            label="Price in rupees"
            inputMode="decimal"
            hint='Shown as "from"; leave empty to show none.'
          />
          <FormField name="capacity" label="Bookings per time" inputMode="numeric" markRequired />
          <FormField name="sortOrder" label="Position in lists" inputMode="numeric" hint="Lower numbers come first." />
        </div>
        <FormError message={formError} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {service ? 'Save changes' : 'Add service'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
