import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { Product } from '#shared/catalogue';
import { MSG } from '#shared/messages';
import { discountedPrice, formatRupees, fromPaise, lineTotalPaise, toPaise } from '#shared/money';
import { PAYMENT_METHOD_LABELS, type PaymentMethod, type PlaceOrderBody } from '#shared/orders';
import { Button, LinkButton } from '../../../components/button.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { Card, PageShell } from '../../../components/page-shell.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { useProduct } from '../api/get-product.ts';
import { usePlaceOrder } from '../api/place-order.ts';
import { AddressPicker } from '../components/address-picker.tsx';
import { PaymentOptions } from '../components/payment-options.tsx';
import { QuantityStepper } from '../components/quantity-stepper.tsx';
import { formatAddress, useAddressBook } from '../lib/address-book.ts';
import { finishAttempt, idempotencyKeyFor } from '../lib/checkout-attempt.ts';

/** The product passed in route state by Add to Cart; anything malformed counts as no product. */
function productFromState(state: unknown): Product | undefined {
  const p = (state as { product?: Partial<Product> } | null)?.product;
  if (
    !p ||
    typeof p.id !== 'number' ||
    typeof p.name !== 'string' ||
    typeof p.price !== 'number' ||
    typeof p.discount !== 'number'
  )
    return undefined;
  return p as Product;
}

interface SummaryLine {
  product: Product;
  quantity: number;
  /** In rupees, after the discount. */
  total: number;
}

const summaryColumns: Column<SummaryLine>[] = [
  { id: 'product', header: 'Product', rowHeader: true, cell: (l) => l.product.name },
  { id: 'price', header: 'Price', align: 'right', cell: (l) => formatRupees(l.product.price) },
  { id: 'discount', header: 'Discount', align: 'right', cell: (l) => `${l.product.discount}%` },
  { id: 'qty', header: 'Qty', align: 'right', cell: (l) => l.quantity },
  { id: 'amount', header: 'Amount', align: 'right', className: 'font-medium', cell: (l) => formatRupees(l.total) },
];

function NoProduct({ message = MSG.noProduct }: { message?: string }) {
  return (
    <PageShell title="Cart and checkout" width="normal">
      <Card className="text-center">
        <p className="text-xl font-semibold">{message}</p>
        <p className="mt-2 text-ink-muted">Pick something for your pet in the catalogue and press Add to Cart.</p>
        <LinkButton to="/customer/product" className="mt-5" size="lg">
          Shop Now
        </LinkButton>
      </Card>
    </PageShell>
  );
}

/** /customer/orders: the spec's checkout (product, quantity, address, Buy Now, summary, payment, confirm, alert). */
export default function CheckoutPage() {
  const location = useLocation();
  const product = productFromState(location.state);
  if (!product) return <NoProduct />;
  return <Checkout key={product.id} initial={product} />;
}

function Checkout({ initial }: { initial: Product }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const fresh = useProduct(initial.id, initial);
  const product = fresh.data ?? initial;
  const [quantity, setQuantity] = useState(1);
  const book = useAddressBook(user!.id);
  const [selectedId, setSelectedId] = useState<string | null>(book.addresses[0]?.id ?? null);
  const [formOpen, setFormOpen] = useState(book.addresses.length === 0);
  const [addressAlert, setAddressAlert] = useState(false);
  const [step, setStep] = useState<'cart' | 'review'>('cart');
  const [payment, setPayment] = useState<PaymentMethod | null>(null);
  const [paymentError, setPaymentError] = useState<string>();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [placeError, setPlaceError] = useState<string>();
  const place = usePlaceOrder();
  const reviewHeading = useRef<HTMLHeadingElement>(null);

  // Keep a valid selection when addresses are added or removed (also from another tab).
  useEffect(() => {
    if (!book.addresses.some((a) => a.id === selectedId)) setSelectedId(book.addresses[0]?.id ?? null);
  }, [book.addresses, selectedId]);
  useEffect(() => {
    if (step === 'review') reviewHeading.current?.focus();
  }, [step]);

  if (fresh.error instanceof ApiError && fresh.error.status === 404)
    return <NoProduct message="This product is no longer available" />;

  const address = book.addresses.find((a) => a.id === selectedId);
  const total = fromPaise(lineTotalPaise(toPaise(product.price), quantity, product.discount));

  const leaveCheckout = (to: string) => {
    // Forget the product in this history entry, so Back does not reopen a finished or removed cart.
    void navigate(location.pathname, { replace: true, state: null });
    void navigate(to, { replace: true });
  };

  const buyNow = () => {
    if (!address) {
      setAddressAlert(true);
      setFormOpen(true);
      toast.error(MSG.addressNeeded, { toastId: 'address-needed' });
      return;
    }
    setStep('review');
  };

  const body = (): PlaceOrderBody | null => {
    if (!address || !payment) return null;
    const { id: _id, ...snapshot } = address;
    return { items: [{ productId: product.id, quantity }], address: snapshot, paymentMethod: payment };
  };

  const askToConfirm = () => {
    if (!payment) {
      setPaymentError('Choose a payment method to continue.');
      return;
    }
    setPlaceError(undefined);
    setConfirmOpen(true);
  };

  const confirm = () => {
    const b = body();
    if (!b) return;
    place.mutate(
      { body: b, idempotencyKey: idempotencyKeyFor(b) },
      {
        onSuccess: (order) => {
          finishAttempt();
          setConfirmOpen(false);
          toast.success(`Order ${order.number} placed successfully! Total ${formatRupees(order.total)}.`);
          leaveCheckout('/homeusers');
        },
        onError: (err) => {
          // A refused key will never succeed; anything else may be retried with the same key.
          if (err instanceof ApiError && err.status >= 400 && err.status < 500) finishAttempt();
          const message = errorMessage(err, 'Could not place your order. Please try again.');
          setConfirmOpen(false);
          setPlaceError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <PageShell
      title="Cart and checkout"
      intro={
        step === 'cart'
          ? 'Step 1 of 2: your cart and delivery address.'
          : 'Step 2 of 2: check your order and choose how to pay.'
      }
    >
      {step === 'cart' ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="space-y-6">
            <Card as="section">
              <h2 className="sr-only">Product</h2>
              <div className="flex flex-col gap-4 sm:flex-row">
                <img
                  src={product.image}
                  alt=""
                  width={200}
                  height={150}
                  className="h-[150px] w-[200px] rounded-lg object-cover"
                />
                <div className="flex-1 space-y-2">
                  <p className="text-xl font-semibold">{product.name}</p>
                  <p className="text-sm text-ink-muted">{product.details}</p>
                  <p>
                    <span className="font-bold">{formatRupees(discountedPrice(product))}</span>
                    {product.discount > 0 && (
                      <>
                        {' '}
                        <span className="text-sm text-ink-muted line-through">{formatRupees(product.price)}</span>{' '}
                        <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-bold text-green-800">
                          {product.discount}% OFF
                        </span>
                      </>
                    )}
                  </p>
                  <div className="flex flex-wrap items-end justify-between gap-4 pt-2">
                    <QuantityStepper value={quantity} onChange={setQuantity} productName={product.name} />
                    <Button variant="ghost" className="text-red-800" onClick={() => leaveCheckout('/homeusers')}>
                      Remove<span className="sr-only"> {product.name} from the cart</span>
                    </Button>
                  </div>
                </div>
              </div>
            </Card>
            <Card as="section">
              <h2 className="mb-1 text-lg font-semibold">Delivery address</h2>
              <p className="mb-4 text-sm text-ink-muted">Saved in this browser only.</p>
              {addressAlert && !address && (
                <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 font-medium text-red-800">
                  {MSG.addressNeeded}
                </p>
              )}
              <AddressPicker
                addresses={book.addresses}
                selectedId={selectedId}
                onSelect={setSelectedId}
                onAdd={(a) => {
                  const saved = book.add(a);
                  setSelectedId(saved.id);
                  setAddressAlert(false);
                  toast.success('Address saved');
                }}
                onRemove={book.remove}
                defaultName={user?.name}
                formOpen={formOpen}
                onFormOpenChange={setFormOpen}
              />
            </Card>
          </div>
          <Card as="section" className="h-fit space-y-3 lg:sticky lg:top-4">
            <h2 className="text-lg font-semibold">Your cart</h2>
            <p className="flex justify-between text-sm">
              <span>
                {product.name} × {quantity}
              </span>
            </p>
            <p className="flex items-baseline justify-between border-t border-gray-100 pt-3">
              <span>Total</span>
              <span className="text-2xl font-bold">{formatRupees(total)}</span>
            </p>
            <Button size="lg" className="w-full" onClick={buyNow}>
              Buy Now
            </Button>
          </Card>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="space-y-6">
            <Card as="section">
              <h2 ref={reviewHeading} tabIndex={-1} className="text-lg font-semibold">
                Order summary
              </h2>
              <DataTable
                variant="plain"
                caption="Items in your order"
                columns={summaryColumns}
                rows={[{ product, quantity, total }]}
                rowKey={(line) => line.product.id}
                footer={
                  <tr>
                    <th scope="row" colSpan={summaryColumns.length - 1} className="py-2 text-right">
                      Total
                    </th>
                    <td className="py-2 text-right text-lg font-bold">{formatRupees(total)}</td>
                  </tr>
                }
              />
              {address && (
                <p className="mt-4 text-sm">
                  <span className="font-medium">Deliver to:</span> {address.name}, {formatAddress(address)}
                </p>
              )}
            </Card>
            <Card as="section">
              <PaymentOptions
                value={payment}
                onChange={(m) => {
                  setPayment(m);
                  setPaymentError(undefined);
                }}
                total={total}
                error={paymentError}
              />
            </Card>
          </div>
          <Card as="section" className="h-fit space-y-3 lg:sticky lg:top-4">
            <h2 className="text-lg font-semibold">Ready to order?</h2>
            <p className="flex items-baseline justify-between">
              <span>Total</span>
              <span className="text-2xl font-bold">{formatRupees(total)}</span>
            </p>
            {placeError && (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
                {placeError}
              </p>
            )}
            <Button size="lg" className="w-full" onClick={askToConfirm} loading={place.isPending}>
              {placeError ? 'Try again' : 'Place order'}
            </Button>
            <Button variant="secondary" className="w-full" onClick={() => setStep('cart')} disabled={place.isPending}>
              Back to cart
            </Button>
          </Card>
        </div>
      )}
      <ConfirmDialog
        open={confirmOpen}
        title="Confirm your order"
        confirmLabel="Confirm order"
        cancelLabel="Go back"
        busy={place.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirmOpen(false)}
      >
        <p>
          {quantity} × {product.name} for <strong>{formatRupees(total)}</strong>
        </p>
        {payment && <p className="mt-1">Payment: {PAYMENT_METHOD_LABELS[payment]}</p>}
        {address && (
          <p className="mt-1 text-sm text-ink-muted">
            Deliver to {address.name}, {formatAddress(address)}
          </p>
        )}
      </ConfirmDialog>
    </PageShell>
  );
}
