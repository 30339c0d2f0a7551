import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { Cart } from '#shared/cart';
import { MSG } from '#shared/messages';
import { formatRupees } from '#shared/money';
import type { DeliveryAddress, PaymentMethod, PlaceOrderBody } from '#shared/orders';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { cartKey } from '../../../lib/cart.ts';
import { useSession } from '../../../lib/session.tsx';
import { orderKeys } from '../api/keys.ts';
import { usePlaceOrder } from '../api/place-order.ts';
import { useAddressBook, type SavedAddress } from '../lib/address-book.ts';
import { refusedLines, withoutLines, type RefusedLine } from '../lib/cart-lines.ts';
import { finishAttempt, idempotencyKeyFor } from '../lib/checkout-attempt.ts';

/** The server's refusal of an order for some of its lines (stock ran out, a product left the catalogue). */
interface CartRefusal {
  message: string;
  lines: Map<number, RefusedLine>;
}

/** Where the checkout stands: the spec's two steps, the address and payment chosen, and what went wrong. */
interface CheckoutState {
  selectedId: string | null;
  /** The new-address form is open (from the start when no address is saved). */
  formOpen: boolean;
  /** Buy Now was pressed without an address. */
  addressAlert: boolean;
  payment: PaymentMethod | null;
  paymentError?: string;
  confirmOpen: boolean;
  placeError?: string;
  /** Buy Now was pressed while some lines cannot be ordered as they are. */
  blocked: boolean;
  refusal?: CartRefusal;
}

type CheckoutEvent =
  | { type: 'selectAddress'; id: string | null }
  | { type: 'setFormOpen'; open: boolean }
  | { type: 'addressSaved'; id: string }
  | { type: 'addressMissing' }
  | { type: 'linesBlocked' }
  | { type: 'review' }
  | { type: 'pickPayment'; method: PaymentMethod }
  | { type: 'paymentMissing' }
  | { type: 'cartChanged' }
  | { type: 'askToConfirm' }
  | { type: 'closeConfirm' }
  | { type: 'refused'; refusal: CartRefusal }
  | { type: 'failed'; message: string };

function initialState(addresses: SavedAddress[]): CheckoutState {
  return {
    selectedId: addresses[0]?.id ?? null,
    formOpen: addresses.length === 0,
    addressAlert: false,
    payment: null,
    confirmOpen: false,
    blocked: false,
  };
}

function checkoutReducer(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case 'selectAddress':
      return { ...state, selectedId: event.id };
    case 'setFormOpen':
      return { ...state, formOpen: event.open };
    case 'addressSaved':
      return { ...state, selectedId: event.id, addressAlert: false };
    case 'addressMissing':
      return { ...state, refusal: undefined, addressAlert: true, formOpen: true };
    case 'linesBlocked':
      return { ...state, refusal: undefined, blocked: true };
    case 'review':
      return { ...state, refusal: undefined, blocked: false };
    case 'pickPayment':
      return { ...state, payment: event.method, paymentError: undefined };
    case 'paymentMissing':
      return { ...state, paymentError: 'Choose a payment method to continue.' };
    case 'cartChanged':
      return { ...state, blocked: true };
    case 'askToConfirm':
      return { ...state, placeError: undefined, confirmOpen: true };
    case 'closeConfirm':
      return { ...state, confirmOpen: false };
    case 'refused':
      return { ...state, confirmOpen: false, refusal: event.refusal, placeError: undefined };
    case 'failed':
      return { ...state, confirmOpen: false, placeError: event.message };
  }
}

/**
 * The checkout of a cart: its steps (cart and address, then review and payment), the confirmation, and placing the
 * order, which leads to the new order's page or back to the cart with the lines to fix.
 */
export function useCheckout(cart: Cart) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const book = useAddressBook(user!.id);
  const [state, dispatch] = useReducer(checkoutReducer, book.addresses, initialState);
  const place = usePlaceOrder();
  const { selectedId, payment } = state;

  // Keep a valid selection when addresses are added or removed (also from another tab).
  useEffect(() => {
    if (!book.addresses.some((a) => a.id === selectedId))
      dispatch({ type: 'selectAddress', id: book.addresses[0]?.id ?? null });
  }, [book.addresses, selectedId]);

  const address = book.addresses.find((a) => a.id === selectedId);
  const problems = cart.items.filter((l) => !l.available);

  // The step is in the address (?step=review), so the browser's Back and Forward move between the two steps. The
  // review shows only while it can stand: an address chosen and every line orderable.
  const [params] = useSearchParams();
  const location = useLocation();
  const wantsReview = params.get('step') === 'review';
  const step: 'cart' | 'review' = wantsReview && address && problems.length === 0 && !state.refusal ? 'review' : 'cart';
  const toCart = () => {
    if (wantsReview) void navigate({ search: '' }, { replace: true });
  };

  const buyNow = () => {
    if (!address) {
      dispatch({ type: 'addressMissing' });
      toast.error(MSG.addressNeeded, { toastId: 'address-needed' });
      return;
    }
    if (problems.length > 0) {
      dispatch({ type: 'linesBlocked' });
      return;
    }
    dispatch({ type: 'review' });
    void navigate({ search: '?step=review' }, { state: { fromCart: true } });
  };

  const addAddress = (a: DeliveryAddress) => {
    const saved = book.add(a);
    dispatch({ type: 'addressSaved', id: saved.id });
    toast.success('Address saved');
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
    if (!payment) dispatch({ type: 'paymentMissing' });
    // The cart changed meanwhile (another tab, the stock): back to it, with the lines marked.
    else if (problems.length > 0) {
      dispatch({ type: 'cartChanged' });
      toCart();
    } else dispatch({ type: 'askToConfirm' });
  };

  const confirm = () => {
    const b = body();
    if (!b) return;
    place.mutate(
      { body: b, idempotencyKey: idempotencyKeyFor(b) },
      {
        onSuccess: (order) => {
          finishAttempt();
          dispatch({ type: 'closeConfirm' });
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
          toast.error(message);
          // A conflict may come from the cart itself (stock, a product gone): load it again either way.
          if (err instanceof ApiError && err.status === 409) void queryClient.invalidateQueries({ queryKey: cartKey });
          const lines = refusedLines(err, b.items);
          // Not enough stock (or a product gone): the cart shows what changed and which lines to fix.
          if (lines.size > 0 || (err instanceof ApiError && err.code === 'OUT_OF_STOCK')) {
            dispatch({ type: 'refused', refusal: { message, lines } });
            toCart();
          } else dispatch({ type: 'failed', message });
        },
      },
    );
  };

  return {
    ...state,
    step,
    addresses: book.addresses,
    address,
    problems,
    placing: place.isPending,
    selectAddress: (id: string | null) => dispatch({ type: 'selectAddress', id }),
    setFormOpen: (open: boolean) => dispatch({ type: 'setFormOpen', open }),
    addAddress,
    removeAddress: book.remove,
    buyNow,
    // Back to the step the person came from, as the browser's Back would; a review opened directly goes to the cart.
    backToCart: () => {
      if ((location.state as { fromCart?: boolean } | null)?.fromCart) void navigate(-1);
      else toCart();
    },
    pickPayment: (method: PaymentMethod) => dispatch({ type: 'pickPayment', method }),
    askToConfirm,
    confirm,
    cancelConfirm: () => dispatch({ type: 'closeConfirm' }),
  };
}

export type CheckoutModel = ReturnType<typeof useCheckout>;
