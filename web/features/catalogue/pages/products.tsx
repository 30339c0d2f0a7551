import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import type { Product } from '#shared/catalogue';
import { CATALOGUE_PAGE_SIZE } from '#shared/catalogue-rules';
import { PRODUCT_AD_ROTATE_MS } from '#shared/ui-timings';
import { PageShell } from '../../../components/page-shell.tsx';
import { useOffers } from '../api/get-offers.ts';
import { useProduct } from '../api/get-product.ts';
import { useProducts } from '../api/get-products.ts';
import { ProductAd } from '../components/product-ad.tsx';
import { ProductCard } from '../components/product-card.tsx';
import { ProductFilters } from '../components/product-filters.tsx';
import { ProductResults } from '../components/product-results.tsx';
import { SortSelect } from '../components/sort-select.tsx';
import { useCatalogueView } from '../hooks/use-catalogue-view.ts';
import { DEFAULT_FILTERS, isFiltered } from '../lib/filters.ts';
import { catalogueBase, productPath, type ProductPageState } from '../lib/paths.ts';
import { useShopAddToCart } from '../lib/use-add-to-cart.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/** Route state of /customer/product: the product a Medical Tips ad pointed at. */
interface ProductRouteState {
  product?: Pick<Product, 'id' | 'name'>;
}

/**
 * The catalogue, public at /products and for customers at /customer/product. Filters apply as you change them; they,
 * the order and the page live in the URL, so a view can be bookmarked, shared and reached again with Back. Add to
 * Cart (and the ad) put the product in a customer's cart, and lead visitors to /login.
 */
export default function ProductsPage() {
  const location = useLocation();
  const base = catalogueBase(location.pathname);
  const { addToCart, addingId, isCustomer } = useShopAddToCart();
  const highlightId = (location.state as ProductRouteState | null)?.product?.id;
  const { view, draft, setDraft, changeSort, pageHref, routeState } = useCatalogueView();

  const products = useProducts(view);
  const offers = useOffers();
  const recommended = useProduct(highlightId);

  const list = products.data?.items ?? [];
  const total = products.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  // The product a Medical Tips ad pointed at, while it is on sale.
  const highlighted = highlightId && recommended.data?.active ? recommended.data : undefined;

  // Another page: bring its first products into view (the links to it sit under the list).
  const listTop = useRef<HTMLDivElement>(null);
  const shownPage = useRef(view.page);
  useEffect(() => {
    if (shownPage.current === view.page) return;
    shownPage.current = view.page;
    listTop.current?.scrollIntoView?.({ block: 'start' });
  }, [view.page]);

  // A page the server rendered with the catalogue asks for it again as it starts (main.tsx): not shown while the
  // page hydrates, so its first render is the server's HTML.
  const hydrated = useHydrated();
  const refreshing = hydrated && products.isFetching && !products.isPending;
  const filtered = isFiltered(draft);
  const one = total === 1;
  const resultText = products.isPending
    ? ''
    : `${total} ${one ? 'product' : 'products'}${filtered ? (one ? ' matches your filters' : ' match your filters') : ''}`;
  // Kept the same between renders, so the cards (memo) draw again only when their own product or state changes.
  const cardLink = useCallback((p: Product) => productPath(base, p.id), [base]);
  const catalogue = `${location.pathname}${location.search}`;
  const linkState = useMemo<ProductPageState>(() => ({ catalogue }), [catalogue]);

  return (
    <PageShell title="Products" intro="Food, toys, accessories and care for your pet, at clinic-approved prices.">
      <div className="space-y-6">
        {offers.isError || offers.data?.length === 0 ? null : (
          <ProductAd
            products={offers.data ?? []}
            intervalMs={PRODUCT_AD_ROTATE_MS}
            onOpen={addToCart}
            actionLabel={isCustomer ? 'Buy now' : 'Log in to buy'}
            label="Product offers"
          />
        )}

        {highlighted && !list.some((p) => p.id === highlighted.id) && (
          <section aria-labelledby="recommended-heading" className="space-y-3">
            <h2 id="recommended-heading" className="themed text-xl font-semibold">
              Recommended for you
            </h2>
            <div className="max-w-sm">
              <ProductCard
                product={highlighted}
                to={cardLink(highlighted)}
                linkState={linkState}
                onAddToCart={addToCart}
                adding={addingId === highlighted.id}
                highlighted
                eager
              />
            </div>
          </section>
        )}

        <ProductFilters
          filters={draft}
          onChange={setDraft}
          onReset={() => setDraft(DEFAULT_FILTERS)}
          canReset={filtered}
        />

        <div ref={listTop} className="flex scroll-mt-20 flex-wrap items-center justify-between gap-3">
          <p role="status" className="themed text-sm font-medium" aria-live="polite">
            {resultText}
            {refreshing && <span className="sr-only"> (updating)</span>}
          </p>
          <SortSelect value={view.sort} onChange={changeSort} />
        </div>

        <ProductResults
          products={products}
          page={view.page}
          pages={pages}
          pageHref={pageHref}
          routeState={routeState}
          onClearFilters={() => setDraft(DEFAULT_FILTERS)}
          highlightId={highlightId}
          highlighted={!!highlighted}
          cardLink={cardLink}
          linkState={linkState}
          onAddToCart={addToCart}
          addingId={addingId}
          refreshing={refreshing}
        />
      </div>
    </PageShell>
  );
}
