import { useId } from 'react';
import { PRODUCT_SORT_LABELS, PRODUCT_SORTS } from '#shared/catalogue-rules';
import type { CatalogueSort } from '../lib/filters.ts';

/** "Sort by": Featured (the catalogue's own order), price either way, best rated, newest. */
export function SortSelect({ value, onChange }: { value: CatalogueSort; onChange: (sort: CatalogueSort) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="themed text-sm font-medium">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as CatalogueSort)}
        className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-ink shadow-sm"
      >
        <option value="">Featured</option>
        {PRODUCT_SORTS.map((s) => (
          <option key={s} value={s}>
            {PRODUCT_SORT_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}
