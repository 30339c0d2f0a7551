import { useFormContext } from 'react-hook-form';
import { WEEKDAY_NAME, WEEKDAYS } from '#shared/clinic-settings';
import { FormField } from '../../../components/form-field.tsx';
import type { SettingsFormValues } from '../lib/settings-form.ts';

/** The week's opening hours: for each weekday, open or closed, and its opening and closing times. */
export function WeeklyHours() {
  const { register, watch } = useFormContext<SettingsFormValues>();
  return (
    <div className="space-y-3">
      {WEEKDAYS.map((day) => {
        const open = watch(`hours.${day}.isOpen`);
        return (
          <fieldset
            key={day}
            className="grid grid-cols-2 items-start gap-x-4 gap-y-2 rounded-lg border border-gray-200 p-3 sm:grid-cols-[9rem_1fr_1fr]"
          >
            <legend className="sr-only">{WEEKDAY_NAME[day]}</legend>
            <label className="col-span-2 flex items-center gap-2 self-center font-medium sm:col-span-1">
              <input type="checkbox" className="h-5 w-5" {...register(`hours.${day}.isOpen`)} />
              <span>
                {WEEKDAY_NAME[day]}
                <span className="block text-sm font-normal text-ink-muted">{open ? 'Open' : 'Closed'}</span>
              </span>
            </label>
            <FormField<SettingsFormValues>
              name={`hours.${day}.open`}
              type="time"
              label="Opens"
              disabled={!open}
              showError={(message) => (open ? message : undefined)}
            />
            <FormField<SettingsFormValues>
              name={`hours.${day}.close`}
              type="time"
              label="Closes"
              disabled={!open}
              showError={(message) => (open ? message : undefined)}
            />
          </fieldset>
        );
      })}
    </div>
  );
}
