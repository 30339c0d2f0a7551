import type { Role } from '#shared/roles';

/**
 * Who may do what, in one place. Routes guard by role (`app.requireRole`); services ask these questions of the
 * caller for rules that depend on the record too (a customer's own booking, order or conversation).
 */
type Someone = { role: Role };

/** Employees and admins: they work the clinic's agenda, queue, orders and chat. */
export const STAFF_ROLES = ['employee', 'admin'] as const satisfies readonly Role[];

export const isStaff = (who: Someone): boolean => who.role === 'employee' || who.role === 'admin';

/** Staff see every customer's records; a customer sees their own only. */
export const mayOpenRecordOf = (who: Someone & { id: string }, ownerId: string | null): boolean =>
  isStaff(who) || who.id === ownerId;
