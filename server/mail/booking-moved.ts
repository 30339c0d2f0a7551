import { formatDateTime } from '#shared/dates';
import type { MailBrand } from './brand.ts';
import { bookingFacts, mailWhen, manageLink, rideSentences, type BookingMailFacts } from './booking-parts.ts';
import { composeMail, type ComposedMail } from './compose.ts';

/** What the "booking moved" mail says: the booking at its new time, the time it had, and who moved it. */
export interface MovedBookingMail extends BookingMailFacts {
  userName: string;
  /** The time it had before. */
  from: Date;
  /** The clinic moved it (the customer is told), or the customer did (a confirmation). */
  by: 'clinic' | 'customer';
}

/**
 * Subject, plain text and HTML of the "booking moved" mail: from when to when, that the new time waits for the
 * clinic's confirmation, a ride's pickup address, and the link to manage it; every typed text is escaped in the HTML.
 */
export function bookingMovedMail(brand: MailBrand, m: MovedBookingMail): ComposedMail {
  const what = `${m.petName}'s ${m.serviceName}`;
  const fromTo = `from ${formatDateTime(m.from, m.timeZone)} to ${mailWhen(m.startsAt, m.timeZone)}`;
  return composeMail(brand, {
    subject: `Your ${m.pickupAddress === null ? 'appointment' : 'pickup ride'} for ${m.petName} is moved to ${formatDateTime(m.startsAt, m.timeZone)}`,
    name: m.userName,
    body: [
      m.by === 'clinic' ? `The clinic moved ${what} ${fromTo}.` : `As you asked, ${what} is moved ${fromTo}.`,
      'The new time waits for the clinic to confirm it; we will e-mail you when it does.',
      ...rideSentences(m),
      bookingFacts(m),
    ],
    action: manageLink(m.publicUrl),
  });
}
