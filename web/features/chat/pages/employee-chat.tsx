import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { Contact } from '#shared/auth';
import { CHAT_BROADCAST, CHAT_EVENTS, type ChatMessage, type Conversation } from '#shared/chat';
import { MSG } from '#shared/messages';
import { PageShell } from '../../../components/page-shell.tsx';
import { useSession } from '../../../lib/session.tsx';
import { useSocket, useSocketEvent, useSocketStatus } from '../../../lib/socket.ts';
import { useConversations } from '../api/get-conversations.ts';
import { useCustomerHistory } from '../api/get-customer-history.ts';
import { useChatCustomers } from '../api/get-customers.ts';
import { useOnlineCustomers } from '../api/get-online.ts';
import { useStaffInbox } from '../api/get-staff-inbox.ts';
import { chatKeys } from '../api/keys.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { ConnectionBadge } from '../components/connection-badge.tsx';
import { ConversationList } from '../components/conversation-list.tsx';
import { ConversationPane } from '../components/conversation-pane.tsx';
import { withMessage } from '../lib/conversations.ts';
import { mergeMessages, pagesInOrder } from '../lib/messages.ts';
import { useChat } from '../lib/use-chat.ts';

/**
 * /employee/chat: conversations with unread counts on the left; on the right the selected conversation (or every
 * message for 'All customers') and a box that writes to the selected target.
 */
export default function EmployeeChatPage() {
  const { user } = useSession();
  if (!user) return null;
  return <EmployeeChat meId={user.id} />;
}

function EmployeeChat({ meId }: { meId: string }) {
  const [params, setParams] = useSearchParams();
  const target = params.get('to') || CHAT_BROADCAST;
  const isAll = target === CHAT_BROADCAST;
  const setTarget = (to: string) => setParams(to === CHAT_BROADCAST ? {} : { to }, { replace: true });
  const selectId = useId();
  const composer = useRef<HTMLTextAreaElement>(null);

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

  return (
    <PageShell
      title="Chat"
      intro="Answer customers live. Pick a conversation, or write to all customers at once."
      actions={<ConnectionBadge status={status} onRetry={reconnect} />}
    >
      {/* minmax(0, 1fr): long names and messages wrap or truncate instead of widening the page on a phone. */}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[18rem_minmax(0,1fr)]">
        <aside className="rounded-xl bg-gray-100 p-2 shadow-sm ring-1 ring-black/5 md:max-h-[70vh] md:overflow-y-auto">
          <ConversationList
            conversations={conversations.data ?? []}
            selected={target}
            online={onlineSet}
            onSelect={setTarget}
            loading={conversations.isLoading}
            failed={conversations.isError}
            meId={meId}
          />
        </aside>
        <section
          aria-label={`Conversation: ${targetName}`}
          className="flex min-h-[28rem] flex-col overflow-hidden rounded-xl bg-white text-ink shadow-sm ring-1 ring-black/5 md:h-[70vh]"
        >
          <div className="flex flex-wrap items-center gap-2 border-b border-black/10 px-3 py-2">
            <label htmlFor={selectId} className="text-sm font-medium">
              Send to
            </label>
            <select
              id={selectId}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              className="min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm sm:flex-none"
            >
              <option value={CHAT_BROADCAST}>All customers</option>
              {options.map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
              {!isAll && !names.has(target) && <option value={target}>Selected customer</option>}
            </select>
            {isAll && <span className="text-xs text-ink-muted">Click a customer&apos;s message to reply to them.</span>}
          </div>
          <ConversationPane
            meId={meId}
            messages={messages}
            pending={pending}
            typing={typers}
            label={`Messages: ${targetName}`}
            emptyText={isAll ? 'No messages yet.' : 'No messages with this customer yet.'}
            history={active}
            sender={sender}
            typingSignal={typingSignal}
            receiverId={target}
            onPickSender={(m: ChatMessage) => {
              setTarget(m.senderId);
              // The picked message leaves the screen with the view it was in: the reply is what comes next.
              composer.current?.focus();
            }}
            inputRef={composer}
            describe={(m) =>
              isAll && m.senderRole !== 'user'
                ? m.customerId
                  ? `to ${names.get(m.customerId) ?? 'a customer'}`
                  : 'to all customers'
                : null
            }
            listClassName="flex-1"
            placeholder={isAll ? 'Write to all customers…' : `Write to ${targetName}…`}
          />
        </section>
      </div>
    </PageShell>
  );
}
