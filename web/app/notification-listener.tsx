import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { Notification } from '#shared/notifications';
import { NOTIFICATION_EVENT } from '#shared/realtime';
import { useSocketEvent } from '../lib/socket.ts';

/** Live notifications (e.g. a confirmed booking): a toast with title and body, then fresh data everywhere. */
export function NotificationListener() {
  const queryClient = useQueryClient();
  useSocketEvent(NOTIFICATION_EVENT, (n: Partial<Notification> | undefined) => {
    if (!n || typeof n.title !== 'string') return;
    toast.info(
      <div>
        <p className="font-semibold">{n.title}</p>
        {n.body && <p className="text-sm">{n.body}</p>}
      </div>,
      { toastId: n.id },
    );
    void queryClient.invalidateQueries();
  });
  return null;
}
