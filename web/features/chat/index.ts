// The chat feature's public surface, used by the customer and employee layouts.
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_EVENTS } from '#shared/chat';
import { RESYNC_EVENT } from '#shared/realtime';
import { useSession } from '../../lib/session.tsx';
import { useSocketEvent } from '../../lib/socket.ts';
import { useUnreadCountQuery } from './api/get-unread-count.ts';
import { chatKeys } from './api/keys.ts';

export { CustomerChat } from './components/customer-chat.tsx';

/** Unread chat messages of the signed-in person, for the navbar badge; refreshed as messages arrive. */
export function useChatUnreadCount(): number {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const query = useUnreadCountQuery(!!user);
  useSocketEvent(CHAT_EVENTS.receive, (m) => {
    if (m.senderId !== user?.id) void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
  });
  // Messages from other server processes may have been missed while the link between them was down.
  useSocketEvent(RESYNC_EVENT, () => void queryClient.invalidateQueries({ queryKey: chatKeys.unread }));
  return query.data?.count ?? 0;
}
