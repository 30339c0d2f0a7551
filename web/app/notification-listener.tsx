import { toast } from 'react-toastify';
import type { Notification } from '#shared/notifications';
import { NOTIFICATION_EVENT } from '#shared/realtime';
import { useSocketEvent } from '../lib/socket.ts';

/**
 * Live notifications (e.g. a confirmed booking): a toast with title and body. What they are about arrives as its own
 * event (booking_changed, order_changed), which updates the rows on screen, so nothing is refetched here.
 */
export function NotificationListener() {
  useSocketEvent(NOTIFICATION_EVENT, (n: Partial<Notification> | undefined) => {
    if (!n || typeof n.title !== 'string') return;
    toast.info(
      <div>
        <p className="font-semibold">{n.title}</p>
        {n.body && <p className="text-sm">{n.body}</p>}
      </div>,
      { toastId: n.id },
    );
  });
  return null;
}
