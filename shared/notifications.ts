import { z } from 'zod';

/** A notification kept for a user and pushed live over the socket as event 'notification'. */
export const NotificationSchema = z.object({
  _id: z.string(),
  id: z.string(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /api/notifications/unread-count: what the navbar's bell shows. */
export const UnreadCountSchema = z.object({ count: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** Event `notifications_read`: these (or, without `ids`, all) of the user's notifications are read; `unread` is left. */
export const NotificationsReadEventSchema = z.object({
  ids: z.array(z.string()).optional(),
  unread: z.number().int().nonnegative(),
});
export type NotificationsReadEvent = z.infer<typeof NotificationsReadEventSchema>;

/**
 * Where a notification takes its reader in the app, from what it is about: its own link (a care reminder's booking
 * link), else the page of its booking, order, pet or refill for the reader's role. Null when it is about nothing
 * with a page.
 */
export function notificationLink(
  n: Pick<Notification, 'type' | 'data'>,
  role: 'user' | 'employee' | 'admin',
): string | null {
  const d = n.data ?? {};
  const str = (k: string) => (typeof d[k] === 'string' ? d[k] : null);
  const own = str('link');
  // A path of this site only: never '//host' or '/\host', which browsers read as another site.
  if (own && /^\/(?![/\\])/.test(own)) return own;
  // Staff pages are the employee's; an admin's notifications carry their own link when they have one.
  if (role === 'admin') return null;
  const staff = role === 'employee';
  const pet = str('petId');
  if (str('orderId')) return staff ? '/employee/orders' : `/customer/my-orders/${str('orderId')}`;
  if (str('refillRequestId')) return staff ? '/employee/refills' : pet ? `/customer/pets/${pet}` : null;
  if (str('bookingId')) return staff ? '/employee/slots' : '/slots';
  if (pet) return staff ? `/employee/pets/${pet}` : `/customer/pets/${pet}`;
  return null;
}
