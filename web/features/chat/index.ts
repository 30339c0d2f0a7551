// The chat feature's public surface, used by the customer and employee layouts.
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { CHAT_EVENTS, type Conversation, type UnreadCount } from '#shared/chat';
import { useSession } from '../../lib/session.tsx';
import { useSocketEvent } from '../../lib/socket.ts';
import { useUnreadCountQuery } from './api/get-unread-count.ts';
import { chatKeys } from './api/keys.ts';
import { countsAsUnread, withRead } from './lib/conversations.ts';

export { CustomerChat } from './components/customer-chat.tsx';

/** Message ids remembered so a second delivery is not counted again: more than an outage redelivers at once. */
const REMEMBERED = 2000;

/**
 * Unread chat messages of the signed-in person, for the navbar badge. Kept current from the events alone: +1 per
 * message that counts (once per message id), and the reader's new total when they read a conversation in any tab.
 */
export function useChatUnreadCount(): number {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const query = useUnreadCountQuery(!!user);
  const counted = useRef(new Set<string>());

  useSocketEvent(CHAT_EVENTS.receive, (m) => {
    if (!user || !countsAsUnread(m, user) || counted.current.has(m.id)) return;
    counted.current.add(m.id);
    if (counted.current.size > REMEMBERED) counted.current.delete(counted.current.values().next().value!);
    queryClient.setQueryData<UnreadCount>(chatKeys.unread, (u) => u && { count: u.count + 1 });
  });
  // Also clears that row of the staff conversation list, so every tab of this reader shows it read.
  useSocketEvent(CHAT_EVENTS.read, (e) => {
    queryClient.setQueryData<UnreadCount>(chatKeys.unread, { count: e.unread });
    queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (list) => list && withRead(list, e.customerId));
  });
  return query.data?.count ?? 0;
}
