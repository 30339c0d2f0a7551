import type { ChatMessage, Conversation } from '#shared/chat';
import type { Role } from '#shared/roles';

/** Server order of messages: by time, then by id. */
function after(a: ChatMessage, b: ChatMessage): boolean {
  const d = Date.parse(a.timestamp) - Date.parse(b.timestamp);
  return d > 0 || (d === 0 && a.id > b.id);
}

export interface MessageContext {
  /** The conversation open in this tab: its new messages are read at once, not counted. */
  openId: string | null;
  /** A customer's name when the message does not carry it (a staff reply). */
  nameOf: (customerId: string) => string | undefined;
}

/**
 * The staff conversation list (most recent first) with message `m`: its conversation gets `m` as last message and
 * moves to its place, and a customer's message counts as unread. A message no newer than its row's last one is
 * already counted there (a second delivery, or one the list was loaded with) and changes nothing. Broadcasts belong
 * to no conversation.
 */
export function withMessage(list: Conversation[], m: ChatMessage, { openId, nameOf }: MessageContext): Conversation[] {
  const id = m.customerId;
  if (!id) return list;
  const row = list.find((c) => c.customerId === id);
  if (row && !after(m, row.lastMessage)) return list;
  const customerName = row?.customerName ?? (m.senderRole === 'user' ? m.senderName : nameOf(id));
  // A reply to a customer this tab knows no name for: the row appears with the next refetch.
  if (customerName === undefined) return list;
  const unreadCount = (row?.unreadCount ?? 0) + (m.senderRole === 'user' && id !== openId ? 1 : 0);
  const next: Conversation = { customerId: id, customerName, lastMessage: m, unreadCount };
  const rest = list.filter((c) => c.customerId !== id);
  const at = rest.findIndex((c) => after(m, c.lastMessage));
  return at < 0 ? [...rest, next] : [...rest.slice(0, at), next, ...rest.slice(at)];
}

/** The list with the conversation of `customerId` read (no unread messages). */
export function withRead(list: Conversation[], customerId: string): Conversation[] {
  return list.map((c) => (c.customerId === customerId && c.unreadCount ? { ...c, unreadCount: 0 } : c));
}

/**
 * Whether `m` adds to the unread badge of `me`: staff count customers' messages, a customer counts the staff's
 * replies and broadcasts (never their own messages, sent from another tab).
 */
export function countsAsUnread(m: ChatMessage, me: { id: string; role: Role }): boolean {
  return me.role === 'user' ? m.senderId !== me.id : m.senderRole === 'user';
}
