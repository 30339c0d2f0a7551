import type { BookingListQuery } from '#shared/bookings';

/** Query keys of the slots feature. */
export const slotKeys = {
  all: ['slots'] as const,
  availability: (date: string, serviceId = '', providerId = '') =>
    ['slots', 'availability', date, serviceId, providerId] as const,
  calendar: (month: string, serviceId = '', providerId = '') =>
    ['slots', 'calendar', month, serviceId, providerId] as const,
  mine: () => ['slots', 'mine'] as const,
  /** Every staff list of bookings, whatever its filter. */
  bookingLists: ['slots', 'bookings'] as const,
  bookings: (filter: BookingListQuery) => ['slots', 'bookings', filter] as const,
  stats: () => ['slots', 'stats'] as const,
  /** Upcoming bookings outside the clinic's hours (staff): kept current by events, refetched on a settings change. */
  outsideHours: ['slots', 'outside-hours'] as const,
  /** Upcoming bookings whose provider is off then (staff): kept current by events. */
  providerTimeOff: ['slots', 'provider-time-off'] as const,
};
