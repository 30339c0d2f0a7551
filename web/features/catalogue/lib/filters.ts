import { CATEGORIES, PRICE_FILTER_MAX, PRICE_FILTER_MIN, RATING_FILTERS, type Category } from '#shared/constants';

export type CategoryFilter = Category | 'All';
export type RatingFilter = (typeof RATING_FILTERS)[number];

/** The catalogue's filters as the page holds them; the URL keeps only what differs from the defaults. */
export interface CatalogueFilters {
  category: CategoryFilter;
  maxPrice: number;
  minRating: RatingFilter;
  q: string;
}

export const DEFAULT_FILTERS: CatalogueFilters = { category: 'All', maxPrice: PRICE_FILTER_MAX, minRating: 0, q: '' };
export const PRICE_STEP = 50;
export const SEARCH_MAX = 100;

function isCategory(v: string | null): v is Category {
  return !!v && (CATEGORIES as readonly string[]).includes(v);
}

/** Reads filters from a (possibly hand-edited or stale) shared link; anything unusable falls back to its default. */
export function readFilters(params: URLSearchParams): CatalogueFilters {
  const category = params.get('category');
  const price = Number(params.get('maxPrice'));
  const rating = Number(params.get('minRating'));
  return {
    category: isCategory(category) ? category : 'All',
    maxPrice:
      params.has('maxPrice') && Number.isFinite(price)
        ? Math.min(PRICE_FILTER_MAX, Math.max(PRICE_FILTER_MIN, Math.round(price)))
        : PRICE_FILTER_MAX,
    minRating: (RATING_FILTERS as readonly number[]).includes(rating) ? (rating as RatingFilter) : 0,
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX),
  };
}

/** The URL query for filters: defaults are left out, so the plain catalogue keeps a clean address. */
export function writeFilters(f: CatalogueFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.category !== 'All') p.set('category', f.category);
  if (f.maxPrice !== PRICE_FILTER_MAX) p.set('maxPrice', String(f.maxPrice));
  if (f.minRating) p.set('minRating', String(f.minRating));
  if (f.q.trim()) p.set('q', f.q.trim());
  return p;
}

/** The GET /api/products query for filters. */
export function toApiQuery(f: CatalogueFilters): Record<string, string | number | undefined> {
  return {
    category: f.category === 'All' ? undefined : f.category,
    maxPrice: f.maxPrice === PRICE_FILTER_MAX ? undefined : f.maxPrice,
    minRating: f.minRating || undefined,
    q: f.q.trim() || undefined,
  };
}

/** True when any filter differs from its default. */
export function isFiltered(f: CatalogueFilters): boolean {
  return writeFilters(f).toString() !== '';
}
