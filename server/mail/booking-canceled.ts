import { formatDateTime } from '#shared/dates';
import { composeMail, type ComposedMail } from './compose.ts';

/** What the "booking canceled" mail says about a booking, and who canceled it. */
export interface CanceledBookingMail {
  userName: string;
  petName: string;
  serviceName: string;
  startsAt: Date;
  timeZone: string;
  /** The clinic canceled it (the customer is told), or the customer did (a confirmation). */
  by: 'clinic' | 'customer';
  /** The app's public address (config PUBLIC_URL, no trailing slash). */
  publicUrl: string;
}

/** Subject, plain text and HTML of the "booking canceled" mail; every typed text is escaped in the HTML. */
export function bookingCanceledMail(m: CanceledBookingMail): ComposedMail {
  const when = `${formatDateTime(m.startsAt, m.timeZone)} (${m.timeZone})`;
  const what = `${m.petName}'s ${m.serviceName} on ${when}`;
  const byClinic = m.by === 'clinic';
  return composeMail({
    subject: `Your appointment for ${m.petName} on ${formatDateTime(m.startsAt, m.timeZone)} is canceled`,
    name: m.userName,
    lines: byClinic
      ? [`We are sorry: the clinic had to cancel ${what}.`, 'Please book another time that suits you.']
      : [`As you asked, ${what} is canceled and its time given up.`],
    action: byClinic ? 'Book another time' : 'See your bookings',
    link: `${m.publicUrl}/slots`,
    signature: 'Pawcare',
  });
}
