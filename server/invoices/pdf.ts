import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatDateTime } from '#shared/dates';
import type { Invoice } from '#shared/invoices';
import { formatRupees } from '#shared/money';
import { certificateFonts } from '../certificates/fonts.ts';

/*
 * An invoice or credit note as an A4 PDF (decision 053), made by pdfkit in the fonts the certificates use (IBM Plex
 * Sans Devanagari, so names in Hindi print as written; Helvetica when the font package is missing): the clinic and
 * its GSTIN, the customer, each line with its HSN/SAC, taxable value, rate and taxes, the totals in figures and in
 * words, what is paid and due, and a UPI QR code for the balance.
 */

const INK = '#1f2937';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const MARGIN = 36;

/** Where the balance is paid by UPI. */
export interface UpiPayee {
  upiId: string;
  upiName: string;
}

/** The UPI payment link of an amount (the QR code's text): payee, name, amount, currency, the document's number. */
function upiLink(payee: UpiPayee, amount: number, note: string): string {
  const q = new URLSearchParams({ pa: payee.upiId, pn: payee.upiName, am: amount.toFixed(2), cu: 'INR', tn: note });
  return `upi://pay?${q.toString()}`;
}

interface Column {
  title: string;
  width: number;
  align?: 'right';
  cell: (l: Invoice['lines'][number], i: number) => string;
}

const money = (n: number) => formatRupees(n).replace('₹', '');

/** The PDF of a document. */
export async function invoicePdf(invoice: Invoice, opts: { timeZone: string; payee: UpiPayee }): Promise<Buffer> {
  const credit = invoice.kind === 'credit_note';
  const interState = invoice.placeOfSupply !== invoice.supplier.stateCode;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'en-IN',
    info: { Title: `${credit ? 'Credit note' : 'Tax invoice'} ${invoice.number}`, Author: invoice.supplier.legalName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const fonts = certificateFonts();
  const regular = fonts ? 'body' : 'Helvetica';
  const bold = fonts ? 'bold' : 'Helvetica-Bold';
  if (fonts) {
    doc.registerFont('body', fonts.regular);
    doc.registerFont('bold', fonts.bold);
  }
  const width = doc.page.width - 2 * MARGIN;

  // The clinic and the document.
  doc.font(bold).fontSize(15).fillColor(INK).text(invoice.supplier.legalName, MARGIN, MARGIN, { width });
  doc.font(regular).fontSize(9).fillColor(MUTED).text(invoice.supplier.address, { width });
  doc.text(invoice.supplier.gstin ? `GSTIN ${invoice.supplier.gstin}` : 'Not registered for GST', { width });
  doc.moveDown(0.6);
  const title = credit ? 'Credit note' : invoice.supplier.gstin ? 'Tax invoice' : 'Bill of supply';
  doc.font(bold).fontSize(18).fillColor(INK).text(title, { width });
  doc.font(regular).fontSize(9.5).fillColor(INK);
  doc.text(`Number ${invoice.number}`, { width });
  doc.text(`Issued ${formatDateTime(invoice.issuedAt, opts.timeZone)}`, { width });
  if (invoice.credits)
    doc.text(`Against invoice ${invoice.credits.number}${invoice.reason ? `: ${invoice.reason}` : ''}`);
  doc.text(`Place of supply ${invoice.placeOfSupply} ${invoice.placeOfSupplyName}`, { width });
  doc.moveDown(0.6);
  doc.font(bold).fontSize(9).fillColor(MUTED).text('Billed to', { width });
  doc.font(regular).fontSize(10).fillColor(INK).text(invoice.customerName, { width });
  if (invoice.customerGstin) doc.text(`GSTIN ${invoice.customerGstin}`, { width });
  doc.moveDown(0.8);

  // The lines.
  const taxColumns: Column[] = interState
    ? [{ title: 'IGST', width: 70, align: 'right', cell: (l) => money(l.igst) }]
    : [
        { title: 'CGST', width: 55, align: 'right', cell: (l) => money(l.cgst) },
        { title: 'SGST', width: 55, align: 'right', cell: (l) => money(l.sgst) },
      ];
  const columns: Column[] = [
    { title: '#', width: 18, cell: (_l, i) => String(i + 1) },
    {
      title: 'Item',
      width: interState ? 150 : 135,
      cell: (l) => (l.discount ? `${l.description} (${l.discount}% off)` : l.description),
    },
    { title: 'HSN/SAC', width: 50, cell: (l) => l.hsnSac },
    { title: 'Qty', width: 28, align: 'right', cell: (l) => String(l.quantity) },
    { title: 'Rate', width: 55, align: 'right', cell: (l) => money(l.unitPrice) },
    { title: 'Taxable', width: 62, align: 'right', cell: (l) => money(l.taxableValue) },
    { title: 'GST %', width: 35, align: 'right', cell: (l) => `${l.gstRate}%` },
    ...taxColumns,
    { title: 'Total', width: 0, align: 'right', cell: (l) => money(l.total) },
  ];
  const used = columns.reduce((s, c) => s + c.width, 0);
  columns[columns.length - 1]!.width = width - used;
  const row = (cells: string[], font: string) => {
    const y = doc.y;
    let x = MARGIN;
    doc.font(font).fontSize(8.5).fillColor(INK);
    const height = Math.max(...cells.map((t, i) => doc.heightOfString(t, { width: columns[i]!.width - 4 })));
    cells.forEach((t, i) => {
      doc.text(t, x, y, { width: columns[i]!.width - 4, align: columns[i]!.align ?? 'left' });
      x += columns[i]!.width;
    });
    doc.y = y + height + 4;
    doc
      .moveTo(MARGIN, doc.y - 2)
      .lineTo(MARGIN + width, doc.y - 2)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
  };
  row(
    columns.map((c) => c.title),
    bold,
  );
  invoice.lines.forEach((l, i) => {
    if (doc.y > doc.page.height - 160) doc.addPage();
    row(
      columns.map((c) => c.cell(l, i)),
      regular,
    );
  });

  // The totals, in figures and words, and what is due.
  doc.moveDown(0.6);
  const sums: [string, number][] = [
    ['Taxable value', invoice.totals.taxable],
    ...((interState
      ? [['IGST', invoice.totals.igst]]
      : [
          ['CGST', invoice.totals.cgst],
          ['SGST', invoice.totals.sgst],
        ]) as [string, number][]),
    [credit ? 'Total credited' : 'Total', invoice.totals.total],
  ];
  if (!credit) sums.push(['Paid', invoice.paid], ['Balance due', invoice.balanceDue]);
  const labelX = MARGIN + width - 220;
  for (const [label, value] of sums) {
    const y = doc.y;
    doc
      .font(label.startsWith('Total') ? bold : regular)
      .fontSize(10)
      .fillColor(INK);
    doc.text(label, labelX, y, { width: 120 });
    doc.text(formatRupees(value), labelX + 120, y, { width: 100, align: 'right' });
  }
  doc.moveDown(0.5);
  doc.font(regular).fontSize(9).fillColor(MUTED).text(`In words: ${invoice.totalInWords}`, MARGIN, doc.y, { width });
  if (!credit && invoice.creditNotes.length)
    doc.text(`Credited by ${invoice.creditNotes.map((c) => c.number).join(', ')}`, { width });
  if (invoice.pricesIncludeTax) doc.text('Prices include GST.', { width });

  if (!credit && invoice.balanceDue > 0) {
    const qr = await QRCode.toBuffer(upiLink(opts.payee, invoice.balanceDue, invoice.number), {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 2,
      scale: 5,
    });
    if (doc.y + 140 > doc.page.height - MARGIN) doc.addPage();
    doc.moveDown(0.8);
    const y = doc.y;
    doc.image(qr, MARGIN, y, { width: 110, height: 110 });
    doc
      .font(bold)
      .fontSize(10)
      .fillColor(INK)
      .text(`Pay ${formatRupees(invoice.balanceDue)} by UPI`, MARGIN + 124, y + 30, { width: width - 124 });
    doc
      .font(regular)
      .fontSize(9)
      .fillColor(MUTED)
      .text(`Scan with any UPI app, or pay ${opts.payee.upiId}, with ${invoice.number} as the note.`, {
        width: width - 124,
      });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
