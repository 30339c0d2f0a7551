import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { CertificateDose } from '#shared/certificates';
import { formatDay } from '#shared/dates';
import type { PetSpecies } from '#shared/pets';
import { VACCINE_KIND_LABEL } from '#shared/vaccines';
import { certificateFonts } from './fonts.ts';
import type { CertificateRecord } from './record.ts';

/*
 * The certificate's PDF, made by pdfkit (decision 052). Its text is set in IBM Plex Sans Devanagari (fonts.ts), so a
 * pet or a person named in Hindi prints as written; pdfkit embeds only the glyphs used. Should the font package be
 * missing, the PDF falls back to the PDF's own Helvetica (Latin only) rather than failing.
 */

/** Whether names in Devanagari render (the font package is installed). */
export const certificateFontsFound = () => certificateFonts() !== null;

const SPECIES: Record<PetSpecies, string> = {
  dog: 'Dog',
  cat: 'Cat',
  bird: 'Bird',
  rabbit: 'Rabbit',
  fish: 'Fish',
  other: 'Other',
};
const SEX = { male: 'Male', female: 'Female', unknown: 'Unknown' } as const;

const INK = '#1f2937';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const MARGIN = 40;

/** What one certificate needs besides the record: where its QR code points, and when it was issued. */
export interface CertificateIssue {
  verifyUrl: string;
  /** The day it is made, on the clinic's clock ('YYYY-MM-DD'). */
  issuedOn: string;
}

interface Column {
  title: string;
  width: number;
  cell: (d: CertificateDose) => string;
}

const COLUMNS: Column[] = [
  { title: 'Date given', width: 64, cell: (d) => formatDay(d.givenOn) },
  {
    title: 'Vaccine / product',
    width: 128,
    cell: (d) =>
      `${d.vaccineName} (${VACCINE_KIND_LABEL[d.kind].toLowerCase()}, dose ${d.doseNumber}${
        d.doseNumber <= d.seriesDoses ? ` of ${d.seriesDoses}` : ', booster'
      })\n${d.product}${d.correction ? '\nCorrected entry: replaces an earlier one' : ''}`,
  },
  { title: 'Manufacturer', width: 72, cell: (d) => d.manufacturer ?? '—' },
  { title: 'Batch', width: 58, cell: (d) => d.batch },
  { title: 'Batch expiry', width: 64, cell: (d) => formatDay(d.expiresOn) },
  { title: 'Given by', width: 75, cell: (d) => d.givenByName },
  { title: 'Next due', width: 54, cell: (d) => (d.nextDueOn ? formatDay(d.nextDueOn) : '—') },
];

/** The certificate of `record` as a PDF file. */
export async function certificatePdf(record: CertificateRecord, issue: CertificateIssue): Promise<Buffer> {
  const qr = await QRCode.toBuffer(issue.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'en-IN',
    info: {
      Title: `Vaccination certificate: ${record.pet.name}`,
      Author: record.clinic.name,
      Subject: 'Vaccination certificate',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const FONTS = certificateFonts();
  const regular = FONTS ? 'body' : 'Helvetica';
  const bold = FONTS ? 'bold' : 'Helvetica-Bold';
  if (FONTS) {
    doc.registerFont('body', FONTS.regular);
    doc.registerFont('bold', FONTS.bold);
  }
  const width = doc.page.width - 2 * MARGIN;
  const qrSize = 108;

  // The clinic, the title, and the QR code at the top right.
  const top = MARGIN;
  doc.image(qr, MARGIN + width - qrSize, top, { width: qrSize, height: qrSize });
  const textWidth = width - qrSize - 16;
  doc.fillColor(INK).font(bold).fontSize(15).text(record.clinic.name, MARGIN, top, { width: textWidth });
  doc.font(regular).fontSize(9.5).fillColor(MUTED).text(record.clinic.address, { width: textWidth });
  doc.moveDown(0.8);
  doc.font(bold).fontSize(20).fillColor(INK).text('Vaccination certificate', { width: textWidth });
  doc
    .font(regular)
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(`Issued on ${formatDay(issue.issuedOn)}`, {
      width: textWidth,
    });
  doc
    .fontSize(8)
    .text(`Scan the code, or open ${issue.verifyUrl}, to check that this certificate is genuine and current.`, {
      width: textWidth,
    });
  doc.y = Math.max(doc.y, top + qrSize) + 14;

  // The pet and its owner.
  const facts: [string, string][] = [
    ['Pet', record.pet.name],
    ['Species', SPECIES[record.pet.species]],
    ['Breed', record.pet.breed ?? '—'],
    ['Sex', record.pet.sex ? SEX[record.pet.sex] : '—'],
    ['Birth date', record.pet.birthDate ? formatDay(record.pet.birthDate) : '—'],
    ['Markings', record.pet.markings ?? '—'],
    ['Microchip', record.pet.microchip ?? 'Not known'],
    ['Owner', record.ownerName],
  ];
  const half = width / 2;
  const factsTop = doc.y;
  let rowY = factsTop;
  facts.forEach(([label, value], i) => {
    const x = MARGIN + (i % 2) * half;
    doc
      .font(regular)
      .fontSize(8)
      .fillColor(MUTED)
      .text(label, x, rowY, { width: half - 10 });
    doc
      .font(bold)
      .fontSize(10.5)
      .fillColor(INK)
      .text(value, x, doc.y, { width: half - 10 });
    if (i % 2 === 1) rowY = Math.max(rowY + 26, doc.y + 6);
  });
  doc.y = rowY + 4;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(0.6);

  // The doses, a row each, the header again on every new page.
  doc.font(bold).fontSize(12).fillColor(INK).text('Vaccinations and preventive treatments', MARGIN, doc.y);
  doc.moveDown(0.4);
  const bottom = doc.page.height - MARGIN - 24;
  const header = () => {
    let x = MARGIN;
    const y = doc.y;
    doc.font(bold).fontSize(8).fillColor(MUTED);
    for (const c of COLUMNS) {
      doc.text(c.title, x, y, { width: c.width - 6 });
      x += c.width;
    }
    doc.y = y + 14;
    doc
      .moveTo(MARGIN, doc.y - 3)
      .lineTo(MARGIN + width, doc.y - 3)
      .strokeColor(RULE)
      .stroke();
  };
  if (record.doses.length === 0) {
    doc.font(regular).fontSize(10).fillColor(INK).text('No vaccination or treatment is recorded yet.', MARGIN, doc.y);
  } else {
    header();
    doc.font(regular).fontSize(8.5).fillColor(INK);
    for (const d of record.doses) {
      const cells = COLUMNS.map((c) => c.cell(d));
      const height = Math.max(...cells.map((t, i) => doc.heightOfString(t, { width: COLUMNS[i]!.width - 6 })));
      if (doc.y + height > bottom) {
        doc.addPage();
        header();
        doc.font(regular).fontSize(8.5).fillColor(INK);
      }
      const y = doc.y;
      let x = MARGIN;
      cells.forEach((t, i) => {
        doc.text(t, x, y, { width: COLUMNS[i]!.width - 6 });
        x += COLUMNS[i]!.width;
      });
      doc.y = y + height + 5;
      doc
        .moveTo(MARGIN, doc.y - 2)
        .lineTo(MARGIN + width, doc.y - 2)
        .strokeColor(RULE)
        .lineWidth(0.5)
        .stroke();
    }
  }

  // Who stands behind it.
  if (doc.y + 40 > bottom) doc.addPage();
  doc.moveDown(1);
  doc
    .font(regular)
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      `Each dose is as recorded by ${record.clinic.name}: product, batch and expiry, the day given and who gave it. A corrected entry replaces the one it corrects. This certificate shows the record on ${formatDay(issue.issuedOn)}; the verification page shows it as it stands when opened.`,
      MARGIN,
      doc.y,
      { width },
    );
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
