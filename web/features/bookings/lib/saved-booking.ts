import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { readJson, writeJson } from '../../../lib/storage.ts';

/**
 * The spec's savedBooking (date, time, petName, ownerName, petAge, phone, selectedSlot), plus the booking's id
 * its owner and its service, so Cancel and Change Slot can act on it on the server, and another account on the
 * same browser never sees it.
 */
export interface SavedBooking {
  date: string;
  time: string;
  petName: string;
  ownerName: string;
  petAge: string;
  phone: string;
  /** The booked time, as the schedule text 'date at time'. */
  selectedSlot: string;
  bookingId?: string;
  userId?: string;
  /** The service booked (Change Slot offers the times of that service). */
  serviceId?: string;
  serviceName?: string;
  /** Who sees the pet (left out for a service without providers). */
  providerName?: string;
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** The saved booking of this user, or null when there is none (or it is someone else's or corrupt). */
export function readSavedBooking(userId: string | undefined): SavedBooking | null {
  const v = readJson<Partial<SavedBooking>>(STORAGE_KEYS.savedBooking);
  if (!v || typeof v !== 'object') return null;
  if (![v.date, v.time, v.petName, v.ownerName, v.phone].every(isText)) return null;
  if (v.userId && userId && v.userId !== userId) return null;
  return {
    date: v.date!,
    time: v.time!,
    petName: v.petName!,
    ownerName: v.ownerName!,
    petAge: isText(v.petAge) ? v.petAge : v.petAge == null ? '' : String(v.petAge),
    phone: v.phone!,
    selectedSlot: isText(v.selectedSlot) ? v.selectedSlot : `${v.date} at ${v.time}`,
    bookingId: isText(v.bookingId) ? v.bookingId : undefined,
    userId: isText(v.userId) ? v.userId : undefined,
    serviceId: isText(v.serviceId) ? v.serviceId : undefined,
    serviceName: isText(v.serviceName) ? v.serviceName : undefined,
    providerName: isText(v.providerName) ? v.providerName : undefined,
  };
}

/** Saves the booking shown in the booked view. */
export function writeSavedBooking(b: SavedBooking): void {
  writeJson(STORAGE_KEYS.savedBooking, b);
}

/** Forgets the saved booking (Cancel, Book another). */
export function clearSavedBooking(): void {
  writeJson(STORAGE_KEYS.savedBooking, null);
}
