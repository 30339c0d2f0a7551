import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { Product } from '#shared/catalogue';
import { stockState } from '#shared/catalogue-rules';
import { Button, LinkButton } from '../../../components/button.tsx';
import { useDocumentTitle } from '../../../components/page-shell.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useProduct } from '../api/get-product.ts';
import { PriceTag } from '../components/price-tag.tsx';
import { RatingStars } from '../components/rating-stars.tsx';
import { StockNote } from '../components/stock-note.tsx';
import { catalogueBase, type ProductPageState } from '../lib/paths.ts';
import { useShopAddToCart } from '../lib/use-add-to-cart.ts';

/** A product id of an address: digits only; anything else is a product that does not exist. */
function parseId(raw: string | undefined): number | undefined {
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">{children}</div>;
}

function BackLink({ to }: { to: string }) {
  return (
    <Link to={to} className="themed inline-flex items-center gap-1 text-sm font-semibold underline underline-offset-2">
      <span aria-hidden="true">←</span> Back to products
    </Link>
  );
}

/**
 * A product's page, public at /products/{id} and for customers at /customer/product/{id}: picture, full description,
 * price and discount, rating, category, stock and Add to Cart. A deactivated product still shows (links from old
 * orders lead here) but says it is no longer available and offers no Add to Cart.
 */
export default function ProductPage() {
  const { id: rawId } = useParams();
  const location = useLocation();
  const id = parseId(rawId);
  const product = useProduct(id);
  const base = catalogueBase(location.pathname);
  const back = (location.state as ProductPageState | null)?.catalogue ?? base;

  const notFound = id === undefined || (product.error instanceof ApiError && product.error.status === 404);
  useDocumentTitle(notFound ? 'Product not found' : (product.data?.name ?? 'Product'));

  if (notFound)
    return (
      <Frame>
        <div className="rounded-xl bg-white p-8 text-center text-ink shadow-sm ring-1 ring-black/5">
          <h1 className="text-2xl font-bold">Product not found</h1>
          <p className="mt-2 text-ink-muted">This product does not exist. It may have been a mistyped or old link.</p>
          <LinkButton to={base} className="mt-5" size="lg">
            Back to the catalogue
          </LinkButton>
        </div>
      </Frame>
    );

  if (product.data) return <ProductDetails product={product.data} back={back} />;

  return (
    <Frame>
      <div className="mb-6">
        <BackLink to={back} />
      </div>
      <h1 className="themed mb-6 text-3xl font-bold">Product</h1>
      {product.isError ? (
        <ErrorState
          message={errorMessage(product.error, 'Could not load this product. Please try again.')}
          onRetry={() => void product.refetch()}
        />
      ) : (
        <LoadingState label="Loading product…" />
      )}
    </Frame>
  );
}

function ProductDetails({ product, back }: { product: Product; back: string }) {
  const { addToCart, addingId } = useShopAddToCart();
  const out = stockState(product) === 'out';
  return (
    <Frame>
      <div className="mb-6">
        <BackLink to={back} />
      </div>
      <article className="grid gap-6 overflow-hidden rounded-xl bg-white text-ink shadow-sm ring-1 ring-black/5 md:grid-cols-2 md:gap-8">
        <img
          src={product.image}
          alt={product.name}
          width={600}
          height={450}
          className={`aspect-[4/3] w-full object-cover md:h-full ${product.active ? '' : 'opacity-60 grayscale'}`}
        />
        <div className="flex flex-col gap-4 p-5 pt-0 md:py-8 md:pl-0 md:pr-8">
          <p>
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
              {product.category}
            </span>
          </p>
          <h1 className="text-3xl font-bold tracking-tight">{product.name}</h1>
          <RatingStars rating={product.rating} />
          <PriceTag product={product} size="lg" />
          {product.active ? (
            <>
              <StockNote product={product} />
              <Button
                size="lg"
                className="w-full sm:w-auto sm:self-start"
                onClick={() => addToCart(product)}
                disabled={out}
                loading={addingId === product.id}
              >
                {out ? 'Out of stock' : 'Add to Cart'}
              </Button>
            </>
          ) : (
            <p role="note" className="rounded-md bg-amber-50 p-3 font-semibold text-amber-900 ring-1 ring-amber-200">
              This product is no longer available
            </p>
          )}
          <section aria-labelledby="product-description" className="border-t border-gray-200 pt-4">
            <h2 id="product-description" className="text-lg font-semibold">
              Description
            </h2>
            <p className="mt-2 whitespace-pre-line text-ink-muted">{product.details}</p>
          </section>
        </div>
      </article>
    </Frame>
  );
}
