import { sql } from 'drizzle-orm';
import { PET_RECORD_MSG, type RefillDecisionBody, type RefillRequest, type RefillStatus } from '#shared/pet-record';
import { announceAudit, recordAudit } from '../audit/record.ts';
import { cartOf, setCartQuantity } from '../cart/service.ts';
import { isUniqueViolation, rowsOf } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { AppError, errors } from '../errors.ts';
import type { AuthUser } from '../lib/caller.ts';
import { isUuid } from '../lib/ids.ts';
import type { Cursor } from '../lib/pagination.ts';
import { createNotification, pushNotification } from '../notifications/service.ts';
import { announceRecord } from './live.ts';
import { announceRefill, refillColumns, refillFrom, refillsById, toRefill, type RefillRow } from './prescriptions.ts';

const REFILL_NOTIFICATION = 'refill_decided';

async function refillOf(deps: Pick<Deps, 'db'>, id: string): Promise<RefillRequest> {
  const found = (await refillsById(deps.db, [id])).get(id);
  if (!found) throw errors.notFound('Refill request');
  return found;
}

/**
 * The owner asks for a refill of their pet's prescription. One statement decides: the prescription is theirs, not
 * corrected since, its pet not archived and a refill left; the partial unique index keeps one open request at a time
 * (a second is 409). Staff hear of it on their list at once.
 */
export async function requestRefill(
  deps: Pick<Deps, 'db' | 'io'>,
  me: AuthUser,
  prescriptionId: string,
  note: string | null,
): Promise<RefillRequest> {
  if (!isUuid(prescriptionId)) throw errors.notFound('Prescription');
  let id: string | undefined;
  try {
    [{ id } = { id: undefined }] = rowsOf<{ id: string }>(
      await deps.db.execute(sql`
        insert into refill_requests (prescription_id, pet_id, owner_id, note)
        select p.id, p.pet_id, p.owner_id, ${note}
          from prescriptions p join pets pe on pe.id = p.pet_id
         where p.id = ${prescriptionId} and p.owner_id = ${me.id} and pe.archived_at is null
           and p.refills_used < p.refills
           and not exists (select 1 from prescriptions c where c.corrects_id = p.id)
        returning id`),
    );
  } catch (err) {
    if (isUniqueViolation(err, 'refill_requests_one_open_uq')) throw errors.conflict(PET_RECORD_MSG.refillOpen);
    throw err;
  }
  if (!id) {
    // Why not, in the customer's words: someone else's prescription is 404 like one that does not exist.
    const [p] = rowsOf<{ left: number; corrected: boolean; archived: boolean }>(
      await deps.db.execute(sql`
        select p.refills - p.refills_used as left,
               exists (select 1 from prescriptions c where c.corrects_id = p.id) as corrected,
               pe.archived_at is not null as archived
          from prescriptions p join pets pe on pe.id = p.pet_id
         where p.id = ${prescriptionId} and p.owner_id = ${me.id}`),
    );
    if (!p) throw errors.notFound('Prescription');
    if (p.archived) throw errors.conflict(PET_RECORD_MSG.archived);
    if (p.corrected) throw errors.conflict(PET_RECORD_MSG.prescriptionSuperseded);
    throw errors.conflict(PET_RECORD_MSG.noRefillsLeft, 'CONFLICT');
  }
  const request = await refillOf(deps, id);
  announceRefill(deps, request);
  announceRecord(deps, { id: request.petId, ownerId: request.ownerId }, 'prescriptions');
  return request;
}

/**
 * Staff approve or refuse an open refill request, with an optional note. Approval counts the refill in the same
 * transaction, by one conditional statement (`refills_used < refills`), so racing approvals never pass the refills
 * allowed; the decision's own UPDATE names 'open', so a request is decided once. An approved refill of a product the
 * shop sells then goes into the customer's cart (the cart's own rules apply: a full cart or too little stock leave
 * it out, and the request says why). The customer is notified.
 */
export async function decideRefill(
  deps: Pick<Deps, 'db' | 'io'>,
  me: AuthUser,
  requestId: string,
  body: RefillDecisionBody,
): Promise<RefillRequest> {
  if (!isUuid(requestId)) throw errors.notFound('Refill request');
  const approved = body.decision === 'approved';
  const decided = await deps.db.transaction(async (tx) => {
    const [row] = rowsOf<{ prescription_id: string; owner_id: string; pet_id: string }>(
      await tx.execute(sql`
        update refill_requests set status = ${body.decision}, decision_note = ${body.note}, decided_by = ${me.id},
               decided_by_name = ${me.name}, decided_at = now()
         where id = ${requestId} and status = 'open'
        returning prescription_id, owner_id, pet_id`),
    );
    if (!row) {
      const exists = rowsOf(await tx.execute(sql`select 1 from refill_requests where id = ${requestId}`));
      if (exists.length === 0) throw errors.notFound('Refill request');
      throw errors.conflict(PET_RECORD_MSG.refillDecided);
    }
    let product: { product_id: number | null; quantity: number } | undefined;
    if (approved) {
      // The refill is counted here or not at all: the statement itself refuses to pass the refills allowed.
      [product] = rowsOf<{ product_id: number | null; quantity: number }>(
        await tx.execute(sql`
          update prescriptions set refills_used = refills_used + 1
           where id = ${row.prescription_id} and refills_used < refills
          returning product_id, quantity`),
      );
      if (!product) throw errors.conflict(PET_RECORD_MSG.noRefillsLeft);
    }
    const [r] = rowsOf<RefillRow>(
      await tx.execute(sql`select ${refillColumns} from ${refillFrom} where r.id = ${requestId}`),
    );
    const request = toRefill(r!);
    const verb = approved ? 'Approved' : 'Refused';
    const entry = await recordAudit(tx, me, {
      kind: approved ? 'pet.refill_approved' : 'pet.refill_refused',
      subjectType: 'pet',
      subjectId: request.petId,
      summary: `${verb} a refill of ${request.drug} ${request.strength} for ${request.petName} (${request.ownerName})${body.note ? `: ${body.note}` : ''}`,
      before: { status: 'open' },
      after: { status: body.decision, refillRequestId: requestId, note: body.note },
    });
    const notification = await createNotification(
      { db: tx },
      {
        userId: request.ownerId,
        type: REFILL_NOTIFICATION,
        title: approved ? 'Refill approved' : 'Refill refused',
        body: `The clinic ${approved ? 'approved' : 'refused'} the refill of ${request.drug} ${request.strength} for ${request.petName}.${body.note ? ` ${body.note}` : ''}`,
        data: { refillRequestId: requestId, petId: request.petId, status: body.decision },
      },
    );
    return { request, entry, notification, product };
  });
  announceAudit(deps, decided.entry);
  pushNotification(deps, decided.request.ownerId, decided.notification);
  let request = decided.request;
  if (approved && decided.product?.product_id != null) {
    request = await intoCart(deps, request, Number(decided.product.product_id), Number(decided.product.quantity));
  }
  announceRefill(deps, request);
  announceRecord(deps, { id: request.petId, ownerId: request.ownerId }, 'prescriptions');
  return request;
}

/** Puts an approved refill's product into the customer's cart (on top of what is there) and records how it went. */
async function intoCart(
  deps: Pick<Deps, 'db' | 'io'>,
  request: RefillRequest,
  productId: number,
  quantity: number,
): Promise<RefillRequest> {
  let outcome: { cart: 'added' | 'not_added'; message: string | null };
  try {
    const inCart = (await cartOf(deps, request.ownerId)).items.find((i) => i.productId === productId)?.quantity ?? 0;
    await setCartQuantity(deps, request.ownerId, productId, inCart + quantity);
    outcome = { cart: 'added', message: null };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    outcome = { cart: 'not_added', message: `Not added to the cart: ${err.message}` };
  }
  await deps.db.execute(
    sql`update refill_requests set cart = ${outcome.cart}, cart_message = ${outcome.message} where id = ${request.id}`,
  );
  return { ...request, cart: outcome.cart, cartMessage: outcome.message };
}

/**
 * Staff's list of refill requests: open ones oldest first (the work list), decided ones newest first, a page at a
 * time.
 */
export async function listRefills(
  deps: Pick<Deps, 'db'>,
  status: RefillStatus,
  limit: number,
  cursor?: Cursor,
): Promise<RefillRequest[]> {
  const open = status === 'open';
  const after = cursor
    ? open
      ? sql`and (r.created_at, r.id) > (coalesce((select created_at from refill_requests where id = ${cursor.id}::uuid), ${cursor.at.toISOString()}::timestamptz), ${cursor.id}::uuid)`
      : sql`and (r.created_at, r.id) < (coalesce((select created_at from refill_requests where id = ${cursor.id}::uuid), ${cursor.at.toISOString()}::timestamptz), ${cursor.id}::uuid)`
    : sql``;
  const rows = rowsOf<RefillRow>(
    await deps.db.execute(sql`select ${refillColumns} from ${refillFrom}
      where ${open ? sql`r.status = 'open'` : sql`r.status = ${status}`} ${after}
      order by r.created_at ${open ? sql`asc` : sql`desc`}, r.id ${open ? sql`asc` : sql`desc`}
      limit ${limit + 1}`),
  );
  return rows.map(toRefill);
}
