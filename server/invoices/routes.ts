import { z } from 'zod';
import { IdParamSchema, PageQuerySchema } from '#shared/common';
import { InvoiceSchema } from '#shared/invoices';
import { depsOf } from '../deps.ts';
import { currentUser } from '../lib/caller.ts';
import { decodeCursor, pageOf } from '../lib/pagination.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { isStaff } from '../lib/policy.ts';
import { invoicePdf } from './pdf.ts';
import { getInvoice, getOrderInvoice, listCustomerInvoices } from './read.ts';

const tooManyPdfs = (wait: string) => `Too many invoice files asked for. Please try again in ${wait}.`;

const byIssued = (i: { issuedAt: string; id: string }) => ({ at: new Date(i.issuedAt), id: i.id });

/** GST invoices and credit notes (decision 053): customers read their own, staff any. */
export default routes((app) => {
  const { db, config } = depsOf(app);
  const customerOnly = app.requireRole('user');
  const anyone = app.requireRole('user', 'employee', 'admin');

  app.get(
    '/api/invoices/mine',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['invoices'],
        summary: 'Own invoices and credit notes, newest first (X-Next-Cursor when more exist)',
        ...secured,
        querystring: PageQuerySchema,
        response: { 200: z.array(InvoiceSchema), ...errorReplies(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await listCustomerInvoices(db, currentUser(request).id, limit, decodeCursor(cursor));
      reply.header('cache-control', 'no-store');
      return pageOf(reply, rows, limit, byIssued);
    },
  );

  app.get(
    '/api/invoices/:id',
    {
      onRequest: anyone,
      schema: {
        tags: ['invoices'],
        summary:
          'An invoice or credit note (its customer, staff): lines with HSN/SAC and taxes, totals, paid, balance due',
        ...secured,
        params: IdParamSchema,
        response: { 200: InvoiceSchema, ...errorReplies(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getInvoice(db, currentUser(request), request.params.id);
    },
  );

  app.get(
    '/api/invoices/:id/pdf',
    {
      onRequest: anyone,
      schema: {
        tags: ['invoices'],
        summary:
          'An invoice or credit note as an A4 PDF (its customer, staff): clinic and GSTIN, lines with HSN/SAC and taxes, totals in figures and words, a UPI QR code for the balance',
        ...secured,
        params: IdParamSchema,
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const invoice = await getInvoice(db, me, request.params.id);
      // Making a PDF costs a moment of the server: a customer's are counted, staff printing is not.
      if (!isStaff(me)) await app.limits.enforce('invoicePdf', me.id, reply, tooManyPdfs);
      const pdf = await invoicePdf(invoice, {
        timeZone: config.CLINIC_TZ,
        payee: { upiId: config.SHOP_UPI_ID, upiName: config.SHOP_UPI_NAME },
      });
      const name = `${invoice.number.replace(/\//g, '-')}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${name}"`)
        .send(pdf);
    },
  );

  app.get(
    '/api/orders/:id/invoice',
    {
      onRequest: anyone,
      schema: {
        tags: ['invoices'],
        summary: "An order's GST invoice (its customer, staff), issued when the order was placed",
        ...secured,
        params: IdParamSchema,
        response: { 200: InvoiceSchema, ...errorReplies(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getOrderInvoice(db, currentUser(request), request.params.id);
    },
  );
});
