import type { ChatMessage } from '#shared/chat';

/** History pages and live messages as one list: each message once (by id), oldest first. */
export function mergeMessages(...lists: ChatMessage[][]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const list of lists) for (const m of list) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) =>
    a.timestamp === b.timestamp ? (a.id < b.id ? -1 : 1) : a.timestamp < b.timestamp ? -1 : 1,
  );
}

/** Pages of an infinite history query (newest page first) in reading order. */
export function pagesInOrder(pages: { items: ChatMessage[] }[] | undefined): ChatMessage[] {
  if (!pages) return [];
  return [...pages].reverse().flatMap((p) => p.items);
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

/** Short time of a message: the time today, else day and time. */
export function messageTime(iso: string): string {
  const d = new Date(iso);
  const today = new Date();
  const sameDay = d.toDateString() === today.toDateString();
  return sameDay ? timeFormat.format(d) : `${dayFormat.format(d)}, ${timeFormat.format(d)}`;
}
