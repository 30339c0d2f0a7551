import type { HospitalInfo } from '#shared/slots';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Escapes a TEXT value of RFC 5545 (backslash, semicolon, comma, newline). */
export function icsText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** A quoted parameter value (CN=...): quotes and control characters cannot appear inside one. */
const icsParam = (s: string) => `"${[...s].map((c) => (c === '"' || c.charCodeAt(0) < 32 ? ' ' : c)).join('')}"`;

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

const icsDate = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export interface ConfirmedBookingMail {
  bookingId: string;
  userName: string;
  userEmail: string;
  ownerName: string;
  petName: string;
  schedule: string;
  startsAt: Date;
  minutes: number;
  hospital: HospitalInfo;
  timeZone: string;
}

/** The calendar invite (METHOD:REQUEST) for a confirmed booking. */
export function bookingIcs(m: ConfirmedBookingMail, now = new Date()): string {
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
    `SUMMARY:${icsText(`Appointment for ${m.petName} at ${m.hospital.name}`)}`,
    `LOCATION:${icsText(`${m.hospital.name}, ${m.hospital.address}`)}`,
    `DESCRIPTION:${icsText(
      `Pet: ${m.petName}\nOwner: ${m.ownerName}\nWhen: ${m.schedule} (${m.timeZone})\nClinic phone: ${m.hospital.phone}\nClinic email: ${m.hospital.email}\nOpening hours: ${m.hospital.hours}`,
    )}`,
    `ORGANIZER;CN=${icsParam(m.hospital.name)}:mailto:${m.hospital.email.replace(/[\s"<>]/g, '')}`,
    `ATTENDEE;CN=${icsParam(m.ownerName)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${m.userEmail.replace(/[\s"<>]/g, '')}`,
    'STATUS:CONFIRMED',
    'SEQUENCE:0',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** Subject, plain text and HTML of the "booking confirmed" mail; every user-supplied text is escaped. */
export function bookingConfirmedMail(m: ConfirmedBookingMail) {
  const h = m.hospital;
  const subject = `Your appointment for ${m.petName.replace(/[\r\n]+/g, ' ')} is confirmed (${m.schedule})`;
  const text = [
    `Hello ${m.userName},`,
    '',
    `Your booking for ${m.petName} on ${m.schedule} (${m.timeZone}) is confirmed.`,
    '',
    `${h.name}`,
    `${h.address}`,
    `Phone: ${h.phone}`,
    `Email: ${h.email}`,
    `Opening hours: ${h.hours}`,
    '',
    'The attached invitation adds the appointment to your calendar.',
    '',
    'Pawcare',
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>Hello ${e(m.userName)},</p>
<p>Your booking for <strong>${e(m.petName)}</strong> on <strong>${e(m.schedule)}</strong> (${e(m.timeZone)}) is confirmed.</p>
<table role="presentation" style="border-collapse:collapse">
<tr><th align="left" style="padding:2px 12px 2px 0">Clinic</th><td>${e(h.name)}</td></tr>
<tr><th align="left" style="padding:2px 12px 2px 0">Address</th><td>${e(h.address)}</td></tr>
<tr><th align="left" style="padding:2px 12px 2px 0">Phone</th><td>${e(h.phone)}</td></tr>
<tr><th align="left" style="padding:2px 12px 2px 0">Email</th><td>${e(h.email)}</td></tr>
<tr><th align="left" style="padding:2px 12px 2px 0">Opening hours</th><td>${e(h.hours)}</td></tr>
</table>
<p>The attached invitation adds the appointment to your calendar.</p>
<p>Pawcare</p>
</body></html>`;
  return { subject, text, html, ics: bookingIcs(m) };
}
