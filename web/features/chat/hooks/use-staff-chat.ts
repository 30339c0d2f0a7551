import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { Contact } from '#shared/auth';
import { CHAT_BROADCAST, CHAT_EVENTS, type ChatMessage, type Conversation } from '#shared/chat';
import { MSG } from '#shared/messages';
import { useSocket, useSocketEvent, useSocketStatus } from '../../../lib/socket.ts';
import { useConversations } from '../api/get-conversations.ts';
import { useCustomerHistory } from '../api/get-customer-history.ts';
import { useChatCustomers } from '../api/get-customers.ts';
import { useOnlineCustomers } from '../api/get-online.ts';
import { useStaffInbox } from '../api/get-staff-inbox.ts';
import { chatKeys } from '../api/keys.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { withMessage } from '../lib/conversations.ts';
import { mergeMessages, pagesInOrder } from '../lib/messages.ts';
import { useChat } from '../lib/use-chat.ts';

/**
 * The staff chat: the conversation chosen in the address (?to=, else every message for 'All customers'), its
 * messages stored and live, who is online and typing, the customers' names, and the conversation list kept current
 * in place. A customer's conversation on screen is marked read, and its room joined to hear colleagues' replies.
 */
export function useStaffChat(meId: string) {
  const [params, setParams] = useSearchParams();
  const target = params.get('to') || CHAT_BROADCAST;
  const isAll = target === CHAT_BROADCAST;
  const setTarget = (to: string) => setParams(to === CHAT_BROADCAST ? {} : { to }, { replace: true });

  const socket = useSocket();
  const { status, reconnect } = useSocketStatus();
  const queryClient = useQueryClient();
  const conversations = useConversations();
  const customers = useChatCustomers();
  const online = useOnlineCustomers();
  const inbox = useStaffInbox(meId, isAll);
  const history = useCustomerHistory(isAll ? null : target);
  // Every message this view hears of (pushed live, or this tab's own once stored) changes its conversation's row in
  // place: moved up, and counted unread when a customer wrote it. The list is not loaded again.
  const onMessage = (m: ChatMessage) =>
    queryClient.setQueryData<Conversation[]>(
      chatKeys.conversations,
      (list) =>
        list &&
        withMessage(list, m, {
          openId: isAll ? null : target,
          nameOf: (id) => queryClient.getQueryData<Contact[]>(chatKeys.customers)?.find((u) => u.id === id)?.name,
        }),
    );
  const { live, sender, typingSignal, typers } = useChat(meId, {
    typingTo: isAll ? null : target,
    showTyping: (e) => e.role === 'user' && e.customerId === target,
    onScreen: true,
    onMessage,
  });
  const { mutate: markSeen } = useMarkRead();

  const [presence, setPresence] = useState<Record<string, boolean>>({});
  useSocketEvent(CHAT_EVENTS.presence, (e) => setPresence((p) => ({ ...p, [e.userId]: e.online })));
  const onlineSet = useMemo(() => {
    const s = new Set(online.data?.userIds ?? []);
    for (const [id, on] of Object.entries(presence)) {
      if (on) s.add(id);
      else s.delete(id);
    }
    return s;
  }, [online.data, presence]);

  useEffect(() => {
    if (customers.isError) toast.error(MSG.chatUsersFailed, { toastId: 'chat-users-failed' });
  }, [customers.isError]);

  // Watching a customer's conversation: see colleagues' replies to them too. Rooms are per connection, so join again after a reconnect.
  useEffect(() => {
    if (!socket || status !== 'connected' || isAll) return;
    socket.emit(CHAT_EVENTS.joinRoom, { customerId: target });
    return () => {
      socket.emit(CHAT_EVENTS.leaveRoom, { customerId: target });
    };
  }, [socket, status, isAll, target]);

  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const c of conversations.data ?? []) map.set(c.customerId, c.customerName);
    for (const u of customers.data ?? []) map.set(u.id, u.name);
    return map;
  }, [conversations.data, customers.data]);

  const messages = useMemo(() => {
    if (isAll)
      return mergeMessages(
        pagesInOrder(inbox.data?.pages),
        live.filter((m) => m.senderRole === 'user' || m.senderId === meId),
      );
    return mergeMessages(
      pagesInOrder(history.data?.pages),
      live.filter((m) => m.customerId === target || m.customerId === null),
    );
  }, [isAll, inbox.data, history.data, live, target, meId]);

  const pending = sender.pending.filter((p) => (isAll ? true : p.receiverId === target));
  const lastFromCustomer = messages.filter((m) => m.senderRole === 'user').at(-1)?.id;
  useEffect(() => {
    if (!isAll && lastFromCustomer) markSeen(target);
  }, [isAll, target, lastFromCustomer, markSeen]);

  const targetName = isAll ? 'All customers' : (names.get(target) ?? 'this customer');
  const active = isAll ? inbox : history;
  const options = useMemo(() => [...names.entries()].sort((a, b) => a[1].localeCompare(b[1])), [names]);

  return {
    target,
    isAll,
    setTarget,
    status,
    reconnect,
    conversations,
    onlineSet,
    names,
    options,
    messages,
    pending,
    typers,
    sender,
    typingSignal,
    active,
    targetName,
  };
}
