import type { Service } from '#shared/offerings';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { customerPrice, formatDuration } from '../../../lib/offerings.ts';

export interface OfferingPickerProps {
  /** The bookable services, in the clinic's order; undefined while loading. */
  services: Service[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  value: string;
  onChange: (serviceId: string) => void;
}

/**
 * The services as cards in one radio group (native radios: arrow keys move between them, one tab stop). When the
 * list cannot be loaded the form still books the checkup, as the spec's form did.
 */
export function OfferingPicker({ services, loading, failed, onRetry, value, onChange }: OfferingPickerProps) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink">Service</legend>
      {failed ? (
        <div className="mt-2">
          <ErrorState
            message="We could not load the services. You can still book a health checkup."
            onRetry={onRetry}
          />
        </div>
      ) : loading || !services ? (
        <p role="status" className="mt-2 flex items-center gap-2 text-sm text-ink-muted">
          <Spinner className="h-4 w-4" /> Loading services…
        </p>
      ) : (
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          {services.map((s) => {
            const checked = value === s.id;
            return (
              <label
                key={s.id}
                className={`relative flex cursor-pointer flex-col gap-1 rounded-lg border-2 p-3 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink ${
                  checked ? 'border-brand-700 bg-brand-50' : 'border-gray-200 bg-white hover:border-brand-700'
                }`}
              >
                <input
                  type="radio"
                  name="serviceId"
                  value={s.id}
                  checked={checked}
                  onChange={() => onChange(s.id)}
                  className="absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0"
                  aria-describedby={`service-${s.id}-details`}
                />
                <span className="font-semibold text-ink">{s.name}</span>
                <span id={`service-${s.id}-details`} className="text-ink-muted">
                  {formatDuration(s.durationMinutes)}
                  {` · ${customerPrice(s.price)}`}
                  {s.needsAddress && ' · we collect your pet'}
                </span>
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
