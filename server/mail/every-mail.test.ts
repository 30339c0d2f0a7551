import { describe, expect, it } from 'vitest';
import { contrastRatio, readableText, THEME_COLORS, THEMES, type Theme } from '#shared/theme-colors';
import { testBrand } from '../test/mail.ts';
import { invitationMail, resetPasswordMail, verifyEmailMail } from './account-mails.ts';
import { THEME_MAIL_COLORS, type MailBrand } from './brand.ts';
import { bookingCanceledMail } from './booking-canceled.ts';
import { bookingConfirmedMail, type ConfirmedBookingMail } from './booking-confirmed.ts';
import { bookingMovedMail } from './booking-moved.ts';
import type { ComposedMail } from './compose.ts';
import { escapeHtml } from './layout.ts';
import { orderPlacedMail } from './order-placed.ts';
import { orderStatusMail, type OrderMailEvent } from './order-status.ts';
import { appointmentReminderMail, careReminderMail } from './reminder-mails.ts';
import { rideStepMail } from './ride-step.ts';
import { visitSummaryMail } from './visit-summary.ts';

/* What a reader notices of every e-mail the app sends: one look (the clinic's name, logo and colour), a text part
   written for reading as text, typed values escaped, and in booking mails the way back to the booking. */

const SITE = 'https://pawcare.example';
const MANAGE = `${SITE}/slots`;

const booking: ConfirmedBookingMail = {
  bookingId: '2f1c7a52-8d3e-4a51-9a57-2b8f0d7f4a11',
  userName: 'Asha Rao',
  userEmail: 'asha@example.com',
  ownerName: 'Asha Rao',
  petName: 'Bruno',
  serviceName: 'Pet Health Checkup',
  serviceId: '5e7a1c00-0000-4000-8000-000000000001',
  petId: '8c0e7d0a-3b9e-4a8e-9a7e-6d1c2b3a4f50',
  // 05:00 UTC is 10:30 in India.
  startsAt: new Date('2031-03-04T05:00:00Z'),
  minutes: 30,
  timeZone: 'Asia/Kolkata',
  pickupAddress: null,
  publicUrl: SITE,
  hospital: {
    name: 'Pawcare Pet Clinic',
    address: '12 Park Street, Kolkata 700016',
    phone: '9876543210',
    email: 'clinic@pawcare.local',
    hours: 'Mon-Sat 09:00-18:00',
  },
};
/** A pickup ride, under a service name that does not say so itself: the mail must. */
const ride: ConfirmedBookingMail = {
  ...booking,
  serviceName: 'Door to door',
  pickupAddress: '4 Lake Road, Kolkata 700029',
};
const order = {
  id: '9a1c7a52-8d3e-4a51-9a57-2b8f0d7f4a11',
  number: '9A1C7A52',
  customerName: 'Asha Rao',
  items: [{ productId: 1, name: 'Dog Food', image: null, unitPrice: 500, discount: 10, quantity: 3, lineTotal: 1350 }],
  total: 1350,
  publicUrl: SITE,
};
const unsubscribeUrl = `${SITE}/unsubscribe?token=abc.def`;
/** A text as a regular expression that matches it literally. */
const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const moved = { from: new Date('2031-03-03T05:00:00Z') };

/** Every kind of mail, for a booking `b`, in `brand`; `manage` marks the booking mails. */
function everyMail(brand: MailBrand, b: ConfirmedBookingMail) {
  const account = { PUBLIC_URL: SITE };
  const kinds: { kind: string; mail: ComposedMail; manage?: boolean }[] = [
    { kind: 'booking confirmed', mail: bookingConfirmedMail(brand, b), manage: true },
    {
      kind: 'booking moved by the clinic',
      mail: bookingMovedMail(brand, { ...b, ...moved, by: 'clinic' }),
      manage: true,
    },
    {
      kind: 'booking moved by the customer',
      mail: bookingMovedMail(brand, { ...b, ...moved, by: 'customer' }),
      manage: true,
    },
    { kind: 'booking canceled by the clinic', mail: bookingCanceledMail(brand, { ...b, by: 'clinic' }), manage: true },
    {
      kind: 'booking canceled by the customer',
      mail: bookingCanceledMail(brand, { ...b, by: 'customer' }),
      manage: true,
    },
    { kind: 'appointment reminder', mail: appointmentReminderMail(brand, { ...b, unsubscribeUrl }), manage: true },
    {
      kind: 'care reminder',
      mail: careReminderMail(brand, {
        ownerName: b.ownerName,
        petName: b.petName,
        reason: 'Rabies booster',
        dueDate: '2031-09-04',
        rebookUrl: `${SITE}/slots?serviceId=${b.serviceId}&date=2031-09-04`,
        unsubscribeUrl,
      }),
    },
    {
      kind: 'visit summary',
      mail: visitSummaryMail(brand, {
        ...b,
        findings: 'Healthy coat',
        treatment: 'Dental cleaning',
        medicines: '',
        weightKg: 21.5,
        nextDueDate: '2031-09-04',
        nextDueReason: 'Rabies booster',
      }),
    },
    {
      kind: 'ride step',
      mail: rideStepMail(brand, {
        ...b,
        stepLabel: 'Picked up',
        sentence: `${b.petName} has been picked up and is on the way to the clinic.`,
      }),
    },
    {
      kind: 'order placed',
      mail: orderPlacedMail(brand, {
        ...order,
        paymentMethod: 'upi',
        address: {
          name: 'Asha Rao',
          pin: '700019',
          city: 'Kolkata',
          house: '12B',
          landmark: 'Near the lake',
          state: 'West Bengal',
          country: 'India',
        },
      }),
    },
    ...(
      ['shipped', 'delivered', 'cancelled_by_staff', 'cancelled_by_customer', 'cancelled_unpaid'] as OrderMailEvent[]
    ).map((event) => ({
      kind: `order ${event}`,
      mail: orderStatusMail(brand, { ...order, paymentStatus: 'unpaid', event }),
    })),
    { kind: 'password reset', mail: resetPasswordMail(brand, account, b.userName, 'tok') },
    { kind: 'e-mail verification', mail: verifyEmailMail(brand, account, b.userName, 'tok') },
    { kind: 'staff invitation', mail: invitationMail(brand, account, b.userName, 'tok') },
  ];
  return kinds;
}

/** The button of a mail: a table cell filled with the colour, holding the link. */
const buttonRe = (color: string) =>
  new RegExp(`<td[^>]*bgcolor="${color}"[^>]*background-color:${color}[^>]*><a href="[^"]+"[^>]*color:#ffffff`);

describe('every e-mail, one brand', () => {
  const brand = testBrand('violet');
  const violet = THEME_MAIL_COLORS.violet;

  it.each(everyMail(brand, booking).map((k) => [k.kind, k.mail] as const))(
    '%s: an HTML part in the layout, with the name, logo and colour of the clinic',
    (_kind, { subject, html }) => {
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain(`<title>${escapeHtml(subject)}</title>`);
      // The header: the logo from the public address, the clinic's name in its colour.
      expect(html).toContain(`<img src="${SITE}/mail-logo.png"`);
      expect(html).toContain(`color:${violet}">Pawcare Pet Clinic</span>`);
      expect(html).toMatch(buttonRe(violet));
      // The footer: the clinic's address and how to reach it.
      expect(html).toContain('12 Park Street, Kolkata 700016');
      expect(html).toContain('Phone: 9876543210');
      expect(html).toContain('href="mailto:clinic@pawcare.local"');
      // Mail clients drop style sheets and classes: every style is inline.
      expect(html).not.toMatch(/<style|<link|<script|class=/);
    },
  );

  it.each(everyMail(brand, booking).map((k) => [k.kind, k.mail] as const))(
    '%s: a text part written for reading as text',
    (_kind, { text, html }) => {
      expect(text).toMatch(/^Hello Asha Rao,\n\n/);
      expect(text).not.toMatch(/<[a-z]|&[a-z]+;|&#\d+;/);
      // The button's link is written out after its words, as the HTML's button has it.
      const href = /<td[^>]*bgcolor="[^"]+"[^>]*><a href="([^"]+)"[^>]*>([^<]+)<\/a>/.exec(html)!;
      expect(text).toContain(`${href[2]}: ${href[1]!.replace(/&amp;/g, '&')}`);
      // Signed with the clinic's details after the signature delimiter.
      expect(text).toContain(
        '\n-- \nPawcare Pet Clinic\n12 Park Street, Kolkata 700016\nPhone: 9876543210\nE-mail: clinic@pawcare.local',
      );
    },
  );

  it.each(
    everyMail(brand, booking)
      .filter((k) => k.manage)
      .map((k) => [k.kind, k.mail] as const),
  )('%s: a "Manage this booking" link to the customer\'s bookings', (_kind, { text, html }) => {
    expect(text).toContain(`Manage this booking: ${MANAGE}\n`);
    expect(html).toMatch(new RegExp(`<a href="${literally(MANAGE)}"[^>]*>Manage this booking</a>`));
  });

  it('reminders keep their unsubscribe link in both parts', () => {
    for (const { kind, mail } of everyMail(brand, booking).filter((k) => k.kind.endsWith('reminder'))) {
      expect(mail.text, kind).toContain(
        `You get reminder e-mails because they are on in your profile.\nTurn them off: ${unsubscribeUrl}`,
      );
      expect(mail.html, kind).toMatch(new RegExp(`<a href="${literally(unsubscribeUrl)}"[^>]*>Turn them off</a>`));
    }
  });

  it('follows the theme an admin picked', () => {
    const green = bookingConfirmedMail(testBrand('green'), booking).html;
    expect(green).toMatch(buttonRe(THEME_MAIL_COLORS.green));
    expect(green).not.toContain(violet);
    // The default theme (white) gives the house teal.
    expect(bookingConfirmedMail(testBrand('white'), booking).html).toMatch(buttonRe('#0f766e'));
  });

  it('shows the name alone when the public address is not known (a logo from localhost would not load)', () => {
    const noLogo = testBrand('violet', { publicUrlGiven: false, PUBLIC_URL: 'http://localhost:3000' });
    for (const { kind, mail } of everyMail(noLogo, booking)) {
      expect(mail.html, kind).not.toContain('<img');
      expect(mail.html, kind).toContain('Pawcare Pet Clinic</span>');
    }
  });
});

describe('a pickup ride', () => {
  const brand = testBrand();
  const address = '4 Lake Road, Kolkata 700029';

  it('says in its confirmation that it is a pickup ride and where the driver will come', () => {
    const { subject, text, html, ics } = bookingConfirmedMail(brand, ride);
    expect(subject).toBe('Your pickup ride for Bruno is confirmed (Tue, 4 Mar 2031 at 10:30)');
    expect(text).toContain(`This is a pickup ride: our driver will come to ${address} to collect Bruno.`);
    expect(text).toContain(`Pickup from: ${address}`);
    expect(html).toContain(`This is a pickup ride: our driver will come to ${address} to collect Bruno.`);
    // The calendar invite's place is where the driver comes.
    expect(ics.replace(/\r\n /g, '')).toContain('LOCATION:4 Lake Road\\, Kolkata 700029\r\n');
  });

  it('says so in every booking mail', () => {
    const mails = {
      moved: bookingMovedMail(brand, { ...ride, ...moved, by: 'clinic' }),
      canceled: bookingCanceledMail(brand, { ...ride, by: 'clinic' }),
      reminder: appointmentReminderMail(brand, { ...ride, unsubscribeUrl }),
    };
    for (const [kind, mail] of Object.entries(mails)) {
      expect(`${mail.subject}\n${mail.text}`, kind).toMatch(/pickup ride/i);
      expect(mail.text, kind).toContain(`Pickup from: ${address}`);
      expect(mail.html, kind).toContain(address);
    }
    expect(mails.moved.text).toContain(`This is a pickup ride: our driver will come to ${address} to collect Bruno.`);
    expect(mails.reminder.text).toContain(`This is a pickup ride: our driver will come to ${address}`);
    // A ride's reminder does not send the customer to the clinic.
    expect(mails.reminder.text).not.toContain('at Pawcare Pet Clinic, 12 Park Street');
    expect(mails.canceled.text).toContain(`Our driver will not come to ${address}.`);
  });

  it('is not called a ride when it is a visit', () => {
    for (const { kind, mail } of everyMail(brand, booking)) {
      expect(`${mail.subject}${mail.text}`, kind).not.toMatch(/pickup/i);
    }
  });
});

describe('hostile values', () => {
  const brand = testBrand('white', {
    CLINIC_NAME: 'Paws & <script>alert("clinic")</script>',
    CLINIC_ADDRESS: '12 <b>Park</b> Street',
  });
  const hostile: ConfirmedBookingMail = {
    ...ride,
    userName: 'Tom <img src=x onerror=alert(1)>',
    ownerName: 'Tom <img src=x onerror=alert(1)>',
    petName: 'Rex <script>x()</script> & "Co"',
    serviceName: 'Check <u>up</u>',
    pickupAddress: '4 <i>Lake</i> Road & Sons',
  };

  it.each(everyMail(brand, hostile).map((k) => [k.kind, k.mail] as const))(
    '%s: every typed value is escaped in the HTML, and as typed in the text',
    (_kind, { text, html }) => {
      expect(html).toContain('Paws &amp; &lt;script&gt;alert(&quot;clinic&quot;)&lt;/script&gt;');
      expect(html).toContain('12 &lt;b&gt;Park&lt;/b&gt; Street');
      expect(html).not.toMatch(/<script|<img src=x|<b>|<i>|<u>/);
      expect(text).toContain('Paws & <script>alert("clinic")</script>');
    },
  );

  it('escapes the pet, its service and the pickup address wherever a booking mail shows them', () => {
    const { html, text } = bookingConfirmedMail(brand, hostile);
    expect(html).toContain('Rex &lt;script&gt;x()&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(html).toContain('Check &lt;u&gt;up&lt;/u&gt;');
    expect(html).toContain('4 &lt;i&gt;Lake&lt;/i&gt; Road &amp; Sons');
    expect(html).toContain('Hello Tom &lt;img src=x onerror=alert(1)&gt;,');
    expect(text).toContain('Pickup from: 4 <i>Lake</i> Road & Sons');
  });
});

describe('the colour of each theme', () => {
  /** The hue of a #rrggbb colour, in degrees. */
  function hue(hex: string): number {
    const n = Number.parseInt(hex.slice(1), 16);
    const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
    const max = Math.max(r, g, b);
    const d = max - Math.min(r, g, b);
    if (d === 0) return 0;
    const h = max === r ? (g - b) / d : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    return (h * 60 + 360) % 360;
  }
  const NEUTRAL: readonly Theme[] = ['white', 'gray', 'silver'];

  it.each(THEMES)("%s: a button colour white text reads on (WCAG AA), of the theme's own hue", (theme) => {
    const color = THEME_MAIL_COLORS[theme];
    expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(readableText(color)).toBe('#ffffff');
    if (!NEUTRAL.includes(theme)) {
      const apart = Math.abs(hue(color) - hue(THEME_COLORS[theme]));
      expect(Math.min(apart, 360 - apart)).toBeLessThanOrEqual(30);
    }
  });

  it('gives each theme a colour of its own', () => {
    expect(new Set(Object.values(THEME_MAIL_COLORS)).size).toBe(THEMES.length);
  });
});
