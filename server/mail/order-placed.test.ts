import { describe, expect, it } from 'vitest';
import { testBrand } from '../test/mail.ts';
import { orderPlacedMail, type PlacedOrderMail } from './order-placed.ts';

const brand = testBrand();

const mail: PlacedOrderMail = {
  id: '2f1c7a52-8d3e-4a51-9a57-2b8f0d7f4a11',
  number: '2F1C7A52',
  customerName: 'Pet <Owner>',
  items: [
    {
      productId: 1,
      name: 'Dog Food',
      image: '/images/products/dog-food.svg',
      unitPrice: 500,
      discount: 10,
      quantity: 3,
      lineTotal: 1350,
    },
    {
      productId: 16,
      name: '<img src=x onerror="alert(1)"> & Bone',
      image: null,
      unitPrice: 250,
      discount: 0,
      quantity: 1,
      lineTotal: 250,
    },
  ],
  total: 1600,
  address: {
    name: 'Pet "PO" Owner',
    pin: '700019',
    city: 'Kolkata',
    house: '12B\r\nBcc: evil@example.com',
    landmark: "Near <b>Lake</b> Mall's gate",
    state: 'West Bengal',
    country: 'India',
  },
  paymentMethod: 'upi',
  publicUrl: 'https://shop.pawcare.example',
};

describe('order confirmation mail', () => {
  it('says the number, every item with its quantity and line total, the total, payment and address', () => {
    const { subject, text } = orderPlacedMail(brand, mail);
    expect(subject).toBe('Your Pawcare order 2F1C7A52 is placed');
    expect(text).toContain('Thank you for your order 2F1C7A52.');
    expect(text).toContain('3 x Dog Food: ₹1,350.00');
    expect(text).toContain('1 x <img src=x onerror="alert(1)"> & Bone: ₹250.00');
    expect(text).toContain('Total: ₹1,600.00');
    expect(text).toContain('Payment: UPI/QR');
    expect(text).toContain('12-digit UPI transaction reference (UTR)');
    expect(text).toContain('Kolkata, West Bengal 700019');
    expect(text).toContain(
      'Follow your order: https://shop.pawcare.example/customer/my-orders/2f1c7a52-8d3e-4a51-9a57-2b8f0d7f4a11',
    );
  });

  it('keeps each typed value on its own line in the text', () => {
    const { text } = orderPlacedMail(brand, mail);
    expect(text).toContain('12B Bcc: evil@example.com');
    expect(text.split('\n')).not.toContain('Bcc: evil@example.com');
  });

  it('escapes every customer and catalogue text in the HTML', () => {
    const { html } = orderPlacedMail(brand, mail);
    expect(html).toContain('Hello Pet &lt;Owner&gt;,');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Bone');
    expect(html).toContain('Pet &quot;PO&quot; Owner');
    expect(html).toContain('Near &lt;b&gt;Lake&lt;/b&gt; Mall&#39;s gate');
    // The only image is the clinic's logo.
    expect(html.match(/<img [^>]*>/g)).toEqual([
      expect.stringContaining('src="https://pawcare.example/mail-logo.png"'),
    ]);
    expect(html).not.toMatch(/<b>|<Owner>/);
    expect(html).toContain('₹1,600.00');
    expect(html).toMatch(
      /<a href="https:\/\/shop\.pawcare\.example\/customer\/my-orders\/2f1c7a52-8d3e-4a51-9a57-2b8f0d7f4a11"[^>]*>Follow your order<\/a>/,
    );
  });

  it('mentions the UTR only for UPI orders', () => {
    for (const paymentMethod of ['card', 'cod'] as const) {
      const { text, html } = orderPlacedMail(brand, { ...mail, paymentMethod });
      expect(text).not.toContain('UTR');
      expect(html).not.toContain('UTR');
    }
    expect(orderPlacedMail(brand, { ...mail, paymentMethod: 'cod' }).text).toContain('Payment: Cash on Delivery');
  });
});
