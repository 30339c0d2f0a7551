import { Link } from 'react-router';
import { toast } from '../lib/toast.ts';
import { notificationLink, type Notification } from '#shared/notifications';
import { NOTIFICATION_EVENT } from '#shared/realtime';
import { useSession } from '../lib/session.tsx';
import { useSocketEvent } from '../lib/socket.ts';

/**
 * Live notifications (e.g. a confirmed booking): a toast with title and body, and a link when the notification
 * names a page of this site (a care reminder's one-tap rebooking). What they are about arrives as its own event
 * (booking_changed, order_changed), which updates the rows on screen, so nothing is refetched here.
 */
export function NotificationListener() {
  const { user } = useSession();
  useSocketEvent(NOTIFICATION_EVENT, (n: Partial<Notification> | undefined) => {
    if (!n || typeof n.title !== 'string') return;
    // The page of what it is about (a path of this site only), as the inbox links it.
    const to = user ? notificationLink({ type: n.type ?? '', data: n.data ?? null }, user.role) : null;
    toast.info(
      <div>
        <p className="font-semibold">{n.title}</p>
        {n.body && <p className="text-sm">{n.body}</p>}
        {to && (
          <Link to={to} onClick={() => n.id && toast.dismiss(n.id)} className="text-sm font-semibold underline">
            {n.type === 'care_reminder' ? 'Book a time' : 'Open'}
          </Link>
        )}
      </div>,
      { toastId: n.id },
    );
  });
  return null;
}
