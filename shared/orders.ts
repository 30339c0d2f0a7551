import { z } from 'zod';
import { CursorSchema } from './common.ts';
import { IDEMPOTENCY_KEY_HEADER } from './http.ts';
import { MSG } from './messages.ts';
import { singleLineText } from './text.ts';

export { IDEMPOTENCY_KEY_HEADER } from './http.ts';

/** Limits of one order: enough for any real basket, small enough that nobody orders a warehouse by typo. */
export const ORDER_QTY_MAX = 99;
export const ORDER_LINES_MAX = 20;
const ADDRESS_FIELD_MAX = 120;

export const PAYMENT_METHODS = ['upi', 'card', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The spec's names of the payment methods (section 9). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  upi: 'UPI/QR',
  card: 'Credit/ATM Card',
  cod: 'Cash on Delivery',
};

export const ORDER_STATUSES = ['placed', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Canceled',
};

/** Payment, apart from fulfilment: unpaid until staff confirm the money arrived; a paid order canceled owes a refund. */
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refund_due', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  refund_due: 'Refund due',
  refunded: 'Refunded',
};

/** The statuses in which the customer may still cancel their own order. */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['placed', 'confirmed'];

/** A UPI transaction reference (UTR): 12 digits. */
export const UTR_PATTERN = /^\d{12}$/;
export const ORDER_MSG = {
  utrInvalid: 'Enter the 12-digit UPI transaction reference (UTR)',
  cancelRefused: 'This order has been shipped and can no longer be canceled',
} as const;

/** Which statuses an order may move to from each status; delivered and canceled are final. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** The statuses an order must be in to move to `to` (the inverse of ORDER_TRANSITIONS). */
export function allowedPredecessors(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => ORDER_TRANSITIONS[from].includes(to));
}

const requiredField = (label: string, message: string) =>
  singleLineText(label, message)
    .min(1, message)
    .max(ADDRESS_FIELD_MAX, `Keep this under ${ADDRESS_FIELD_MAX} characters`);

/** A delivery address (spec sections 3 and 5): kept in the browser; a snapshot travels with each order. */
export const DeliveryAddressSchema = z.object({
  name: requiredField('Name', MSG.nameRequired),
  pin: singleLineText('Pin Code', MSG.pinInvalid).regex(/^\d{6}$/, MSG.pinInvalid),
  city: requiredField('City', MSG.cityRequired),
  house: requiredField('House number', MSG.houseRequired),
  landmark: requiredField('Landmark', MSG.landmarkRequired),
  state: requiredField('State', MSG.stateRequired),
  country: requiredField('Country', MSG.countryRequired),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;
export type DeliveryAddressInput = z.input<typeof DeliveryAddressSchema>;

/** The address snapshot as an order returns it: stored text as it is, whatever rules applied when it was taken. */
const DeliveryAddressOutSchema = z.object({
  name: z.string(),
  pin: z.string(),
  city: z.string(),
  house: z.string(),
  landmark: z.string(),
  state: z.string(),
  country: z.string(),
});

export const QuantitySchema = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(ORDER_QTY_MAX, `Quantity can be at most ${ORDER_QTY_MAX}`);

const OrderItemInputSchema = z.object({
  productId: z
    .number({ error: 'productId must be a product id' })
    .int('productId must be a product id')
    .min(1, 'productId must be a product id')
    .max(2_147_483_647, 'productId must be a product id'),
  quantity: QuantitySchema,
});

/** POST /api/orders body. Prices are never sent: the server takes them from the catalogue. */
export const PlaceOrderBodySchema = z.object({
  items: z
    .array(OrderItemInputSchema, { error: 'Choose at least one product' })
    .min(1, 'Choose at least one product')
    .max(ORDER_LINES_MAX, `An order can hold at most ${ORDER_LINES_MAX} different products`)
    .refine(
      (items) => new Set(items.map((i) => i.productId)).size === items.length,
      'Each product may appear only once in an order',
    ),
  address: DeliveryAddressSchema,
  paymentMethod: z.enum(PAYMENT_METHODS, {
    error: 'Choose a payment method: UPI/QR, Credit/ATM Card or Cash on Delivery',
  }),
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBodySchema>;

/** The Idempotency-Key header: one per checkout attempt, reused when the same attempt is retried. */
const IdempotencyKeySchema = z
  .string({ error: 'The Idempotency-Key header is required' })
  .min(1, 'The Idempotency-Key header is required')
  .max(100, 'The Idempotency-Key header must be at most 100 characters')
  .regex(/^[\x20-\x7e]+$/, 'The Idempotency-Key header may hold printable characters only');

export const PlaceOrderHeadersSchema = z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema });

const OrderItemSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  /** Catalogue image of the product, or null when the product no longer exists. */
  image: z.string().nullable(),
  /** Listed unit price in rupees at the time of the order. */
  unitPrice: z.number(),
  discount: z.number().int(),
  quantity: z.number().int(),
  /** unitPrice x quantity x (1 - discount/100), rounded to paise. */
  lineTotal: z.number(),
});

export const OrderSchema = z.object({
  _id: z.string(),
  id: z.string(),
  /** Short reference a customer can read out on the phone. */
  number: z.string(),
  userId: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  items: z.array(OrderItemSchema),
  total: z.number(),
  address: DeliveryAddressOutSchema,
  paymentMethod: z.enum(PAYMENT_METHODS),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** The UPI transaction reference the customer entered, or null. */
  paymentReference: z.string().nullable(),
  /** When staff marked it paid, or null. */
  paidAt: z.string().nullable(),
  /** Who canceled it, or null while it is not canceled. */
  cancelledBy: z.enum(['customer', 'staff', 'system']).nullable(),
  /** Until when an unpaid UPI order without its transaction reference keeps its stock; after it, it is canceled. */
  holdUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * PUT /api/orders/{id}/payment body: the customer of a UPI order gives the UTR of their payment (`{ reference }`,
 * while unpaid and not canceled); staff mark an order paid (`{ status: 'paid' }`, also without a reference for cash
 * and card on delivery) or a refund given (`{ status: 'refunded' }`, from refund_due).
 */
export const OrderPaymentBodySchema = z.union(
  [
    z.strictObject({
      reference: z.string({ error: ORDER_MSG.utrInvalid }).trim().regex(UTR_PATTERN, ORDER_MSG.utrInvalid),
    }),
    z.strictObject({
      status: z.enum(['paid', 'refunded'], { error: 'Payment status must be paid or refunded' }),
    }),
  ],
  { error: 'Send either { reference } (the 12-digit UTR) or { status: "paid" | "refunded" }' },
);
export type OrderPaymentBody = z.infer<typeof OrderPaymentBodySchema>;

export const OrderStatusBodySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of: ${ORDER_STATUSES.join(', ')}` }),
});

/** GET /api/orders (staff) query: a page, optionally of one status. */
export const OrderListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: CursorSchema,
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(ORDER_STATUSES, { error: `Status must be one of: ${ORDER_STATUSES.join(', ')}` }).optional(),
  ),
  paymentStatus: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(PAYMENT_STATUSES, { error: `Payment status must be one of: ${PAYMENT_STATUSES.join(', ')}` }).optional(),
  ),
});

/** Socket event to staff (and the order's customer) whenever an order is placed or changes status. */
export const ORDER_CHANGED_EVENT = 'order_changed';
export const OrderChangedEventSchema = z.object({
  order: OrderSchema,
  kind: z.enum(['placed', 'status', 'cancelled', 'payment']),
});
export type OrderChangedEvent = z.infer<typeof OrderChangedEventSchema>;

/** The short, human reference of an order (first 8 hex digits of its id). */
export function orderNumber(id: string): string {
  return id.replaceAll('-', '').slice(0, 8).toUpperCase();
}
