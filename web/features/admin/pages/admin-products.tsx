import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { PRODUCT_SORT_LABELS, PRODUCT_SORTS, type Product } from '#shared/catalogue';
import { CATEGORIES } from '#shared/catalogue-rules';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { FilterSelect, filterControlClass } from '../../../components/filter-select.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminProducts } from '../api/list-products.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { ProductFormDialog } from '../components/product-form-dialog.tsx';
import { ProductList } from '../components/product-list.tsx';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  isNarrowed,
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  readView,
  writeView,
  type AdminProductView,
} from '../lib/product-list.ts';

/** The search box: it searches when submitted (Enter or the button), so typing does not reload the list. */
function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label="Products" onSubmit={submit} className="flex items-end gap-2">
      <div>
        <label htmlFor={id} className="themed block text-sm font-medium">
          Search
        </label>
        <input
          id={id}
          type="search"
          value={text}
          maxLength={100}
          placeholder="Name or description"
          onChange={(e) => setText(e.target.value)}
          className={`${filterControlClass} w-56`}
        />
      </div>
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}

function Pager({ view, total, onPage }: { view: AdminProductView; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PAGE_SIZE));
  if (pages <= 1 && view.page <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center justify-center gap-3">
      <Button variant="secondary" disabled={view.page <= 1} onClick={() => onPage(Math.min(view.page - 1, pages))}>
        Previous page
      </Button>
      <span className="themed text-sm">
        Page {view.page} of {pages}
      </span>
      <Button variant="secondary" disabled={view.page >= pages} onClick={() => onPage(view.page + 1)}>
        Next page
      </Button>
    </nav>
  );
}

/**
 * /admin/products: every product of the shop, deactivated ones too, a page at a time, with search, filters and
 * sorting kept in the address; Add product, Edit (fields, stock, picture), Deactivate and Reactivate.
 */
export default function AdminProductsPage() {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const query = useAdminProducts(view);
  const update = useUpdateProduct();
  // undefined: no form open; null: a new product; a product: editing it.
  const [editing, setEditing] = useState<Product | null | undefined>(undefined);
  const [toggling, setToggling] = useState<Product | null>(null);

  /** Changes the view; any change but the page starts again at page 1. */
  const show = (changes: Partial<AdminProductView>) =>
    setParams(writeView({ ...view, page: 1, ...changes }), { replace: !('page' in changes) });

  const toggleActive = async (product: Product) => {
    const active = !product.active;
    try {
      await update.mutateAsync({ id: product.id, changes: { active } });
      toast.success(active ? `${product.name} is back in the catalogue` : `${product.name} is deactivated`);
    } catch (err) {
      toast.error(errorMessage(err, `Could not ${active ? 'reactivate' : 'deactivate'} ${product.name}.`));
    } finally {
      setToggling(null);
    }
  };

  const data = query.data;
  const products = data?.items ?? [];
  const first = (view.page - 1) * ADMIN_PRODUCTS_PAGE_SIZE + 1;

  let body;
  if (query.isPending) body = <LoadingState label="Loading products…" />;
  else if (query.isError)
    body = (
      <ErrorState
        message={errorMessage(query.error, 'Could not load the products. Please try again.')}
        onRetry={() => void query.refetch()}
      />
    );
  else if (products.length === 0)
    body =
      view.page > 1 ? (
        <EmptyState title="No products on this page">
          <Button variant="secondary" onClick={() => show({})}>
            Go to the first page
          </Button>
        </EmptyState>
      ) : isNarrowed(view) ? (
        <EmptyState title="No products match">
          <p>Try other words or filters.</p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => show({ status: 'all', category: undefined, q: '' })}
          >
            Show every product
          </Button>
        </EmptyState>
      ) : (
        <EmptyState title="No products yet">Add the first product the shop sells.</EmptyState>
      );
  else
    body = (
      <>
        <p className="themed mb-3 text-sm" aria-live="polite">
          Showing {first}–{first + products.length - 1} of {data!.total} products
        </p>
        <ProductList
          products={products}
          busyId={toggling && update.isPending ? toggling.id : null}
          onEdit={setEditing}
          onToggleActive={setToggling}
        />
      </>
    );

  return (
    <PageShell
      title="Products"
      intro="Everything the shop sells. A product is never deleted: deactivate it to take it out of the catalogue; past orders keep it."
      actions={<Button onClick={() => setEditing(null)}>Add product</Button>}
    >
      <div className="mb-6 flex flex-wrap items-end gap-x-4 gap-y-3">
        <SearchBox key={view.q} initial={view.q} onSearch={(q) => show({ q })} />
        <FilterSelect
          label="Status"
          value={view.status}
          options={PRODUCT_STATUSES.map((s) => ({ value: s, label: PRODUCT_STATUS_LABELS[s] }))}
          onChange={(v) => show({ status: v as AdminProductView['status'] })}
        />
        <FilterSelect
          label="Category"
          value={view.category ?? ''}
          options={[{ value: '', label: 'All categories' }, ...CATEGORIES.map((c) => ({ value: c, label: c }))]}
          onChange={(v) => show({ category: (v || undefined) as AdminProductView['category'] })}
        />
        <FilterSelect
          label="Sort by"
          value={view.sort ?? ''}
          options={[
            { value: '', label: 'Catalogue order' },
            ...PRODUCT_SORTS.map((s) => ({ value: s, label: PRODUCT_SORT_LABELS[s] })),
          ]}
          onChange={(v) => show({ sort: (v || undefined) as AdminProductView['sort'] })}
        />
        {query.isFetching && !query.isPending && (
          <span role="status" className="themed text-sm">
            Updating…
          </span>
        )}
      </div>
      {body}
      {data && <Pager view={view} total={data.total} onPage={(page) => show({ page })} />}
      <ProductFormDialog product={editing} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={toggling !== null}
        title={toggling ? `${toggling.active ? 'Deactivate' : 'Reactivate'} ${toggling.name}?` : ''}
        confirmLabel={toggling?.active === false ? 'Reactivate' : 'Deactivate'}
        variant={toggling?.active === false ? 'primary' : 'danger'}
        busy={update.isPending}
        onCancel={() => setToggling(null)}
        onConfirm={() => toggling && void toggleActive(toggling)}
      >
        {toggling?.active === false ? (
          <p>
            It shows in the catalogue again and customers can order it
            {toggling.stock > 0 ? ` (${toggling.stock} in stock)` : ', once it is back in stock'}.
          </p>
        ) : (
          <p>
            It leaves the catalogue and can no longer be ordered or bought from a cart. Orders already placed keep it,
            and you can reactivate it at any time.
          </p>
        )}
      </ConfirmDialog>
    </PageShell>
  );
}
