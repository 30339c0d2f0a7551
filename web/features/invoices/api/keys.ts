/** Query keys of the invoices feature. */
export const invoiceKeys = {
  mine: ['invoices', 'mine'] as const,
  one: (id: string) => ['invoices', 'one', id] as const,
};
