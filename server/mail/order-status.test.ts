import { describe, expect, it } from 'vitest';
import { testBrand } from '../test/mail.ts';
import { orderStatusMail, type OrderStatusMail } from './order-status.ts';

const brand = testBrand();

const mail: OrderStatusMail = {
  id: '2f1c7a52-8d3e-4a51-9a57-2b8f0d7f4a11',
  number: '2F1C7A52',
  customerName: 'Tom & <script>alert(1)</script>',
  items: [
    {
      productId: 16,
      name: 'Bone & <script>alert("x")</script>',
      image: null,
      unitPrice: 250,
      discount: 0,
      quantity: 2,
      lineTotal: 500,
    },
  ],
  total: 500,
  paymentStatus: 'unpaid',
  event: 'shipped',
  publicUrl: 'https://shop.pawcare.example',
};
const link = 'https://shop.pawcare.example/customer/my-orders/2f1c7a52-8d3e-4a51-9a57-2b8f0d7f4a11';

describe('order status mails', () => {
  it('says what happened in the subject and both parts, with the items and a link to the order', () => {
    const { subject, text, html } = orderStatusMail(brand, mail);
    expect(subject).toBe('Your Pawcare order 2F1C7A52 is on its way');
    expect(text).toContain('your order 2F1C7A52 has been shipped and is on its way to you.');
    expect(text).toContain('- 2 x Bone & <script>alert("x")</script>: ₹500.00');
    expect(text).toContain('- Total: ₹500.00');
    expect(text).toContain(`See your order: ${link}`);
    expect(html).toContain(`<a href="${link}"`);
    expect(html).toContain('has been shipped and is on its way to you.');
  });

  it('escapes every typed text in the HTML and leaves the text part as typed', () => {
    const { text, html } = orderStatusMail(brand, mail);
    expect(html).toContain('Hello Tom &amp; &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(html).toContain('2 x Bone &amp; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;: ₹500.00');
    expect(html).not.toContain('<script');
    expect(text).toContain('Hello Tom & <script>alert(1)</script>,');
  });

  it('words delivery and both kinds of cancellation, and promises a refund only when one is due', () => {
    expect(orderStatusMail(brand, { ...mail, event: 'delivered' }).subject).toBe(
      'Your Pawcare order 2F1C7A52 has been delivered',
    );
    const byStaff = orderStatusMail(brand, { ...mail, event: 'cancelled_by_staff', paymentStatus: 'refund_due' });
    expect(byStaff.subject).toBe('Your Pawcare order 2F1C7A52 has been canceled');
    expect(byStaff.text).toContain('the shop has canceled your order 2F1C7A52.');
    expect(byStaff.text).toContain('You have paid ₹500.00 for it; we will refund the payment');
    const own = orderStatusMail(brand, { ...mail, event: 'cancelled_by_customer' });
    expect(own.subject).toBe('You canceled your Pawcare order 2F1C7A52');
    expect(own.text).toContain('As you asked, your order 2F1C7A52 has been canceled.');
    expect(own.text).not.toContain('refund');
  });

  it('keeps the subject and greeting on one line whatever the name holds', () => {
    const { subject, text } = orderStatusMail(brand, { ...mail, customerName: 'Tom\r\nBcc: evil@example.com' });
    expect(subject).not.toMatch(/[\r\n]/);
    expect(text.split('\n')).toContain('Hello Tom Bcc: evil@example.com,');
  });
});
