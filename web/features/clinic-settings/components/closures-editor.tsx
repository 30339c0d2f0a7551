import { useFieldArray, useFormContext } from 'react-hook-form';
import { CLOSURE_REASON_MAX, CLOSURES_MAX } from '#shared/clinic-settings';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import type { SettingsFormValues } from '../lib/settings-form.ts';

/**
 * The days the clinic is closed: each a single day or a range, with the reason customers see on the calendar. Add
 * closure puts a new row at the end and moves the focus into it; Remove takes a row out (nothing is saved until Save).
 */
export function ClosuresEditor({ today }: { today: string }) {
  const { control, getValues, setValue } = useFormContext<SettingsFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'closures' });
  return (
    <div className="space-y-3">
      {fields.length === 0 ? (
        <p className="text-sm text-ink-muted">No closed days planned.</p>
      ) : (
        <ul className="space-y-3">
          {fields.map((field, i) => (
            <li key={field.id}>
              <fieldset className="grid gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-start">
                <legend className="px-1 text-sm font-medium">Closure {i + 1}</legend>
                <FormField<SettingsFormValues>
                  name={`closures.${i}.from`}
                  type="date"
                  label="From"
                  min={today}
                  onChange={(ev) => {
                    // A single day is the common case: the last day follows the first until it is set.
                    if (!getValues(`closures.${i}.to`)) setValue(`closures.${i}.to`, ev.target.value);
                  }}
                />
                <FormField<SettingsFormValues> name={`closures.${i}.to`} type="date" label="To" min={today} />
                <FormField<SettingsFormValues>
                  name={`closures.${i}.reason`}
                  label="Reason"
                  hint="Shown to customers on the calendar"
                  maxLength={CLOSURE_REASON_MAX}
                />
                <Button
                  variant="secondary"
                  className="sm:mt-6"
                  aria-label={`Remove closure ${i + 1}`}
                  onClick={() => remove(i)}
                >
                  Remove
                </Button>
              </fieldset>
            </li>
          ))}
        </ul>
      )}
      <Button
        variant="secondary"
        disabled={fields.length >= CLOSURES_MAX}
        onClick={() => append({ from: '', to: '', reason: '' }, { shouldFocus: true })}
      >
        Add closure
      </Button>
    </div>
  );
}
