import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { User } from '#shared/auth';
import { CloseIcon } from '../../../components/icons.tsx';
import { useSession } from '../../../lib/session.tsx';
import { useSocketStatus } from '../../../lib/socket.ts';
import { useCustomerHistory } from '../api/get-customer-history.ts';
import { useUnreadCountQuery } from '../api/get-unread-count.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { useMarkSeen } from '../hooks/use-mark-seen.ts';
import { mergeMessages, pagesInOrder } from '../lib/messages.ts';
import { useChat } from '../lib/use-chat.ts';
import { ConnectionBadge } from './connection-badge.tsx';
import { ConversationPane } from './conversation-pane.tsx';

export interface CustomerChatProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The customer's chat box with the support team, shown on customer pages and toggled by the navbar's Chat.
 * It stays mounted while closed so queued messages keep being sent and new ones are counted.
 */
export function CustomerChat({ open, onOpenChange }: CustomerChatProps) {
  const { user } = useSession();
  if (!user || user.role !== 'user') return null;
  return <CustomerChatBox key={user.id} user={user} open={open} onOpenChange={onOpenChange} />;
}

function CustomerChatBox({ user, open, onOpenChange }: CustomerChatProps & { user: User }) {
  const { status, reconnect } = useSocketStatus();
  const history = useCustomerHistory(open ? user.id : null);
  const { live, sender, typingSignal, typers } = useChat(user.id, {
    typingTo: null,
    showTyping: (e) => e.role !== 'user',
    onScreen: open,
  });
  const unread = useUnreadCountQuery(open);
  const markRead = useMarkRead();
  const panel = useRef<HTMLElement>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  const messages = useMemo(() => mergeMessages(pagesInOrder(history.data?.pages), live), [history.data, live]);

  // Seen while the box is open: nothing left unread.
  const unreadCount = unread.data?.count ?? 0;
  const { mutate: markSeen, isPending: marking } = markRead;
  const mark = useCallback(
    (callbacks: { onSuccess: () => void; onError: (err: unknown) => void }) => markSeen(user.id, callbacks),
    [markSeen, user.id],
  );
  useMarkSeen({ open, unreadCount, messageCount: messages.length, marking, mark });

  // Opening the box moves the focus into its message box; closing it (Escape, Close) puts the focus back on the control
  // that opened it (normally the navbar's Chat button). The opener is read before the focus moves in, and a focus
  // already inside the box (React's development re-run of this effect) never replaces it.
  useEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && !panel.current?.contains(active)) opener.current = active;
    composer.current?.focus();
    return () => {
      const back = opener.current;
      if (back?.isConnected && (!document.activeElement || document.activeElement === document.body)) back.focus();
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && panel.current?.contains(document.activeElement)) onOpenChange(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onOpenChange]);

  if (!open) return null;
  return (
    <section
      ref={panel}
      aria-label="Chat with support"
      className="fixed inset-x-2 bottom-2 z-40 flex max-h-[min(36rem,calc(100dvh-5rem))] flex-col overflow-hidden rounded-xl bg-white text-ink shadow-2xl ring-1 ring-black/10 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96"
    >
      <header className="flex items-center justify-between gap-2 border-b border-black/10 bg-brand-700 px-3 py-2 text-white">
        <div>
          <h2 className="font-semibold">Chat with support</h2>
          <div className="text-white">
            <ConnectionBadge status={status} onRetry={reconnect} />
          </div>
        </div>
        <button type="button" onClick={() => onOpenChange(false)} className="rounded-md p-1.5 hover:bg-white/15">
          <CloseIcon className="h-5 w-5" />
          <span className="sr-only">Close chat</span>
        </button>
      </header>
      <ConversationPane
        meId={user.id}
        messages={messages}
        pending={sender.pending}
        typing={typers}
        label="Messages with support"
        emptyText="Ask us anything about bookings, orders or your pet. Our team answers here."
        history={history}
        sender={sender}
        typingSignal={typingSignal}
        receiverId={null}
        listClassName="min-h-48 flex-1"
        inputRef={composer}
      />
    </section>
  );
}
