import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Notification } from '#shared/notifications';
import { NOTIFICATION_EVENT, NOTIFICATIONS_READ_EVENT } from '#shared/realtime';
import { present } from '../db/rows.ts';
import { notifications } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { olderThanRow, type Cursor } from '../lib/pagination.ts';
import { userRoom } from '../lib/realtime.ts';

type Row = typeof notifications.$inferSelect;

function toNotificationDto(r: Row): Notification {
  return { ...present(r, ['type', 'title', 'body', 'createdAt']), data: r.data ?? null, read: !!r.readAt };
}

/**
 * Stores a notification for a user. Call inside the transaction of the change it reports, then call
 * `pushNotification` after the commit so nobody is told about a change that was rolled back.
 */
export async function createNotification(
  { db }: Pick<Deps, 'db'>,
  input: { userId: string; type: string; title: string; body: string; data?: Record<string, unknown> },
): Promise<Notification> {
  const [row] = await db
    .insert(notifications)
    .values({ userId: input.userId, type: input.type, title: input.title, body: input.body, data: input.data ?? null })
    .returning();
  return toNotificationDto(row!);
}

/** Sends a stored notification live to every open tab of its user (event 'notification'). */
export function pushNotification({ io }: Pick<Deps, 'io'>, userId: string, n: Notification): void {
  io.to(userRoom(userId)).emit(NOTIFICATION_EVENT, n);
}

/** A page of a user's notifications, newest first, with the unread count. */
export async function listNotifications({ db }: Pick<Deps, 'db'>, userId: string, limit: number, cursor?: Cursor) {
  const conds = [eq(notifications.userId, userId)];
  if (cursor) conds.push(olderThanRow(notifications, notifications.createdAt, notifications.id, cursor));
  const rows = await db
    .select()
    .from(notifications)
    .where(and(...conds))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
  return rows.map(toNotificationDto);
}

export async function unreadCount({ db }: Pick<Deps, 'db'>, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Tells every open tab of the user what was read and how many are left unread (event 'notifications_read'). */
async function announceRead(deps: Pick<Deps, 'db' | 'io'>, userId: string, ids?: string[]): Promise<void> {
  const unread = await unreadCount(deps, userId);
  deps.io.to(userRoom(userId)).emit(NOTIFICATIONS_READ_EVENT, ids ? { ids, unread } : { unread });
}

/** Marks one of the user's notifications read; someone else's is a 404. */
export async function markRead(deps: Pick<Deps, 'db' | 'io'>, userId: string, id: string): Promise<Notification> {
  if (!isUuid(id)) throw errors.notFound('Notification');
  const [row] = await deps.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw errors.notFound('Notification');
  await announceRead(deps, userId, [id]);
  return toNotificationDto(row);
}

export async function markAllRead(deps: Pick<Deps, 'db' | 'io'>, userId: string): Promise<void> {
  await deps.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  await announceRead(deps, userId);
}
