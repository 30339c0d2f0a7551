import { CATALOGUE_PAGE_SIZE, PRODUCT_SORTS, type ProductSort } from '#shared/catalogue-rules';
import { CATEGORIES, PRICE_FILTER_MAX, PRICE_FILTER_MIN, RATING_FILTERS, type Category } from '#shared/catalogue-rules';

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

/** The catalogue's order: '' is "Featured", the catalogue's own order. */
export type CatalogueSort = ProductSort | '';

/** What the catalogue's address holds: the filters, the order and the page (1-based). */
export interface CatalogueView {
  filters: CatalogueFilters;
  sort: CatalogueSort;
  page: number;
}

/** The highest page number a link may ask for (the server's own limit). */
const PAGE_LIMIT = 100_000;

function isSort(v: string | null): v is ProductSort {
  return !!v && (PRODUCT_SORTS as readonly string[]).includes(v);
}

/** Reads the whole view from the address; an unknown order is "Featured" and a bad page is page 1. */
export function readView(params: URLSearchParams): CatalogueView {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    filters: readFilters(params),
    sort: isSort(sort) ? sort : '',
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_LIMIT ? page : 1,
  };
}

/** The address of a view: filters, then the order and the page when they are not the defaults. */
export function writeView(view: CatalogueView): URLSearchParams {
  const p = writeFilters(view.filters);
  if (view.sort) p.set('sort', view.sort);
  if (view.page > 1) p.set('page', String(view.page));
  return p;
}

/** The GET /api/products query of a view: a page of CATALOGUE_PAGE_SIZE products, answered with X-Total-Count. */
export function toApiPageQuery(view: CatalogueView): Record<string, string | number | undefined> {
  return {
    ...toApiQuery(view.filters),
    sort: view.sort || undefined,
    page: view.page,
    limit: CATALOGUE_PAGE_SIZE,
  };
}
