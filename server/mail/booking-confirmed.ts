import { formatDateTime } from '#shared/dates';
import type { HospitalInfo } from '#shared/bookings';
import type { MailBrand } from './brand.ts';
import { bookingFacts, manageLink, rideSentences, type BookingMailFacts } from './booking-parts.ts';
import { composeMail, type ComposedMail } from './compose.ts';

/** Line breaks of every kind a reader may honour: CRLF, a lone CR or LF, NEL, and the Unicode line and paragraph separators. */
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;
/**
 * Characters RFC 5545 allows in no value (CONTROL: C0 except HTAB, and DEL), the C1 controls, and lone surrogates
 * (not encodable in UTF-8). Kept out of every line, so no value can end its line or start another.
 */
function notAllowed(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  return (cp < 0x20 && cp !== 0x09) || (cp >= 0x7f && cp <= 0x9f) || (cp >= 0xd800 && cp <= 0xdfff);
}

/** Replaces each character no value may hold (iterating by code point, so only lone surrogates count as such). */
const scrub = (s: string, by: string) => Array.from(s, (ch) => (notAllowed(ch) ? by : ch)).join('');

/**
 * A TEXT value of RFC 5545 (3.3.11): backslash, semicolon and comma escaped, every line break written as `\n`,
 * other control characters (not allowed in TEXT) dropped.
 */
export function icsText(s: string): string {
  return scrub(s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(LINE_BREAK, '\\n'), '');
}

/** A quoted parameter value (CN="..."): a quote or a control character cannot appear inside one, so each becomes a space. */
const icsParam = (s: string) => `"${scrub(s.replace(LINE_BREAK, ' ').replace(/["\t]/g, ' '), ' ')}"`;

/** A mailto: address as a CAL-ADDRESS value: no spaces, quotes, angle brackets or control characters. */
const icsMailto = (email: string) => `mailto:${scrub(email, '').replace(/[\s"<>]/g, '')}`;

/** Folds a content line at 75 octets, as RFC 5545 requires, without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let cur = '';
  let bytes = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (bytes + n > limit) {
      out.push(cur);
      cur = '';
      bytes = 0;
    }
    cur += ch;
    bytes += n;
  }
  out.push(cur);
  return out.join('\r\n ');
}

const icsDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** What the confirmation (and the reminder's invite) says: the booking, who booked it, and the clinic's details. */
export interface ConfirmedBookingMail extends BookingMailFacts {
  bookingId: string;
  userName: string;
  userEmail: string;
  ownerName: string;
  minutes: number;
  hospital: HospitalInfo;
}

/** The calendar invite (METHOD:REQUEST) for a confirmed booking. */
export function bookingIcs(m: ConfirmedBookingMail, now = new Date()): string {
  const pickup = m.pickupAddress;
  const end = new Date(m.startsAt.getTime() + m.minutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Pawcare//Slot booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:booking-${m.bookingId}@pawcare`,
    `DTSTAMP:${icsDate(now)}`,
    `DTSTART:${icsDate(m.startsAt)}`,
    `DTEND:${icsDate(end)}`,
    `SUMMARY:${icsText(pickup === null ? `Appointment for ${m.petName} at ${m.hospital.name}` : `Pickup ride for ${m.petName} (${m.hospital.name})`)}`,
    // A ride's place is where the driver comes, not the clinic.
    `LOCATION:${icsText(pickup ?? `${m.hospital.name}, ${m.hospital.address}`)}`,
    `DESCRIPTION:${icsText(
      `${pickup === null ? '' : `Pickup ride: the driver comes to ${pickup}\n`}Pet: ${m.petName}\nOwner: ${m.ownerName}\nWhen: ${formatDateTime(m.startsAt, m.timeZone)} (${m.timeZone})\nClinic phone: ${m.hospital.phone}\nClinic email: ${m.hospital.email}\nOpening hours: ${m.hospital.hours}`,
    )}`,
    `ORGANIZER;CN=${icsParam(m.hospital.name)}:${icsMailto(m.hospital.email)}`,
    `ATTENDEE;CN=${icsParam(m.ownerName)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:${icsMailto(m.userEmail)}`,
    'STATUS:CONFIRMED',
    'SEQUENCE:0',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/**
 * Subject, plain text and HTML of the "booking confirmed" mail, with its calendar invite: the booking, a pickup
 * ride's address, the clinic's details and the link to manage it; every typed text is escaped in the HTML.
 */
export function bookingConfirmedMail(brand: MailBrand, m: ConfirmedBookingMail): ComposedMail & { ics: string } {
  const h = m.hospital;
  const when = formatDateTime(m.startsAt, m.timeZone);
  const mail = composeMail(brand, {
    subject: `Your ${m.pickupAddress === null ? 'appointment' : 'pickup ride'} for ${m.petName} is confirmed (${when})`,
    name: m.userName,
    body: [
      ['Your booking for ', { strong: m.petName }, ' on ', { strong: when }, ` (${m.timeZone}) is confirmed.`],
      ...rideSentences(m),
      bookingFacts(m),
      {
        kind: 'facts',
        rows: [
          ['Clinic', h.name],
          ['Address', h.address],
          ['Phone', h.phone],
          ['Email', h.email],
          ['Opening hours', h.hours],
        ],
      },
    ],
    action: manageLink(m.publicUrl),
    after: ['The attached invitation adds the appointment to your calendar.'],
  });
  return { ...mail, ics: bookingIcs(m) };
}
