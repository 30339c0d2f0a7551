import type { Cart } from '#shared/cart';
import type { ClinicSettings } from '#shared/clinic-settings';
import type { Product } from '#shared/catalogue';
import type { ChatMessage } from '#shared/chat';
import type { Emergency } from '#shared/emergencies';
import { fromPaise, lineTotalPaise, toPaise } from '#shared/money';
import type { Order } from '#shared/orders';
import type { Pet } from '#shared/pets';
import type { Ride } from '#shared/rides';
import type { Service } from '#shared/offerings';
import type { PublicConfig } from '#shared/settings';
import type { Booking } from '#shared/bookings';

/** A service as the API returns it: a bookable 30-minute checkup unless `over` says otherwise. */
export function makeOffering(over: Partial<Service> = {}): Service {
  return {
    id: 'svc-checkup',
    name: 'Pet Health Checkup',
    kind: 'checkup',
    description: '',
    durationMinutes: 30,
    price: null,
    capacity: 2,
    active: true,
    sortOrder: 10,
    needsAddress: false,
    bookable: true,
    hsnSac: '998351',
    gstRate: 0,
    ...over,
  };
}

/** A pet as the API returns it. */
export function makePet(over: Partial<Pet> = {}): Pet {
  return {
    id: 'p1',
    ownerId: 'u1',
    name: 'Bruno',
    species: 'dog',
    breed: 'Labrador',
    sex: 'male',
    birthDate: null,
    ageYears: 3,
    weightKg: 28.5,
    markings: null,
    microchip: null,
    allergies: null,
    notes: null,
    photoUrl: null,
    archived: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/**
 * A booking as the API returns it: Bruno's pending checkup, booked by user u1 for 4 March 2026 at 10:00 (its
 * `schedule` follows the date and time given).
 */
export function makeBooking(over: Partial<Booking> = {}): Booking {
  const date = over.date ?? '2026-03-04';
  const time = over.time ?? '10:00';
  return {
    _id: 'b1',
    id: 'b1',
    userId: 'u1',
    userName: 'Pet Owner',
    userEmail: 'owner@example.com',
    userAddress: null,
    schedule: `${date} at ${time}`,
    date,
    time,
    startsAt: '2026-03-04T04:30:00.000Z',
    petName: 'Bruno',
    ownerName: 'Pet Owner',
    petAge: 3,
    phone: '9876543210',
    status: 'pending',
    hospitalInfo: null,
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    service: { id: 'svc-checkup', name: 'Pet Health Checkup', kind: 'checkup', durationMinutes: 30 },
    serviceId: 'svc-checkup',
    petId: 'p1',
    note: null,
    pickupAddress: null,
    endsAt: '2026-03-04T05:00:00.000Z',
    visit: null,
    needsOutcome: false,
    ride: null,
    providerId: null,
    providerName: null,
    ...over,
  };
}

/**
 * A ride as GET /api/rides lists it: Bruno's confirmed pickup from 12 Lake Road on 4 March 2026 at 10:00 (booking
 * b1 of user u1), not started yet.
 */
export function makeRide(over: Partial<Ride> = {}): Ride {
  return {
    bookingId: 'b1',
    date: '2026-03-04',
    time: '10:00',
    startsAt: '2026-03-04T04:30:00.000Z',
    address: '12 Lake Road, Kolkata',
    customerId: 'u1',
    customerName: 'Pet Owner',
    phone: '9876543210',
    petId: 'p1',
    petName: 'Bruno',
    note: null,
    bookingStatus: 'confirmed',
    rideStatus: 'scheduled',
    steps: [],
    alerts: [],
    ...over,
  };
}

/**
 * An order as the API returns it: order `id` of user u1, placed on 1 March 2026 at 10:00 UTC, one bag of dog food
 * paid by UPI. Its number is the first characters of its id, as the server makes it.
 */
export function makeOrder(over: Partial<Order> = {}): Order {
  const id = over.id ?? 'a1000000-0000-4000-8000-000000000001';
  return {
    _id: id,
    id,
    number: id.replaceAll('-', '').slice(0, 8).toUpperCase(),
    userId: 'u1',
    customerName: 'Pet Owner',
    customerEmail: 'owner@example.com',
    items: [
      { productId: 1, name: 'Dog Food 5 kg', image: null, unitPrice: 1200, discount: 0, quantity: 1, lineTotal: 1200 },
    ],
    total: 1200,
    address: {
      name: 'Pet Owner',
      pin: '700001',
      city: 'Kolkata',
      house: '12 Lake Road',
      landmark: '',
      state: 'West Bengal',
      country: 'India',
    },
    paymentMethod: 'upi',
    status: 'placed',
    paymentStatus: 'unpaid',
    paymentReference: null,
    paidAt: null,
    cancelledBy: null,
    holdUntil: '2026-03-01T10:30:00.000Z',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...over,
  };
}

/**
 * A stored chat message of conversation `customerId` (null: a broadcast) from `from`, sent at 09:mm on 23 November
 * 2026; its text is "Message <id>" unless `text` is given.
 */
export function makeMessage(
  id: string,
  from: { id: string; name: string; role: 'user' | 'employee' },
  opts: { customerId?: string | null; text?: string; minute?: number } = {},
): ChatMessage {
  const customerId = opts.customerId === undefined ? 'c1' : opts.customerId;
  return {
    _id: id,
    id,
    senderId: from.id,
    senderName: from.name,
    senderRole: from.role,
    receiverId: from.role === 'user' ? null : (customerId ?? 'all'),
    customerId,
    message: opts.text ?? `Message ${id}`,
    clientMessageId: `cm-${id}`,
    timestamp: `2026-11-23T09:${String(opts.minute ?? 0).padStart(2, '0')}:00.000Z`,
  };
}

/**
 * An emergency request as the API returns it: customer u1's open, untriaged request for Bruno, raised on 1 March 2026
 * at 10:00 UTC, coming in. Its events start with the raise.
 */
export function makeEmergency(over: Partial<Emergency> = {}): Emergency {
  const createdAt = over.createdAt ?? '2026-03-01T10:00:00.000Z';
  return {
    id: 'em1',
    customerId: 'u1',
    customerName: 'Pet Owner',
    petId: 'p1',
    petName: 'Bruno',
    description: 'Ate chocolate an hour ago and is shaking.',
    phone: '9876543210',
    needsPickup: false,
    address: null,
    status: 'open',
    triageLevel: null,
    assignedToId: null,
    assignedToName: null,
    createdAt,
    updatedAt: createdAt,
    events: [{ status: 'open', triageLevel: null, note: null, actorName: 'Pet Owner', at: createdAt }],
    ...over,
  };
}

/** A catalogue product as the API returns it: id 1, dog food at ₹1,200 with no discount, 40 in stock. */
export function makeProduct(over: Partial<Product> = {}): Product {
  const id = over.id ?? 1;
  return {
    _id: id,
    id,
    name: 'Dog Food 5 kg',
    price: 1200,
    rating: 4.5,
    category: 'Food',
    discount: 0,
    image: `/images/products/${id}.svg`,
    details: 'Complete food for adult dogs.',
    stock: 40,
    active: true,
    hsnSac: '2309',
    gstRate: 18,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...over,
    ...(over.id !== undefined && over._id === undefined ? { _id: over.id } : {}),
  };
}

/** A cart of the given products and quantities, priced as the server prices it. */
export function makeCart(lines: { product: Product; quantity: number }[] = []): Cart {
  const items = lines.map(({ product, quantity }) => ({
    productId: product.id,
    quantity,
    product,
    lineTotal: fromPaise(lineTotalPaise(toPaise(product.price), quantity, product.discount)),
    available: product.active && product.stock >= quantity,
    addedAt: '2026-03-01T10:00:00.000Z',
  }));
  return {
    items,
    count: items.reduce((n, l) => n + l.quantity, 0),
    total: fromPaise(items.reduce((sum, l) => sum + toPaise(l.lineTotal), 0)),
  };
}

/** GET /api/config as the server answers it, with the clinic's weekly hours in words. */
export function makePublicConfig(over: { hours?: string } = {}): PublicConfig {
  return {
    upiId: 'pawcare@upi',
    upiName: 'Pawcare',
    clinic: {
      name: 'Pawcare',
      address: '12 Park Street',
      phone: '9876543210',
      email: 'clinic@example.com',
      hours: over.hours ?? 'Mon-Sat 09:00-18:00',
    },
    slot: { open: '09:00', close: '18:00', minutes: 30, capacity: 2, timeZone: 'Asia/Kolkata' },
  };
}

/** The clinic settings (GET /api/settings/clinic, and the live `clinic_settings` event): open 09:00-18:00 daily. */
export function makeClinicSettings(over: Partial<ClinicSettings> = {}): ClinicSettings {
  const day = { open: '09:00', close: '18:00' };
  return {
    hours: { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: day },
    slotMinutes: 30,
    bookingWindowDays: 90,
    bookingNoticeMinutes: 0,
    changeNoticeMinutes: 0,
    maxOpenBookings: 6,
    upiHoldMinutes: 30,
    maxUnpaidOrders: 2,
    maxUnitsPerProduct: 10,
    legalName: 'Pawcare Pet Clinic LLP',
    gstin: null,
    stateCode: '19',
    invoicePrefix: 'PC',
    pricesIncludeTax: true,
    closures: [],
    ...over,
  };
}
