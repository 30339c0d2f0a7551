import { and, eq, sql } from 'drizzle-orm';
import {
  PET_RECORD_MSG,
  PRESCRIPTIONS_MAX,
  REFILL_CHANGED_EVENT,
  type Prescription,
  type PrescriptionBody,
  type RefillRequest,
} from '#shared/pet-record';
import { announceAudit, recordAudit } from '../audit/record.ts';
import { isUniqueViolation, rowsOf, type Executor } from '../db/client.ts';
import { prescriptions, products, slotBookings } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import type { AuthUser } from '../lib/caller.ts';
import { roleRoom, userRoom } from '../lib/realtime.ts';
import { readablePet, writablePet, type RecordPet } from './access.ts';
import { announceRecord } from './live.ts';

/** A refill request as stored, with what its lists show of its prescription, pet and owner. */
export interface RefillRow {
  id: string;
  prescription_id: string;
  pet_id: string;
  pet_name: string;
  owner_id: string;
  owner_name: string;
  drug: string;
  strength: string;
  quantity: number;
  status: 'open' | 'approved' | 'refused';
  note: string | null;
  decision_note: string | null;
  decided_by_name: string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
  cart: 'added' | 'not_added' | null;
  cart_message: string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export const toRefill = (r: RefillRow): RefillRequest => ({
  id: r.id,
  prescriptionId: r.prescription_id,
  petId: r.pet_id,
  petName: r.pet_name,
  ownerId: r.owner_id,
  ownerName: r.owner_name,
  drug: r.drug,
  strength: r.strength,
  quantity: Number(r.quantity),
  status: r.status,
  note: r.note,
  decisionNote: r.decision_note,
  decidedByName: r.decided_by_name,
  decidedAt: r.decided_at === null ? null : iso(r.decided_at),
  createdAt: iso(r.created_at),
  cart: r.cart,
  cartMessage: r.cart_message,
});

/** The columns of a refill request as its lists show it (`r` the request, `p` its prescription). */
export const refillColumns = sql`r.id, r.prescription_id, r.pet_id, pe.name as pet_name, r.owner_id, u.name as owner_name,
  p.drug, p.strength, p.quantity, r.status, r.note, r.decision_note, r.decided_by_name, r.decided_at, r.created_at,
  r.cart, r.cart_message`;
export const refillFrom = sql`refill_requests r join prescriptions p on p.id = r.prescription_id
  join pets pe on pe.id = r.pet_id join users u on u.id = r.owner_id`;

interface PrescriptionRow {
  id: string;
  pet_id: string;
  booking_id: string | null;
  drug: string;
  strength: string;
  dose: string;
  frequency: string;
  duration_days: number;
  quantity: number;
  refills: number;
  refills_used: number;
  instructions: string | null;
  product_id: number | null;
  product_name: string | null;
  prescribed_by_name: string;
  created_at: Date | string;
  corrects_id: string | null;
  corrected_by_id: string | null;
  latest_refill_id: string | null;
}

/** A pet's prescriptions (or one of them), newest first, each with its product's name and what corrected it. */
async function prescriptionRows(db: Executor, petId: string, only?: string): Promise<PrescriptionRow[]> {
  return rowsOf<PrescriptionRow>(
    await db.execute(sql`
      select p.id, p.pet_id, p.booking_id, p.drug, p.strength, p.dose, p.frequency, p.duration_days, p.quantity,
             p.refills, p.refills_used, p.instructions, p.product_id, pr.name as product_name, p.prescribed_by_name,
             p.created_at, p.corrects_id,
             (select c.id from prescriptions c where c.corrects_id = p.id) as corrected_by_id,
             (select r.id from refill_requests r where r.prescription_id = p.id
               order by r.created_at desc, r.id desc limit 1) as latest_refill_id
        from prescriptions p left join products pr on pr.id = p.product_id
       where p.pet_id = ${petId} ${only ? sql`and p.id = ${only}` : sql``}
       order by p.created_at desc, p.id desc
       limit ${PRESCRIPTIONS_MAX * 2}`),
  );
}

/** Refill requests by id, as their lists show them. */
export async function refillsById(db: Executor, ids: string[]): Promise<Map<string, RefillRequest>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<RefillRow>(
    await db.execute(sql`select ${refillColumns} from ${refillFrom} where r.id = any(${sql.param(ids)}::uuid[])`),
  );
  return new Map(rows.map((r) => [r.id, toRefill(r)]));
}

async function toPrescriptions(db: Executor, rows: PrescriptionRow[]): Promise<Prescription[]> {
  const refills = await refillsById(
    db,
    rows.flatMap((r) => (r.latest_refill_id ? [r.latest_refill_id] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    petId: r.pet_id,
    bookingId: r.booking_id,
    drug: r.drug,
    strength: r.strength,
    dose: r.dose,
    frequency: r.frequency,
    durationDays: Number(r.duration_days),
    quantity: Number(r.quantity),
    refills: Number(r.refills),
    refillsUsed: Number(r.refills_used),
    refillsLeft: Number(r.refills) - Number(r.refills_used),
    instructions: r.instructions,
    productId: r.product_id === null ? null : Number(r.product_id),
    productName: r.product_name,
    prescribedByName: r.prescribed_by_name,
    prescribedAt: iso(r.created_at),
    correctsId: r.corrects_id,
    correctedById: r.corrected_by_id,
    latestRefill: r.latest_refill_id ? (refills.get(r.latest_refill_id) ?? null) : null,
  }));
}

/** A pet's prescriptions, newest first (its owner and staff). */
export async function listPrescriptions(
  deps: Pick<Deps, 'db'>,
  viewer: AuthUser,
  petId: string,
): Promise<Prescription[]> {
  await readablePet(deps.db, viewer, petId);
  return toPrescriptions(deps.db, await prescriptionRows(deps.db, petId));
}

/** One prescription of a pet as the API shows it. */
async function prescriptionOf(db: Executor, petId: string, id: string): Promise<Prescription> {
  const [one] = await toPrescriptions(db, await prescriptionRows(db, petId, id));
  if (!one) throw errors.notFound('Prescription');
  return one;
}

/**
 * Staff write a prescription for a pet, at one of its visits or on its own, or a correction of an earlier one
 * (which stays, and can no longer be refilled). `productId` names the shop product it dispenses.
 */
export async function writePrescription(
  deps: Pick<Deps, 'db' | 'io'>,
  me: AuthUser,
  petId: string,
  body: PrescriptionBody,
): Promise<Prescription> {
  try {
    const { pet, id, entry } = await deps.db.transaction(async (tx) => {
      const pet = await writablePet(tx, me, petId);
      await checkReferences(tx, pet, body);
      const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from prescriptions where pet_id = ${petId}`),
      );
      if (Number(n) >= PRESCRIPTIONS_MAX) throw errors.conflict('This pet has reached the limit of prescriptions.');
      const [row] = await tx
        .insert(prescriptions)
        .values({
          petId,
          ownerId: pet.ownerId,
          bookingId: body.bookingId,
          drug: body.drug,
          strength: body.strength,
          dose: body.dose,
          frequency: body.frequency,
          durationDays: body.durationDays,
          quantity: body.quantity,
          refills: body.refills,
          instructions: body.instructions,
          productId: body.productId,
          correctsId: body.correctsId,
          prescribedBy: me.id,
          prescribedByName: me.name,
        })
        .returning({ id: prescriptions.id });
      const entry = await recordAudit(tx, me, {
        kind: 'pet.prescription_written',
        subjectType: 'pet',
        subjectId: petId,
        summary: `${body.correctsId ? 'Corrected a prescription of' : 'Prescribed'} ${pet.name} (${pet.ownerName}): ${body.drug} ${body.strength}, ${body.dose} ${body.frequency} for ${body.durationDays} days, ${body.quantity} with ${body.refills} refill${body.refills === 1 ? '' : 's'}`,
        after: { prescriptionId: row!.id, ...body },
      });
      return { pet, id: row!.id, entry };
    });
    announceAudit(deps, entry);
    announceRecord(deps, pet, 'prescriptions');
    return prescriptionOf(deps.db, petId, id);
  } catch (err) {
    if (isUniqueViolation(err, 'prescriptions_corrects_uq')) throw errors.conflict(PET_RECORD_MSG.correctsAlready);
    throw err;
  }
}

/** The visit, the corrected prescription and the product a prescription names must exist (for this pet). */
async function checkReferences(tx: Executor, pet: RecordPet, body: PrescriptionBody) {
  if (body.bookingId) {
    const [visit] = await tx
      .select({ id: slotBookings.id })
      .from(slotBookings)
      .where(and(eq(slotBookings.id, body.bookingId), eq(slotBookings.petId, pet.id)))
      .limit(1);
    if (!visit)
      throw errors.validation(PET_RECORD_MSG.bookingUnknown, [
        { path: 'bookingId', message: PET_RECORD_MSG.bookingUnknown },
      ]);
  }
  if (body.correctsId) {
    const [corrected] = await prescriptionRows(tx, pet.id, body.correctsId);
    if (!corrected)
      throw errors.validation(PET_RECORD_MSG.correctsUnknown, [
        { path: 'correctsId', message: PET_RECORD_MSG.correctsUnknown },
      ]);
    if (corrected.corrected_by_id) throw errors.conflict(PET_RECORD_MSG.correctsAlready);
  }
  if (body.productId) {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, body.productId));
    if (!product)
      throw errors.validation(PET_RECORD_MSG.productUnknown, [
        { path: 'productId', message: PET_RECORD_MSG.productUnknown },
      ]);
  }
}

/** Tells staff's refill lists and the request's owner that a request was made or decided. */
export function announceRefill({ io }: Pick<Deps, 'io'>, request: RefillRequest): void {
  io.to(roleRoom('employee'))
    .to(roleRoom('admin'))
    .to(userRoom(request.ownerId))
    .emit(REFILL_CHANGED_EVENT, { request });
}
