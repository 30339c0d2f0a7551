import type { Provider } from '#shared/providers';

export interface ProviderPickerProps {
  /** The providers who do the chosen service; the picker is left out when there are none. */
  providers: Provider[];
  /** '' for any available provider, else a provider's id. */
  value: string;
  onChange: (providerId: string) => void;
}

/**
 * Who sees the pet: "Any available" (the default: the clinic gives the visit to the free provider with the fewest
 * visits that day) or a named provider, as one radio group (arrow keys move, one tab stop).
 */
export function ProviderPicker({ providers, value, onChange }: ProviderPickerProps) {
  if (providers.length === 0) return null;
  const options = [
    { id: '', name: 'Any available', details: 'The first free vet at the time you pick' },
    ...providers.map((p) => ({
      id: p.id,
      name: p.displayName,
      details: [p.qualifications, p.languages.length ? `Speaks ${p.languages.join(', ')}` : '']
        .filter(Boolean)
        .join(' · '),
    })),
  ];
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink">Provider</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {options.map((o) => {
          const checked = value === o.id;
          const detailsId = `provider-${o.id || 'any'}-details`;
          return (
            <label
              key={o.id || 'any'}
              className={`relative flex cursor-pointer flex-col gap-1 rounded-lg border-2 p-3 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink ${
                checked ? 'border-brand-700 bg-brand-50' : 'border-gray-200 bg-white hover:border-brand-700'
              }`}
            >
              <input
                type="radio"
                name="providerId"
                value={o.id}
                checked={checked}
                onChange={() => onChange(o.id)}
                className="absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0"
                aria-describedby={o.details ? detailsId : undefined}
              />
              <span className="font-semibold text-ink">{o.name}</span>
              {o.details && (
                <span id={detailsId} className="text-ink-muted">
                  {o.details}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
