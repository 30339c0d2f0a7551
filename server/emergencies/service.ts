import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  EMERGENCY_CHANGED_EVENT,
  EMERGENCY_MSG,
  EMERGENCY_STATUSES,
  type Emergency,
  type EmergencyBody,
  type EmergencyChangedEvent,
  type EmergencyStatus,
  type EmergencyUpdate,
} from '#shared/emergencies';
import type { Notification } from '#shared/notifications';
import { isUniqueViolation, type Executor } from '../db/client.ts';
import { present } from '../db/rows.ts';
import { emergencies, emergencyEvents, pets } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { createNotification } from '../notifications/service.ts';
import type { AuthUser } from '../lib/caller.ts';
import { alertsOfPets } from '../pet-record/alerts.ts';
import { roleRoom, userRoom } from '../lib/realtime.ts';

type Row = typeof emergencies.$inferSelect;
type EventRow = typeof emergencyEvents.$inferSelect;

/** Notification type of emergency updates (GET /api/notifications). */
const NOTIFICATION_TYPE = 'emergency_update';

/** How many of the most recently resolved requests staff see below the open ones. */
const RESOLVED_SHOWN = 20;

function toDto(r: Row, events: EventRow[]): Emergency {
  return {
    ...present(r, [
      'customerName',
      'petId',
      'petName',
      'description',
      'phone',
      'needsPickup',
      'address',
      'status',
      'triageLevel',
      'assignedToName',
      'createdAt',
      'updatedAt',
    ]),
    customerId: r.userId,
    assignedToId: r.assignedTo,
    events: events.map((e) => ({
      status: e.status,
      triageLevel: e.triageLevel,
      note: e.note,
      actorName: e.actorName,
      at: e.at.toISOString(),
    })),
  };
}

/** Rows with their events, in the rows' order. */
async function withEvents(db: Executor, rows: Row[]): Promise<Emergency[]> {
  if (rows.length === 0) return [];
  const events = await db
    .select()
    .from(emergencyEvents)
    .where(
      inArray(
        emergencyEvents.emergencyId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(emergencyEvents.id));
  return rows.map((r) =>
    toDto(
      r,
      events.filter((e) => e.emergencyId === r.id),
    ),
  );
}

/** Unresolved requests (the staff badge), read from the queue's partial index. */
export async function openCount({ db }: Pick<Deps, 'db'>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emergencies)
    .where(ne(emergencies.status, 'resolved'));
  return Number(row?.n ?? 0);
}

/**
 * A customer raises an emergency request: open round the clock. The pet is one of theirs (its name is taken from
 * it) or a name; at most one unresolved request per customer, refused with 409 otherwise (the partial unique index
 * decides, so two tabs submitting at once store one).
 */
export async function raiseEmergency({ db }: Pick<Deps, 'db'>, me: AuthUser, body: EmergencyBody): Promise<Emergency> {
  if (me.role !== 'user') throw errors.forbidden(EMERGENCY_MSG.staffOnly);
  let petName = body.petName;
  if (body.petId) {
    const [pet] = await db
      .select({ name: pets.name })
      .from(pets)
      .where(and(eq(pets.id, body.petId), eq(pets.ownerId, me.id), isNull(pets.archivedAt)))
      .limit(1);
    if (!pet) throw errors.notFound('Pet');
    petName = pet.name;
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(emergencies)
        .values({
          userId: me.id,
          customerName: me.name,
          petId: body.petId ?? null,
          petName: petName ?? '',
          description: body.description,
          phone: body.phone,
          needsPickup: body.needsPickup,
          address: body.address ?? null,
        })
        .returning();
      const [event] = await tx
        .insert(emergencyEvents)
        .values({ emergencyId: row!.id, status: 'open', actorId: me.id, actorName: me.name })
        .returning();
      return toDto(row!, [event!]);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'emergencies_one_open_uq'))
      throw errors.conflict(EMERGENCY_MSG.oneOpen, 'EMERGENCY_OPEN');
    throw err;
  }
}

/**
 * Staff: every unresolved request, untriaged first, then by triage level (1 most urgent) and time, followed by the
 * most recently resolved ones. A customer: their own requests, newest first.
 */
export async function listEmergencies({ db }: Pick<Deps, 'db'>, me: AuthUser): Promise<Emergency[]> {
  if (me.role === 'user') {
    const rows = await db
      .select()
      .from(emergencies)
      .where(eq(emergencies.userId, me.id))
      .orderBy(desc(emergencies.createdAt))
      .limit(RESOLVED_SHOWN);
    return withEvents(db, rows);
  }
  const open = await db
    .select()
    .from(emergencies)
    .where(ne(emergencies.status, 'resolved'))
    .orderBy(sql`coalesce(${emergencies.triageLevel}, 0)`, asc(emergencies.createdAt));
  const resolved = await db
    .select()
    .from(emergencies)
    .where(eq(emergencies.status, 'resolved'))
    .orderBy(desc(emergencies.updatedAt))
    .limit(RESOLVED_SHOWN);
  return withAlerts(db, await withEvents(db, [...open, ...resolved]));
}

/** Staff views of requests carry the alerts set on their pets. */
async function withAlerts(db: Executor, list: Emergency[]): Promise<Emergency[]> {
  const alerts = await alertsOfPets(
    db,
    list.map((e) => e.petId),
  );
  return list.map((e) => ({ ...e, alerts: (e.petId && alerts.get(e.petId)) || [] }));
}

/** What the customer is told about a change. */
function customerSentence(e: Row): { title: string; body: string } {
  switch (e.status) {
    case 'acknowledged':
      return { title: 'A vet has seen your request', body: `A vet has seen your emergency request for ${e.petName}.` };
    case 'assigned':
      return {
        title: `Assigned to ${e.assignedToName ?? 'a vet'}`,
        body: `Your emergency request for ${e.petName} is assigned to ${e.assignedToName ?? 'a vet'}.`,
      };
    case 'resolved':
      return { title: 'Emergency request resolved', body: `Your emergency request for ${e.petName} is resolved.` };
    default:
      return { title: 'Emergency request updated', body: `Your emergency request for ${e.petName} was updated.` };
  }
}

/**
 * Staff move a request forward (open -> acknowledged -> assigned -> resolved; steps may be skipped, never undone),
 * set its triage level or add a note. The UPDATE's WHERE names the statuses it may come from, so a request never
 * moves backwards whatever races; "assigned" assigns it to the caller. The change is stored with who and when,
 * and the customer's notification in the same transaction.
 */
export async function updateEmergency(
  { db }: Pick<Deps, 'db'>,
  me: AuthUser,
  id: string,
  body: EmergencyUpdate,
): Promise<{ emergency: Emergency; notification?: Notification }> {
  if (!isUuid(id)) throw errors.notFound('Emergency request');
  const rank = EMERGENCY_STATUSES.indexOf(body.status);
  const from: EmergencyStatus[] = EMERGENCY_STATUSES.slice(0, rank + 1).filter((s) => s !== 'resolved');
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(emergencies).where(eq(emergencies.id, id)).limit(1);
    if (!current) throw errors.notFound('Emergency request');
    const moves = current.status !== body.status;
    // Moving to "assigned" assigns it to the caller; "assigned" again with nothing else ("Assign to me") takes it
    // over from a colleague, while a triage level or a note alone leaves it with them.
    const onlyStatus = body.triageLevel === undefined && body.note === undefined;
    const assigning = body.status === 'assigned' && (moves || (onlyStatus && current.assignedTo !== me.id));
    if (
      !moves &&
      !assigning &&
      body.triageLevel === undefined &&
      body.note === undefined &&
      current.status !== 'resolved'
    )
      throw errors.badRequest(EMERGENCY_MSG.nothingToChange);
    const [row] = await tx
      .update(emergencies)
      .set({
        status: body.status,
        triageLevel: body.triageLevel ?? current.triageLevel,
        ...(assigning ? { assignedTo: me.id, assignedToName: me.name } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(emergencies.id, id), inArray(emergencies.status, from.length ? from : ['open'])))
      .returning();
    if (!row) {
      const [now] = await tx.select({ status: emergencies.status }).from(emergencies).where(eq(emergencies.id, id));
      if (now?.status === 'resolved') throw errors.conflict(EMERGENCY_MSG.resolved);
      throw errors.conflict(EMERGENCY_MSG.backwards(now?.status ?? current.status));
    }
    await tx.insert(emergencyEvents).values({
      emergencyId: id,
      status: row.status,
      triageLevel: body.triageLevel ?? null,
      note: body.note ?? null,
      actorId: me.id,
      actorName: me.name,
    });
    let notification: Notification | undefined;
    if (moves || assigning) {
      const { title, body: text } = customerSentence(row);
      notification = await createNotification(
        { db: tx },
        {
          userId: row.userId,
          type: NOTIFICATION_TYPE,
          title,
          body: text,
          data: { emergencyId: id, status: row.status },
        },
      );
    }
    const [emergency] = await withAlerts(tx, await withEvents(tx, [row]));
    return { emergency: emergency!, notification };
  });
}

/** Tells staff screens (with the new badge count) and the request's customer that a request was raised or changed. */
export async function announceEmergency(
  deps: Pick<Deps, 'db' | 'io'>,
  emergency: Emergency,
  action: EmergencyChangedEvent['action'],
): Promise<void> {
  const open = await openCount(deps);
  const [forStaff] = await withAlerts(deps.db, [emergency]);
  deps.io
    .to(roleRoom('employee'))
    .to(roleRoom('admin'))
    .emit(EMERGENCY_CHANGED_EVENT, { action, emergency: forStaff!, open });
  const { alerts: _staffOnly, ...forCustomer } = emergency;
  deps.io.to(userRoom(emergency.customerId)).emit(EMERGENCY_CHANGED_EVENT, { action, emergency: forCustomer });
}
