import { useEffect, useRef } from 'react';
import type { ChatMessage, TypingEvent } from '#shared/chat';
import { CheckIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/states.tsx';
import { useClinicTimeZone } from '../../../lib/clinic-time.ts';
import { messageTime } from '../lib/messages.ts';
import type { OutgoingMessage } from '../lib/send-queue.ts';

export interface MessageListProps {
  /** Whose view this is: their own messages sit on the right. */
  meId: string;
  messages: ChatMessage[];
  pending: OutgoingMessage[];
  typing: TypingEvent[];
  label: string;
  emptyText: string;
  loading?: boolean;
  hasOlder?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?: () => void;
  onRetry?: (item: OutgoingMessage) => void;
  onDiscard?: (item: OutgoingMessage) => void;
  /** When set, received messages are buttons that pick their sender (e.g. as the reply target). */
  onPickSender?: (m: ChatMessage) => void;
  /** Extra line over a message, e.g. which customer a staff reply went to. */
  describe?: (m: ChatMessage) => string | null;
  className?: string;
}

/**
 * A conversation as a live log: screen readers hear new messages as they arrive; the view keeps to the bottom
 * unless the reader has scrolled up to read older ones.
 */
export function MessageList({
  meId,
  messages,
  pending,
  typing,
  label,
  emptyText,
  loading,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRetry,
  onDiscard,
  onPickSender,
  describe,
  className = '',
}: MessageListProps) {
  const timeZone = useClinicTimeZone();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const count = messages.length + pending.length + typing.length;

  useEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [count]);

  return (
    <div
      ref={scroller}
      className={`overflow-y-auto overscroll-contain bg-gray-50 px-3 py-3 ${className}`}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
    >
      {hasOlder && (
        <div className="mb-2 text-center">
          <button
            type="button"
            onClick={onLoadOlder}
            disabled={loadingOlder}
            className="rounded px-2 py-1 text-sm font-medium text-brand-800 underline hover:bg-brand-50 disabled:opacity-60"
          >
            {loadingOlder ? 'Loading…' : 'Show older messages'}
          </button>
        </div>
      )}
      {loading && (
        <p className="flex items-center justify-center gap-2 py-6 text-sm text-ink-muted">
          <Spinner className="h-4 w-4" /> Loading messages…
        </p>
      )}
      {/* The log is a wrapper: a list with role="log" would no longer be a list, and its items would belong to none. */}
      <div role="log" aria-live="polite" aria-label={label}>
        <ol className="space-y-2">
          {!loading && messages.length === 0 && pending.length === 0 && (
            <li className="py-6 text-center text-sm text-ink-muted">{emptyText}</li>
          )}
          {messages.map((m) => {
            const mine = m.senderId === meId;
            const note = describe?.(m);
            const body = (
              <>
                <span className="block text-xs font-semibold opacity-80">
                  {mine ? 'You' : m.senderName}
                  {note ? ` · ${note}` : ''}
                </span>
                <span className="block break-words whitespace-pre-wrap">{m.message}</span>
                <span className="mt-0.5 flex items-center justify-end gap-1 text-xs opacity-80">
                  <time dateTime={m.timestamp}>{messageTime(m.timestamp, timeZone)}</time>
                  {mine && (
                    <>
                      <CheckIcon className="h-3.5 w-3.5" />
                      <span className="sr-only">Sent</span>
                    </>
                  )}
                </span>
              </>
            );
            const bubble = `max-w-[85%] rounded-2xl px-3 py-2 text-left text-sm shadow-sm ${mine ? 'bg-brand-700 text-white' : 'bg-white text-ink ring-1 ring-black/10'}`;
            return (
              <li key={m.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
                {!mine && onPickSender && m.senderRole === 'user' ? (
                  <button
                    type="button"
                    className={`${bubble} hover:ring-brand-600 focus-visible:ring-2`}
                    onClick={() => onPickSender(m)}
                    title={`Reply to ${m.senderName}`}
                  >
                    {body}
                    <span className="sr-only">. Reply to {m.senderName}</span>
                  </button>
                ) : (
                  <div className={bubble}>{body}</div>
                )}
              </li>
            );
          })}
          {pending.map((p) => (
            <li key={p.clientMessageId} className="flex justify-end">
              <div
                className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm ${p.status === 'failed' ? 'bg-red-50 text-red-900 ring-1 ring-red-300' : 'bg-brand-700/75 text-white'}`}
              >
                <span className="block text-xs font-semibold opacity-80">You</span>
                <span className="block break-words whitespace-pre-wrap">{p.message}</span>
                {p.status === 'pending' ? (
                  <span className="mt-0.5 block text-right text-xs opacity-90">Sending…</span>
                ) : (
                  <span className="mt-1 block text-xs">
                    Not sent: {p.error}{' '}
                    {onRetry && (
                      <button type="button" className="font-semibold underline" onClick={() => onRetry(p)}>
                        Retry
                      </button>
                    )}{' '}
                    {onDiscard && (
                      <button type="button" className="font-semibold underline" onClick={() => onDiscard(p)}>
                        Discard
                      </button>
                    )}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ol>
      </div>
      {typing.length > 0 && (
        <p className="mt-2 text-xs text-ink-muted italic">
          {typing.map((t) => t.name).join(', ')} {typing.length === 1 ? 'is' : 'are'} typing…
        </p>
      )}
    </div>
  );
}
