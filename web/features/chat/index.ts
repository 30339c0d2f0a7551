// The chat feature's public surface, used by the customer layout.
export { CustomerChat } from './components/customer-chat';

/** Number of unread chat messages for the navbar badge (placeholder: always 0). */
export function useChatUnreadCount(): number {
  return 0;
}
