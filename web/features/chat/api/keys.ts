/** Query keys of the chat feature, so every cache entry can be refreshed together. */
export const chatKeys = {
  all: ['chat'] as const,
  customer: (customerId: string) => ['chat', 'customer', customerId] as const,
  inbox: (staffId: string) => ['chat', 'inbox', staffId] as const,
  conversations: ['chat', 'conversations'] as const,
  unread: ['chat', 'unread'] as const,
  customers: ['chat', 'customers'] as const,
  online: ['chat', 'online'] as const,
};
