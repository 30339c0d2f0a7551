import { formatDateTime } from '#shared/dates';
import { oneLine, type FactsBlock } from './compose.ts';
import type { MailLink } from './layout.ts';

/* What every booking mail says of its booking, and the links it carries. */

/** A booking as its mails describe it. */
export interface BookingMailFacts {
  petName: string;
  serviceName: string;
  serviceId: string;
  petId: string | null;
  startsAt: Date;
  /** The clinic's time zone: times are written on its clock, with its name. */
  timeZone: string;
  /** The address the driver comes to, for a pickup ride; null for every other service. */
  pickupAddress: string | null;
  /** The app's public address (config PUBLIC_URL, no trailing slash). */
  publicUrl: string;
}

/** The customer's bookings page: each booking with its status, Change Slot and Cancel. */
export function bookingsPageUrl(publicUrl: string): string {
  return `${publicUrl}/slots`;
}

/** The link every booking mail carries to where the customer moves or cancels it. */
export function manageLink(publicUrl: string): MailLink {
  return { label: 'Manage this booking', href: bookingsPageUrl(publicUrl) };
}

/** The booking form opened on a service (and pet, and week of `date`): the web reads these as a rebooking link. */
export function rebookUrl(publicUrl: string, to: { serviceId: string; petId: string | null; date?: string }): string {
  const q = new URLSearchParams({ serviceId: to.serviceId });
  if (to.date) q.set('date', to.date);
  if (to.petId) q.set('petId', to.petId);
  return `${bookingsPageUrl(publicUrl)}?${q.toString()}`;
}

/** 'Tue, 24 Nov 2026 at 12:00 (Asia/Kolkata)': a booking's time as its mails write it. */
export function mailWhen(at: Date, timeZone: string): string {
  return `${formatDateTime(at, timeZone)} (${timeZone})`;
}

/** What a pickup ride's mail says it is, and where the driver will come. */
function rideSentence(petName: string, pickupAddress: string): string {
  return `This is a pickup ride: our driver will come to ${oneLine(pickupAddress)} to collect ${oneLine(petName)}.`;
}

/** The sentence a booking mail adds when its booking is a pickup ride, or none. */
export function rideSentences(f: Pick<BookingMailFacts, 'petName' | 'pickupAddress'>): string[] {
  return f.pickupAddress === null ? [] : [rideSentence(f.petName, f.pickupAddress)];
}

/** The booking's box: service, pet, time and, for a ride, the pickup address. */
export function bookingFacts(f: BookingMailFacts): FactsBlock {
  return {
    kind: 'facts',
    rows: [
      ['Service', f.serviceName],
      ['Pet', f.petName],
      ['When', mailWhen(f.startsAt, f.timeZone)],
      ...(f.pickupAddress === null ? [] : [['Pickup from', f.pickupAddress] as const]),
    ],
  };
}
