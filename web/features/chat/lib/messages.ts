import type { ChatMessage } from '#shared/chat';
import { formatWhen, zonedDateTime } from '#shared/dates';

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

/** Short time of a message on the clinic's clock: '15:30' today, else 'Tue, 4 Mar at 15:30' (with the year if another). */
export function messageTime(iso: string, timeZone: string, now = new Date()): string {
  const at = zonedDateTime(new Date(iso), timeZone);
  const today = zonedDateTime(now, timeZone).date;
  return at.date === today ? at.time : formatWhen(at.date, at.time, today.slice(0, 4));
}
