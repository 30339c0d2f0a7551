import { useId, useRef } from 'react';
import { CHAT_BROADCAST, type ChatMessage } from '#shared/chat';
import { PageShell } from '../../../components/page-shell.tsx';
import { useSession } from '../../../lib/session.tsx';
import { ConnectionBadge } from '../components/connection-badge.tsx';
import { ConversationList } from '../components/conversation-list.tsx';
import { ConversationPane } from '../components/conversation-pane.tsx';
import { CustomerPetAlerts } from '../components/customer-pet-alerts.tsx';
import { useStaffChat } from '../hooks/use-staff-chat.ts';

/**
 * /employee/chat: conversations with unread counts on the left; on the right the selected conversation (or every
 * message for 'All customers') and a box that writes to the selected target.
 */
export default function EmployeeChatPage() {
  const { user } = useSession();
  if (!user) return null;
  return <EmployeeChat meId={user.id} />;
}

/** Whom the box writes to: all customers, or one of them. */
function SendTo({ chat }: { chat: ReturnType<typeof useStaffChat> }) {
  const selectId = useId();
  const { target, isAll, names } = chat;
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-black/10 px-3 py-2">
      <label htmlFor={selectId} className="text-sm font-medium">
        Send to
      </label>
      <select
        id={selectId}
        value={target}
        onChange={(e) => chat.setTarget(e.target.value)}
        className="min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm sm:flex-none"
      >
        <option value={CHAT_BROADCAST}>All customers</option>
        {chat.options.map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
        {!isAll && !names.has(target) && <option value={target}>Selected customer</option>}
      </select>
      {isAll && <span className="text-xs text-ink-muted">Click a customer&apos;s message to reply to them.</span>}
    </div>
  );
}

function EmployeeChat({ meId }: { meId: string }) {
  const chat = useStaffChat(meId);
  const { target, isAll, names, targetName, conversations } = chat;
  const composer = useRef<HTMLTextAreaElement>(null);

  return (
    <PageShell
      title="Chat"
      intro="Answer customers live. Pick a conversation, or write to all customers at once."
      actions={<ConnectionBadge status={chat.status} onRetry={chat.reconnect} />}
    >
      {/* minmax(0, 1fr): long names and messages wrap or truncate instead of widening the page on a phone. */}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[18rem_minmax(0,1fr)]">
        <aside className="rounded-xl bg-gray-100 p-2 shadow-sm ring-1 ring-black/5 md:max-h-[70vh] md:overflow-y-auto">
          <ConversationList
            conversations={conversations.data ?? []}
            selected={target}
            online={chat.onlineSet}
            onSelect={chat.setTarget}
            loading={conversations.isLoading}
            failed={conversations.isError}
            meId={meId}
          />
        </aside>
        <section
          aria-label={`Conversation: ${targetName}`}
          className="flex min-h-[28rem] flex-col overflow-hidden rounded-xl bg-white text-ink shadow-sm ring-1 ring-black/5 md:h-[70vh]"
        >
          <SendTo chat={chat} />
          {!isAll && <CustomerPetAlerts customerId={target} />}
          <ConversationPane
            meId={meId}
            messages={chat.messages}
            pending={chat.pending}
            typing={chat.typers}
            label={`Messages: ${targetName}`}
            emptyText={isAll ? 'No messages yet.' : 'No messages with this customer yet.'}
            history={chat.active}
            sender={chat.sender}
            typingSignal={chat.typingSignal}
            receiverId={target}
            onPickSender={(m: ChatMessage) => {
              chat.setTarget(m.senderId);
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
