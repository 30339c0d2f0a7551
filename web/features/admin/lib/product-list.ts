import { CATEGORIES, type Category } from '#shared/catalogue-rules';
import { PRODUCT_SORTS, type ProductSort } from '#shared/catalogue';

/** Products per page of the admin's list. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;

export const PRODUCT_STATUSES = ['all', 'active', 'inactive'] as const;
export type ProductStatusFilter = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_LABELS: Record<ProductStatusFilter, string> = {
  all: 'All products',
  active: 'Active',
  inactive: 'Inactive',
};

/** The admin's view of the catalogue: which products, in which order, which page. Kept in the URL. */
export interface AdminProductView {
  status: ProductStatusFilter;
  category: Category | undefined;
  q: string;
  sort: ProductSort | undefined;
  page: number;
}

const SEARCH_MAX = 100;
const oneOf = <T extends string>(list: readonly T[], v: string | null): v is T =>
  v !== null && (list as readonly string[]).includes(v);

/** Reads the view from a (possibly hand-edited) address; anything unusable falls back to its default. */
export function readView(params: URLSearchParams): AdminProductView {
  const status = params.get('status');
  const category = params.get('category');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    status: oneOf(PRODUCT_STATUSES, status) ? status : 'all',
    category: oneOf(CATEGORIES, category) ? category : undefined,
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    sort: oneOf(PRODUCT_SORTS, sort) ? sort : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address query of a view: defaults are left out, so the plain list keeps a clean address. */
export function writeView(v: AdminProductView): URLSearchParams {
  const p = new URLSearchParams();
  if (v.status !== 'all') p.set('status', v.status);
  if (v.category) p.set('category', v.category);
  if (v.q) p.set('q', v.q);
  if (v.sort) p.set('sort', v.sort);
  if (v.page > 1) p.set('page', String(v.page));
  return p;
}

/** The GET /api/admin/products query of a view. */
export function toAdminQuery(v: AdminProductView): Record<string, string | number | undefined> {
  return {
    status: v.status,
    category: v.category,
    q: v.q || undefined,
    sort: v.sort,
    page: v.page,
    limit: ADMIN_PRODUCTS_PAGE_SIZE,
  };
}

/** True when the view shows only some products (so an empty page means "no match", not "no products"). */
export const isNarrowed = (v: AdminProductView) => v.status !== 'all' || !!v.category || !!v.q;
