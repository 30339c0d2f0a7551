import { describe, expect, it } from 'vitest';
import { testBrand } from '../test/mail.ts';
import { bookingCanceledMail, type CanceledBookingMail } from './booking-canceled.ts';

const brand = testBrand();

const mail: CanceledBookingMail = {
  userName: 'Tom & <script>alert(1)</script>',
  petName: 'Bruno <b>&</b>',
  serviceName: 'Pet Health Checkup',
  serviceId: '5e7a1c00-0000-4000-8000-000000000001',
  petId: null,
  // 06:30 UTC is noon in India.
  startsAt: new Date('2026-11-24T06:30:00Z'),
  timeZone: 'Asia/Kolkata',
  pickupAddress: null,
  by: 'clinic',
  publicUrl: 'https://pawcare.example',
};

describe('booking canceled mail', () => {
  it('tells the customer the clinic canceled, when (clinic time, the one format), and where to book again', () => {
    const { subject, text, html } = bookingCanceledMail(brand, mail);
    expect(subject).toBe('Your appointment for Bruno <b>&</b> on Tue, 24 Nov 2026 at 12:00 is canceled');
    expect(text).toContain(
      "the clinic had to cancel Bruno <b>&</b>'s Pet Health Checkup on Tue, 24 Nov 2026 at 12:00 (Asia/Kolkata).",
    );
    expect(text).toContain('Book another time: https://pawcare.example/slots');
    expect(html).toContain('<a href="https://pawcare.example/slots"');
    expect(`${subject}${text}${html}`).not.toContain('2026-11-24');
  });

  it('confirms a cancellation the customer made', () => {
    const { text } = bookingCanceledMail(brand, { ...mail, by: 'customer' });
    expect(text).toContain('As you asked, Bruno <b>&</b>');
    expect(text).toContain('is canceled and its time given up.');
    expect(text).toContain('Manage this booking: https://pawcare.example/slots');
  });

  it('escapes every typed text in the HTML', () => {
    const { html } = bookingCanceledMail(brand, mail);
    expect(html).toContain('Hello Tom &amp; &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(html).toContain('Bruno &lt;b&gt;&amp;&lt;/b&gt;&#39;s Pet Health Checkup');
    expect(html).not.toMatch(/<script|<b>/);
  });
});
