import { formatDateTime } from '#shared/dates';
import type { MailBrand } from './brand.ts';
import { bookingFacts, manageLink, mailWhen, rebookUrl, type BookingMailFacts } from './booking-parts.ts';
import { composeMail, oneLine, type ComposedMail } from './compose.ts';

/** What the "booking canceled" mail says about a booking, and who canceled it. */
export interface CanceledBookingMail extends BookingMailFacts {
  userName: string;
  /** The clinic canceled it (the customer is told), or the customer did (a confirmation). */
  by: 'clinic' | 'customer';
}

/**
 * Subject, plain text and HTML of the "booking canceled" mail: what was canceled and by whom, that a ride's driver
 * will not come, and a link to book the service again (when the clinic canceled) beside the link to the bookings;
 * every typed text is escaped in the HTML.
 */
export function bookingCanceledMail(brand: MailBrand, m: CanceledBookingMail): ComposedMail {
  const what = `${m.petName}'s ${m.serviceName} on ${mailWhen(m.startsAt, m.timeZone)}`;
  const byClinic = m.by === 'clinic';
  const ride = m.pickupAddress === null ? [] : [`Our driver will not come to ${oneLine(m.pickupAddress)}.`];
  return composeMail(brand, {
    subject: `Your ${m.pickupAddress === null ? 'appointment' : 'pickup ride'} for ${m.petName} on ${formatDateTime(m.startsAt, m.timeZone)} is canceled`,
    name: m.userName,
    body: byClinic
      ? [
          `We are sorry: the clinic had to cancel ${what}.`,
          ...ride,
          'Please book another time that suits you.',
          bookingFacts(m),
        ]
      : [`As you asked, ${what} is canceled and its time given up.`, ...ride, bookingFacts(m)],
    ...(byClinic
      ? { action: { label: 'Book another time', href: rebookUrl(m.publicUrl, m) }, also: manageLink(m.publicUrl) }
      : { action: manageLink(m.publicUrl) }),
  });
}
