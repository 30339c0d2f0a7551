import { describe, expect, it } from 'vitest';
import { bookingConfirmedMail, bookingIcs, escapeHtml, foldLine, icsText } from './booking-confirmed';

const mail = {
  bookingId: '2f1c7a52-8d3e-4a51-9a57-2b8f0d7f4a11',
  userName: 'Pet <Owner>',
  userEmail: 'owner@example.com',
  ownerName: 'Pet "PO" Owner',
  petName: 'Bruno; the, good\nboy',
  schedule: '2031-03-04 at 10:30',
  startsAt: new Date('2031-03-04T05:00:00Z'),
  minutes: 30,
  hospital: { name: 'Pawcare & Co', address: '12 Park Street, Kolkata', phone: '9876543210', email: 'clinic@pawcare.local', hours: 'Mon-Sat 09:00-18:00' },
  timeZone: 'Asia/Kolkata',
};

describe('booking confirmation mail', () => {
  it('escapes every user text in the HTML', () => {
    const { html } = bookingConfirmedMail(mail);
    expect(html).toContain('Pet &lt;Owner&gt;');
    expect(html).toContain('Pawcare &amp; Co');
    expect(html).not.toContain('<Owner>');
    expect(escapeHtml(`<img src=x onerror="alert('x')">`)).toBe('&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;');
  });

  it('builds a calendar invite with the right times and escaped text', () => {
    const ics = bookingIcs(mail, new Date('2031-03-01T00:00:00Z'));
    expect(ics).toContain('DTSTART:20310304T050000Z\r\n');
    expect(ics).toContain('DTEND:20310304T053000Z\r\n');
    expect(ics).toContain('DTSTAMP:20310301T000000Z\r\n');
    expect(ics).toContain('SUMMARY:Appointment for Bruno\\; the\\, good\\nboy at Pawcare & Co');
    expect(ics).toContain('ATTENDEE;CN="Pet  PO  Owner"');
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it('folds long lines without splitting a character', () => {
    const line = 'DESCRIPTION:' + 'पशु'.repeat(40);
    const folded = foldLine(line);
    expect(folded.split('\r\n ').join('')).toBe(line);
    expect(folded.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(icsText('a\\b')).toBe('a\\\\b');
  });
});
