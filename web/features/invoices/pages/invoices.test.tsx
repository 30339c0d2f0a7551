import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '#shared/invoices';
import { axeViolations } from '../../../test/axe.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../../test/utils.tsx';
import InvoicePage from './invoice.tsx';
import MyInvoicesPage from './my-invoices.tsx';

const line = {
  description: 'Dog Food 5 kg',
  hsnSac: '2309',
  quantity: 2,
  unitPrice: 1180,
  discount: 0,
  gstRate: 18,
  taxableValue: 2000,
  cgst: 180,
  sgst: 180,
  igst: 0,
  total: 2360,
  productId: 1,
};

const INVOICE: Invoice = {
  id: 'a1000000-0000-4000-8000-000000000001',
  number: 'PC/2627/000042',
  kind: 'invoice',
  issuedAt: '2026-11-20T06:30:00.000Z',
  customerId: 'u1',
  customerName: 'Asha Rao',
  customerGstin: null,
  placeOfSupply: '29',
  placeOfSupplyName: 'Karnataka',
  supplier: { legalName: 'Pawcare Veterinary LLP', gstin: '29AAGCB7383J1Z4', stateCode: '29', address: 'Bengaluru' },
  pricesIncludeTax: true,
  lines: [line],
  totals: { taxable: 2000, cgst: 180, sgst: 180, igst: 0, total: 2360 },
  totalInWords: 'Two Thousand Three Hundred Sixty Rupees Only',
  paid: 0,
  balanceDue: 0,
  creditNotes: [
    {
      id: 'a1000000-0000-4000-8000-000000000002',
      number: 'PC/2627/C00003',
      issuedAt: '2026-11-21T06:30:00.000Z',
      total: 2360,
    },
  ],
  credits: null,
  reason: null,
  orderId: 'o1',
  bookingId: null,
};
const NOTE: Invoice = {
  ...INVOICE,
  id: 'a1000000-0000-4000-8000-000000000002',
  number: 'PC/2627/C00003',
  kind: 'credit_note',
  issuedAt: '2026-11-21T06:30:00.000Z',
  creditNotes: [],
  credits: { id: INVOICE.id, number: INVOICE.number },
  reason: 'Order canceled',
};

describe('/customer/invoices', () => {
  it("lists the customer's invoices and credit notes, each linking to its page", async () => {
    storeSignedIn(makeUser());
    fakeServer({ 'GET /api/invoices/mine': () => ({ body: [NOTE, INVOICE] }) });
    const user = userEvent.setup();
    renderApp(<MyInvoicesPage />, {
      path: '/customer/invoices',
      routes: { '/customer/invoices/:id': <p>Invoice page</p> },
    });
    const list = await screen.findByRole('list', { name: 'Invoices and credit notes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Settled')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Invoice PC/2627/000042' }));
    expect(await screen.findByText('Invoice page')).toBeInTheDocument();
  });

  it('says so when there are none yet', async () => {
    storeSignedIn(makeUser());
    fakeServer({ 'GET /api/invoices/mine': () => ({ body: [] }) });
    renderApp(<MyInvoicesPage />, { path: '/customer/invoices' });
    expect(await screen.findByText('You have no invoices yet')).toBeInTheDocument();
  });
});

describe('/customer/invoices/:id', () => {
  it('shows the lines with HSN and taxes, the totals in words and the credit note that settled it', async () => {
    storeSignedIn(makeUser());
    fakeServer({ [`GET /api/invoices/${INVOICE.id}`]: () => ({ body: INVOICE }) });
    renderApp(<InvoicePage />, { path: '/customer/invoices/:id', at: `/customer/invoices/${INVOICE.id}` });
    expect(await screen.findByRole('heading', { name: 'Invoice PC/2627/000042' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'CGST' })).toBeInTheDocument();
    expect(
      within(table).getByRole('row', { name: /Dog Food 5 kg 2309 2 ₹2,000.00 18% ₹180.00 ₹180.00 ₹2,360.00/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Two Thousand Three Hundred Sixty Rupees Only')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'credit note PC/2627/C00003' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it("says when it cannot be loaded (another customer's, say)", async () => {
    storeSignedIn(makeUser());
    fakeServer({
      [`GET /api/invoices/${INVOICE.id}`]: () => ({
        status: 404,
        body: { error: 'Invoice not found', message: 'Invoice not found', code: 'NOT_FOUND' },
      }),
    });
    renderApp(<InvoicePage />, { path: '/customer/invoices/:id', at: `/customer/invoices/${INVOICE.id}` });
    expect(await screen.findByText('Invoice not found')).toBeInTheDocument();
  });
});
