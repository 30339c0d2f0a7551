import { useId, useState } from 'react';
import { CATEGORIES, PRICE_FILTER_MAX, PRICE_FILTER_MIN, RATING_FILTERS } from '#shared/catalogue-rules';
import { formatRupees } from '#shared/money';
import { ReadyFieldset } from '../../../components/ready-fieldset.tsx';
import {
  PRICE_STEP,
  SEARCH_MAX,
  type CatalogueFilters,
  type CategoryFilter,
  type RatingFilter,
  writeFilters,
} from '../lib/filters.ts';
import { useWideScreen } from '../lib/use-wide-screen.ts';

export interface ProductFiltersProps {
  filters: CatalogueFilters;
  onChange: (next: CatalogueFilters) => void;
  onReset: () => void;
  canReset: boolean;
}

const wholeRupees = (n: number) => formatRupees(n).replace(/\.00$/, '');

/**
 * Search, price slider, rating and category: every change applies at once and lands in the URL. The Filters button
 * folds them away; they start open on a tablet or wider and folded on a phone, where they would push the products a
 * screen down.
 */
export function ProductFilters({ filters, onChange, onReset, canReset }: ProductFiltersProps) {
  const searchId = useId();
  const priceId = useId();
  const ratingId = useId();
  const panelId = useId();
  const wide = useWideScreen();
  // Undefined until the visitor uses the button: then the screen's width decides, in CSS before the app runs.
  const [chosen, setChosen] = useState<boolean>();
  const open = chosen ?? wide;
  const active = [...writeFilters(filters).keys()].length;
  const set = <K extends keyof CatalogueFilters>(key: K, value: CatalogueFilters[K]) =>
    onChange({ ...filters, [key]: value });

  return (
    <form
      role="search"
      aria-label="Filter products"
      onSubmit={(e) => e.preventDefault()}
      className="rounded-xl bg-white p-4 text-ink shadow-sm ring-1 ring-black/5 sm:p-5"
    >
      <ReadyFieldset>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setChosen(!open)}
          className="-m-2 flex w-[calc(100%+1rem)] items-center justify-between gap-3 rounded-md p-2 text-left font-semibold"
        >
          <span>
            Filters
            {active > 0 && (
              <>
                {' '}
                <span className="ml-1 text-sm font-medium text-brand-800">({active} on)</span>
              </>
            )}
          </span>
          <svg
            viewBox="0 0 24 24"
            width={20}
            height={20}
            aria-hidden="true"
            className={`shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
          >
            <path d="m6 9 6 6 6-6" />
          </svg>
        </button>
        <div id={panelId} hidden={chosen === false} className={`mt-4 ${chosen === undefined ? 'max-md:hidden' : ''}`}>
          <div className="grid gap-5 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,0.8fr)]">
            <div className="space-y-1">
              <label htmlFor={searchId} className="block text-sm font-medium">
                Search
              </label>
              <input
                id={searchId}
                type="search"
                value={filters.q}
                maxLength={SEARCH_MAX}
                placeholder="Food, toys, shampoo…"
                onChange={(e) => set('q', e.target.value)}
                className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 shadow-sm placeholder:text-gray-500"
              />
            </div>
            <div className="space-y-1">
              <label htmlFor={priceId} className="flex justify-between text-sm font-medium">
                <span>Max price</span>
                <output htmlFor={priceId} className="font-semibold text-brand-800">
                  {wholeRupees(filters.maxPrice)}
                </output>
              </label>
              <input
                id={priceId}
                type="range"
                min={PRICE_FILTER_MIN}
                max={PRICE_FILTER_MAX}
                step={PRICE_STEP}
                value={filters.maxPrice}
                aria-valuetext={`Up to ${wholeRupees(filters.maxPrice)}`}
                onChange={(e) => set('maxPrice', Number(e.target.value))}
                className="w-full accent-brand-700"
              />
              <div className="flex justify-between text-xs text-ink-muted" aria-hidden="true">
                <span>{wholeRupees(PRICE_FILTER_MIN)}</span>
                <span>{wholeRupees(PRICE_FILTER_MAX)}</span>
              </div>
            </div>
            <div className="space-y-1">
              <label htmlFor={ratingId} className="block text-sm font-medium">
                Rating
              </label>
              <select
                id={ratingId}
                value={filters.minRating}
                onChange={(e) => set('minRating', Number(e.target.value) as RatingFilter)}
                className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 shadow-sm"
              >
                {RATING_FILTERS.map((r) => (
                  <option key={r} value={r}>
                    {r === 0 ? 'All' : `${r}+`}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <fieldset className="mt-4">
            <legend className="text-sm font-medium">Category</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {(['All', ...CATEGORIES] as CategoryFilter[]).map((c) => {
                const active = filters.category === c;
                return (
                  <button
                    key={c}
                    type="button"
                    aria-pressed={active}
                    onClick={() => set('category', c)}
                    className={`rounded-full px-4 py-1.5 text-sm font-semibold ring-1 transition-colors ${
                      active
                        ? 'bg-brand-700 text-white ring-brand-700'
                        : 'bg-white text-ink ring-gray-300 hover:bg-gray-50'
                    }`}
                  >
                    {c}
                  </button>
                );
              })}
              {canReset && (
                <button
                  type="button"
                  onClick={onReset}
                  className="ml-auto rounded-md px-3 py-1.5 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  Clear filters
                </button>
              )}
            </div>
          </fieldset>
        </div>
      </ReadyFieldset>
    </form>
  );
}
