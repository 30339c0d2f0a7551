import { formatDay } from '#shared/dates';
import type { MailBrand } from './brand.ts';
import { mailWhen, rebookUrl, type BookingMailFacts } from './booking-parts.ts';
import { composeMail, oneLine, type ComposedMail, type FactsBlock } from './compose.ts';

/** What the "visit summary" mail says: the visit as staff recorded it, and when the pet is due back. */
export interface VisitSummaryMail extends BookingMailFacts {
  userName: string;
  findings: string | null;
  treatment: string | null;
  medicines: string | null;
  weightKg: number | null;
  nextDueDate: string | null;
  nextDueReason: string | null;
}

/** The pet's record in the app (the customer's page of the pet), or the pets list for a booking without a pet. */
function petRecordUrl(publicUrl: string, petId: string | null): string {
  return petId ? `${publicUrl}/customer/pets/${petId}` : `${publicUrl}/customer/pets`;
}

/**
 * Subject, plain text and HTML of the mail a customer gets when staff record a visit: findings, treatment, medicines
 * and weight as recorded (what staff left blank is left out), the next due date with its reason and a link that books
 * it, and the way to the pet's record. Staff-only clinical notes are never part of it.
 */
export function visitSummaryMail(brand: MailBrand, m: VisitSummaryMail): ComposedMail {
  const rows: [string, string][] = [
    ['Visit', `${m.serviceName}, ${mailWhen(m.startsAt, m.timeZone)}`],
    ['Pet', m.petName],
  ];
  for (const [label, value] of [
    ['Findings', m.findings],
    ['Treatment', m.treatment],
    ['Medicines', m.medicines],
  ] as const)
    if (value?.trim()) rows.push([label, value.trim()]);
  if (m.weightKg !== null) rows.push(['Weight', `${m.weightKg} kg`]);
  const facts: FactsBlock = { kind: 'facts', rows };
  const next = m.nextDueDate && m.nextDueReason ? { date: m.nextDueDate, reason: m.nextDueReason } : null;
  const due = next
    ? [
        [
          `${oneLine(m.petName)} is next due for `,
          { strong: oneLine(next.reason) },
          ' on ',
          { strong: formatDay(next.date) },
          '.',
        ],
      ]
    : [];
  const record = { label: `See ${oneLine(m.petName)}'s record`, href: petRecordUrl(m.publicUrl, m.petId) };
  return composeMail(brand, {
    subject: `${oneLine(m.petName)}'s visit summary: ${oneLine(m.serviceName)}`,
    name: m.userName,
    body: [`Thank you for bringing ${oneLine(m.petName)} in. Here is what we recorded at the visit.`, facts, ...due],
    ...(next
      ? {
          action: { label: 'Book the next visit', href: rebookUrl(m.publicUrl, { ...m, date: next.date }) },
          also: record,
        }
      : { action: record }),
  });
}
