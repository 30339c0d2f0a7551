import { formatDateTime, formatDay } from '#shared/dates';
import type { MailBrand } from './brand.ts';
import { bookingIcs, type ConfirmedBookingMail } from './booking-confirmed.ts';
import { bookingFacts, manageLink, rideSentences } from './booking-parts.ts';
import { composeMail, oneLine, type ComposedMail, type MailContent } from './compose.ts';

/** The small print every reminder e-mail ends with: why it came, and the link that stops them without logging in. */
function unsubscribeNote(unsubscribeUrl: string): MailContent['footnote'] {
  return {
    text: 'You get reminder e-mails because they are on in your profile.',
    link: { label: 'Turn them off', href: unsubscribeUrl },
  };
}

/** What the reminder before a confirmed visit says; `unsubscribeUrl` is the customer's own link. */
export interface AppointmentReminderMail extends ConfirmedBookingMail {
  unsubscribeUrl: string;
}

/**
 * The reminder before a confirmed visit, with its calendar invite: where (the clinic, or for a pickup ride the address
 * the driver comes to), the booking's box, the link to manage it and the unsubscribe link.
 */
export function appointmentReminderMail(brand: MailBrand, m: AppointmentReminderMail): ComposedMail & { ics: string } {
  const what = `${m.petName}'s ${m.serviceName} on ${formatDateTime(m.startsAt, m.timeZone)}`;
  const h = m.hospital;
  const mail = composeMail(brand, {
    subject: `Reminder: ${what}`,
    name: m.ownerName,
    body: [
      m.pickupAddress === null
        ? `This is a reminder of ${what} (${m.timeZone}) at ${h.name}, ${h.address}.`
        : `This is a reminder of ${what} (${m.timeZone}).`,
      ...rideSentences(m),
      bookingFacts(m),
    ],
    action: manageLink(m.publicUrl),
    footnote: unsubscribeNote(m.unsubscribeUrl),
  });
  return { ...mail, ics: bookingIcs(m) };
}

/** What the reminder of a next-due date says: the pet, what is due and when, and the rebooking link. */
export interface CareReminderMail {
  ownerName: string;
  petName: string;
  reason: string;
  /** The due day, 'YYYY-MM-DD'. */
  dueDate: string;
  /** The booking form opened on the visit's service and pet, at the due date's week. */
  rebookUrl: string;
  unsubscribeUrl: string;
}

/** The sentence a care reminder (its mail and its notification) says. */
export function careReminderLine(m: Pick<CareReminderMail, 'petName' | 'reason' | 'dueDate'>): string {
  return `${m.petName} is due for ${m.reason} on ${formatDay(m.dueDate)}.`;
}

/** The reminder of a next-due date (a booster, a check), with the link that books it in one tap. */
export function careReminderMail(brand: MailBrand, m: CareReminderMail): ComposedMail {
  return composeMail(brand, {
    subject: `${oneLine(m.petName)} is due for ${oneLine(m.reason)} on ${formatDay(m.dueDate)}`,
    name: m.ownerName,
    body: [careReminderLine(m)],
    action: { label: 'Book a time in one tap', href: m.rebookUrl },
    footnote: unsubscribeNote(m.unsubscribeUrl),
  });
}
