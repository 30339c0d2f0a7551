import { useId } from 'react';

/** The look of a list page's filter controls (selects, search box), on the page's themed background. */
export const filterControlClass = 'mt-1 block rounded-md border border-gray-300 bg-white px-3 py-2 text-ink shadow-sm';

export interface FilterSelectProps {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}

/** A labelled select of a list page's view, on the page's themed background. */
export function FilterSelect({ label, value, options, onChange }: FilterSelectProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="themed block text-sm font-medium">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={filterControlClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
