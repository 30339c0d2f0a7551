import type { Conversation } from '#shared/chat';
import { useClinicTimeZone } from '../../../lib/clinic-time.ts';
import { messageTime } from '../lib/messages.ts';

export interface ConversationListProps {
  conversations: Conversation[];
  selected: string;
  online: Set<string>;
  onSelect: (target: string) => void;
  loading: boolean;
  failed: boolean;
  meId: string;
}

/** Staff side list: 'All customers', then each customer with the last message, unread count and presence. */
export function ConversationList({
  conversations,
  selected,
  online,
  onSelect,
  loading,
  failed,
  meId,
}: ConversationListProps) {
  const timeZone = useClinicTimeZone();
  const item = (active: boolean) =>
    `flex w-full flex-col gap-0.5 rounded-lg px-3 py-2 text-left text-sm ${active ? 'bg-brand-700 text-white' : 'bg-white text-ink hover:bg-brand-50'}`;
  return (
    <nav aria-label="Conversations" className="flex flex-col gap-1">
      <button
        type="button"
        className={item(selected === 'all')}
        aria-current={selected === 'all' ? 'true' : undefined}
        onClick={() => onSelect('all')}
      >
        <span className="font-semibold">All customers</span>
        <span className={`text-xs ${selected === 'all' ? 'text-white/90' : 'text-ink-muted'}`}>
          Every message, and broadcasts to everyone
        </span>
      </button>
      {loading && <p className="px-3 py-2 text-sm text-ink-muted">Loading conversations…</p>}
      {failed && <p className="px-3 py-2 text-sm text-red-800">Could not load conversations.</p>}
      {!loading && !failed && conversations.length === 0 && (
        <p className="px-3 py-2 text-sm text-ink-muted">No customer has written yet.</p>
      )}
      <ul className="flex flex-col gap-1">
        {conversations.map((c) => {
          const active = selected === c.customerId;
          const isOnline = online.has(c.customerId);
          return (
            <li key={c.customerId}>
              <button
                type="button"
                className={item(active)}
                aria-current={active ? 'true' : undefined}
                onClick={() => onSelect(c.customerId)}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="flex min-w-0 items-center gap-1.5 font-semibold">
                    <span
                      className={`h-2 w-2 shrink-0 rounded-full ${isOnline ? 'bg-green-500' : 'bg-gray-400'}`}
                      aria-hidden="true"
                    />
                    <span className="truncate">{c.customerName}</span>
                    <span className="sr-only">{isOnline ? ' (online)' : ' (offline)'}</span>
                  </span>
                  {c.unreadCount > 0 && (
                    <span className="shrink-0 rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
                      {c.unreadCount}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </span>
                <span className={`flex justify-between gap-2 text-xs ${active ? 'text-white/90' : 'text-ink-muted'}`}>
                  <span className="truncate">
                    {c.lastMessage.senderRole === 'user'
                      ? ''
                      : c.lastMessage.senderId === meId
                        ? 'You: '
                        : `${c.lastMessage.senderName}: `}
                    {c.lastMessage.message}
                  </span>
                  <time dateTime={c.lastMessage.timestamp} className="shrink-0">
                    {messageTime(c.lastMessage.timestamp, timeZone)}
                  </time>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
