import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { Cart, CartLine } from '#shared/cart';
import { MSG } from '#shared/messages';
import { formatRupees } from '#shared/money';
import { PAYMENT_METHOD_LABELS, type PaymentMethod, type PlaceOrderBody } from '#shared/orders';
import { Button, LinkButton } from '../../../components/button.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { Card, PageShell } from '../../../components/page-shell.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { cartKey, useCart, useRemoveCartLine } from '../../../lib/cart.ts';
import { useSession } from '../../../lib/session.tsx';
import { orderKeys } from '../api/keys.ts';
import { PLACE_ORDER_KEY, usePlaceOrder } from '../api/place-order.ts';
import { AddressPicker } from '../components/address-picker.tsx';
import { CartLineItem } from '../components/cart-line-item.tsx';
import { ConnectionNotice } from '../../../components/connection-notice.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PaymentOptions } from '../components/payment-options.tsx';
import { formatAddress, useAddressBook } from '../lib/address-book.ts';
import { lineProblem, refusedLines, withoutLines, type RefusedLine } from '../lib/cart-lines.ts';
import { finishAttempt, idempotencyKeyFor } from '../lib/checkout-attempt.ts';

const PAGE_TITLE = 'Cart and checkout';

/** The product Add to Cart passed in route state (it is in the server's cart by now), or undefined. */
function addedProductId(state: unknown): number | undefined {
  const id = (state as { product?: { id?: unknown } } | null)?.product?.id;
  return typeof id === 'number' ? id : undefined;
}

const summaryColumns: Column<CartLine>[] = [
  { id: 'product', header: 'Product', rowHeader: true, cell: (l) => l.product.name },
  { id: 'price', header: 'Price', align: 'right', cell: (l) => formatRupees(l.product.price) },
  { id: 'discount', header: 'Discount', align: 'right', cell: (l) => `${l.product.discount}%` },
  { id: 'qty', header: 'Qty', align: 'right', cell: (l) => l.quantity },
  { id: 'amount', header: 'Amount', align: 'right', className: 'font-medium', cell: (l) => formatRupees(l.lineTotal) },
];

function NoProduct() {
  return (
    <PageShell title={PAGE_TITLE} width="normal">
      <Card className="text-center">
        <p className="text-xl font-semibold">{MSG.noProduct}</p>
        <p className="mt-2 text-ink-muted">Pick something for your pet in the catalogue and press Add to Cart.</p>
        <LinkButton to="/customer/product" className="mt-5" size="lg">
          Shop Now
        </LinkButton>
      </Card>
    </PageShell>
  );
}

/**
 * /customer/orders: the customer's cart, kept on the server, then the spec's checkout steps for all of it (address,
 * Buy Now, summary, payment method, confirm, alert) and the new order's own page.
 */
export default function CheckoutPage() {
  const cart = useCart();
  const placing = useIsMutating({ mutationKey: PLACE_ORDER_KEY }) > 0;
  // The cart on screen. An order being placed empties the cart on the server, and the customer's tabs may hear of it
  // (cart_changed) before the order's own answer arrives: the checkout stays until that answer moves on to the order.
  const [shown, setShown] = useState<Cart>();
  if (cart.data && cart.data !== shown && (cart.data.items.length > 0 || !placing)) setShown(cart.data);
  if (cart.isPending)
    return (
      <PageShell title={PAGE_TITLE}>
        <LoadingState label="Loading your cart…" />
      </PageShell>
    );
  if (!cart.data)
    return (
      <PageShell title={PAGE_TITLE}>
        <ErrorState
          message={errorMessage(cart.error, 'Could not load your cart. Please try again.')}
          onRetry={() => void cart.refetch()}
        />
      </PageShell>
    );
  const current = shown ?? cart.data;
  if (current.items.length === 0) return <NoProduct />;
  return <Checkout cart={current} />;
}

function Checkout({ cart }: { cart: Cart }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const justAdded = addedProductId(location.state);
  const book = useAddressBook(user!.id);
  const [selectedId, setSelectedId] = useState<string | null>(book.addresses[0]?.id ?? null);
  const [formOpen, setFormOpen] = useState(book.addresses.length === 0);
  const [addressAlert, setAddressAlert] = useState(false);
  const [step, setStep] = useState<'cart' | 'review'>('cart');
  const [payment, setPayment] = useState<PaymentMethod | null>(null);
  const [paymentError, setPaymentError] = useState<string>();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [placeError, setPlaceError] = useState<string>();
  // Buy Now was pressed while some lines cannot be ordered as they are.
  const [blocked, setBlocked] = useState(false);
  // The server refused the order for some lines (stock ran out, a product left the catalogue).
  const [refusal, setRefusal] = useState<{ message: string; lines: Map<number, RefusedLine> }>();
  const remove = useRemoveCartLine();
  const place = usePlaceOrder();
  // A quantity or a removal on its way: Buy Now waits for the cart the server holds.
  const cartBusy = useIsMutating() > 0 && !place.isPending;
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const linesHeading = useRef<HTMLHeadingElement>(null);
  const blockedNoteId = useId();

  // Keep a valid selection when addresses are added or removed (also from another tab).
  useEffect(() => {
    if (!book.addresses.some((a) => a.id === selectedId)) setSelectedId(book.addresses[0]?.id ?? null);
  }, [book.addresses, selectedId]);
  useEffect(() => {
    if (step === 'review') reviewHeading.current?.focus();
  }, [step]);

  const address = book.addresses.find((a) => a.id === selectedId);
  const problems = cart.items.filter((l) => !l.available);
  const total = cart.total;

  const removeLine = async (line: CartLine) => {
    try {
      const left = await remove.mutateAsync(line.productId);
      if (left.items.length === 0) {
        // The spec's Remove: the cart is empty, so back home (and Back does not reopen it with the product).
        void navigate('/homeusers', { replace: true });
        return;
      }
      toast.info(`${line.product.name} removed from your cart`);
      linesHeading.current?.focus();
    } catch (err) {
      toast.error(errorMessage(err, 'Could not remove it from your cart. Please try again.'));
    }
  };

  const buyNow = () => {
    setRefusal(undefined);
    if (!address) {
      setAddressAlert(true);
      setFormOpen(true);
      toast.error(MSG.addressNeeded, { toastId: 'address-needed' });
      return;
    }
    if (problems.length > 0) {
      setBlocked(true);
      return;
    }
    setBlocked(false);
    setStep('review');
  };

  const body = (): PlaceOrderBody | null => {
    if (!address || !payment) return null;
    const { id: _id, ...snapshot } = address;
    return {
      items: cart.items.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      address: snapshot,
      paymentMethod: payment,
    };
  };

  const askToConfirm = () => {
    if (!payment) {
      setPaymentError('Choose a payment method to continue.');
      return;
    }
    if (problems.length > 0) {
      // The cart changed meanwhile (another tab, the stock): back to it, with the lines marked.
      setBlocked(true);
      setStep('cart');
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
          queryClient.setQueryData(orderKeys.one(order.id), order);
          // The server took the ordered products out of the cart in the same transaction.
          void navigate(`/customer/my-orders/${order.id}`, { replace: true, state: { placed: true } });
          queryClient.setQueryData<Cart>(cartKey, (c) =>
            c ? withoutLines(c, new Set(b.items.map((i) => i.productId))) : c,
          );
        },
        onError: (err) => {
          // A refused key will never succeed; anything else may be retried with the same key.
          if (err instanceof ApiError && err.status >= 400 && err.status < 500) finishAttempt();
          const message = errorMessage(err, 'Could not place your order. Please try again.');
          setConfirmOpen(false);
          toast.error(message);
          // A conflict may come from the cart itself (stock, a product gone): load it again either way.
          if (err instanceof ApiError && err.status === 409) void queryClient.invalidateQueries({ queryKey: cartKey });
          const lines = refusedLines(err, b.items);
          if (lines.size > 0 || (err instanceof ApiError && err.code === 'OUT_OF_STOCK')) {
            // Not enough stock (or a product gone): the cart shows what changed and which lines to fix.
            setRefusal({ message, lines });
            setPlaceError(undefined);
            setStep('cart');
            return;
          }
          setPlaceError(message);
        },
      },
    );
  };

  return (
    <PageShell
      title={PAGE_TITLE}
      intro={
        step === 'cart'
          ? 'Step 1 of 2: your cart and delivery address.'
          : 'Step 2 of 2: check your order and choose how to pay.'
      }
    >
      <div className="mb-6 empty:hidden">
        <ConnectionNotice what="your cart" />
      </div>
      {step === 'cart' ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="space-y-6">
            <Card as="section">
              <h2 ref={linesHeading} tabIndex={-1} className="mb-4 text-lg font-semibold">
                Products in your cart
              </h2>
              {refusal && (
                <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 font-medium text-red-800">
                  {refusal.message}
                </p>
              )}
              <ul className="space-y-4">
                {cart.items.map((line) => (
                  <CartLineItem
                    key={line.productId}
                    line={line}
                    highlighted={line.productId === justAdded}
                    refusal={refusal?.lines.get(line.productId)}
                    onRemove={() => void removeLine(line)}
                    removing={remove.isPending && remove.variables === line.productId}
                  />
                ))}
              </ul>
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
            <ul className="space-y-1 text-sm">
              {cart.items.map((l) => (
                <li key={l.productId} className="flex justify-between gap-3">
                  <span>
                    {l.product.name} × {l.quantity}
                  </span>
                  <span>{formatRupees(l.lineTotal)}</span>
                </li>
              ))}
            </ul>
            <p className="flex items-baseline justify-between border-t border-gray-100 pt-3">
              <span>
                Total{' '}
                <span className="text-sm text-ink-muted">
                  ({cart.count} {cart.count === 1 ? 'item' : 'items'})
                </span>
              </span>
              <span className="text-2xl font-bold">{formatRupees(total)}</span>
            </p>
            {problems.length > 0 &&
              (blocked ? (
                <div
                  id={blockedNoteId}
                  role="alert"
                  className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800"
                >
                  <p>Some products cannot be ordered as they are:</p>
                  <ul className="mt-1 list-disc pl-5">
                    {problems.map((l) => (
                      <li key={l.productId}>{lineProblem(l)}</li>
                    ))}
                  </ul>
                  <p className="mt-1">Lower the quantity or remove them to continue.</p>
                </div>
              ) : (
                <p id={blockedNoteId} className="text-sm font-medium text-red-800">
                  Fix the marked products to continue.
                </p>
              ))}
            <Button
              size="lg"
              className="w-full"
              onClick={buyNow}
              loading={cartBusy}
              aria-describedby={problems.length > 0 ? blockedNoteId : undefined}
            >
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
                rows={cart.items}
                rowKey={(line) => line.productId}
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
            <FormError message={placeError} />
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
        <ul>
          {cart.items.map((l) => (
            <li key={l.productId}>
              {l.quantity} × {l.product.name}
            </li>
          ))}
        </ul>
        <p className="mt-1">
          Total <strong>{formatRupees(total)}</strong>
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
