import { describe, expect, it } from 'vitest';
import { testBrand } from '../test/mail.ts';
import { bookingConfirmedMail, bookingIcs, foldLine, icsText } from './booking-confirmed.ts';
import { escapeHtml } from './layout.ts';

const brand = testBrand();

const mail = {
  bookingId: '2f1c7a52-8d3e-4a51-9a57-2b8f0d7f4a11',
  userName: 'Pet <Owner>',
  userEmail: 'owner@example.com',
  ownerName: 'Pet "PO" Owner',
  petName: 'Bruno; the, good\nboy',
  startsAt: new Date('2031-03-04T05:00:00Z'),
  minutes: 30,
  hospital: {
    name: 'Pawcare & Co',
    address: '12 Park Street, Kolkata',
    phone: '9876543210',
    email: 'clinic@pawcare.local',
    hours: 'Mon-Sat 09:00-18:00',
  },
  timeZone: 'Asia/Kolkata',
  serviceName: 'Pet Health Checkup',
  serviceId: '5e7a1c00-0000-4000-8000-000000000001',
  petId: null,
  pickupAddress: null,
  publicUrl: 'https://pawcare.example',
};

describe('booking confirmation mail', () => {
  it("says when in the one date format people read, on the clinic's clock", () => {
    const { subject, text, html, ics } = bookingConfirmedMail(brand, mail);
    // 05:00 UTC is 10:30 in India.
    expect(subject).toBe('Your appointment for Bruno; the, good boy is confirmed (Tue, 4 Mar 2031 at 10:30)');
    expect(text).toContain('on Tue, 4 Mar 2031 at 10:30 (Asia/Kolkata) is confirmed.');
    expect(html).toContain('<strong>Tue, 4 Mar 2031 at 10:30</strong> (Asia/Kolkata)');
    expect(ics.replace(/\r\n /g, '')).toContain('When: Tue\\, 4 Mar 2031 at 10:30 (Asia/Kolkata)');
    expect(`${subject}${text}${html}`).not.toContain('2031-03-04');
  });

  it('escapes every user text in the HTML', () => {
    const { html } = bookingConfirmedMail(brand, mail);
    expect(html).toContain('Pet &lt;Owner&gt;');
    expect(html).toContain('Pawcare &amp; Co');
    expect(html).not.toContain('<Owner>');
    expect(escapeHtml(`<img src=x onerror="alert('x')">`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;',
    );
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

  it('keeps every hostile character of hospital info inside its own value, and folds long lines', () => {
    const long = 'Lane '.repeat(40); // 200 characters
    const hostile = {
      ...mail,
      hospital: {
        name: 'Paws\rORGANIZER:mailto:evil@attacker.example',
        address: `12 Park St;\nFloor 2,\r\nKolkata \\ India\u2028पशु चिकित्सालय 🐾 ${long}`,
        phone: '98765\u000043210\u000b\u001b\u007f\u0085',
        email: 'clinic@pawcare.local\r\nX-INJECTED:1',
        hours: 'Mon-Sat\t09:00-18:00\rEND:VEVENT',
      },
    };
    const ics = bookingIcs(hostile, new Date('2031-03-01T00:00:00Z'));

    // Lines end only in CRLF; no other line break or control character is left anywhere.
    const controls = [...ics.replace(/\r\n/g, '')].filter((ch) => {
      const cp = ch.codePointAt(0)!;
      return (cp < 0x20 && cp !== 0x09) || (cp >= 0x7f && cp <= 0x9f) || cp === 0x2028 || cp === 0x2029;
    });
    expect(controls).toEqual([]);
    // Each physical line is at most 75 octets and valid UTF-8 on its own (no character split by a fold).
    const bytes = Buffer.from(ics, 'utf8');
    const physical: Buffer[] = [];
    for (let start = 0, i = 0; i < bytes.length - 1; i++) {
      if (bytes[i] === 13 && bytes[i + 1] === 10) {
        physical.push(bytes.subarray(start, i));
        start = i + 2;
      }
    }
    const strict = new TextDecoder('utf-8', { fatal: true });
    for (const line of physical) {
      expect(line.length).toBeLessThanOrEqual(75);
      expect(() => strict.decode(line)).not.toThrow();
    }

    // Read it back as a lenient reader would (any CR or LF ends a line), unfold, and list the properties.
    const lines = ics
      .split(/\r\n|\r|\n/)
      .reduce<string[]>(
        (acc, l) => (/^[ \t]/.test(l) ? [...acc.slice(0, -1), acc.at(-1)! + l.slice(1)] : [...acc, l]),
        [],
      )
      .filter((l) => l !== '');
    expect(lines.map((l) => /^[A-Z-]+/.exec(l)?.[0])).toEqual([
      'BEGIN',
      'VERSION',
      'PRODID',
      'CALSCALE',
      'METHOD',
      'BEGIN',
      'UID',
      'DTSTAMP',
      'DTSTART',
      'DTEND',
      'SUMMARY',
      'LOCATION',
      'DESCRIPTION',
      'ORGANIZER',
      'ATTENDEE',
      'STATUS',
      'SEQUENCE',
      'TRANSP',
      'END',
      'END',
    ]);
    expect(lines.filter((l) => l.startsWith('BEGIN:') || l.startsWith('END:'))).toEqual([
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
    expect(physical.length).toBeGreaterThan(lines.length); // the long values were folded

    // The unfolded TEXT values unescape to what was typed, line breaks as \n and forbidden controls dropped.
    const value = (name: string) => lines.find((l) => l.startsWith(`${name}:`))!.slice(name.length + 1);
    const unescape = (v: string) => v.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
    expect(unescape(value('LOCATION'))).toBe(
      `Paws\nORGANIZER:mailto:evil@attacker.example, 12 Park St;\nFloor 2,\nKolkata \\ India\nपशु चिकित्सालय 🐾 ${long}`,
    );
    const description = unescape(value('DESCRIPTION')).split('\n');
    expect(description).toContain('Clinic phone: 9876543210');
    expect(description).toContain('Opening hours: Mon-Sat\t09:00-18:00');
    expect(description).toContain('END:VEVENT');
    expect(value('SUMMARY')).not.toMatch(/(^|[^\\])[;,]/); // every ; and , is escaped
    expect(lines.find((l) => l.startsWith('ORGANIZER'))).toBe(
      'ORGANIZER;CN="Paws ORGANIZER:mailto:evil@attacker.example":mailto:clinic@pawcare.localX-INJECTED:1',
    );
  });

  it('escapes backslash, semicolon, comma and every kind of line break in TEXT', () => {
    expect(icsText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(icsText('1\r\n2\r3\n4\u20285\u00856')).toBe('1\\n2\\n3\\n4\\n5\\n6');
    expect(icsText('no\u0000nul\u0007bell\u001bescape\u007fdel\ttab')).toBe('nonulbellescapedel\ttab');
    expect(icsText('lone \ud800 surrogate, emoji 🐾')).toBe('lone  surrogate\\, emoji 🐾');
  });
});
