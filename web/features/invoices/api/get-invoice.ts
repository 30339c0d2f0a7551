import { useQuery } from '@tanstack/react-query';
import type { Invoice } from '#shared/invoices';
import { answer, apiBlob, client } from '../../../lib/api-client.ts';
import { invoiceKeys } from './keys.ts';

/** GET /api/invoices/{id}: one of the customer's own documents (any, for staff); 404 for anyone else's. */
function getInvoice(id: string, signal?: AbortSignal): Promise<Invoice> {
  return answer(client.GET('/api/invoices/{id}', { params: { path: { id } }, signal }));
}

/** One invoice or credit note. */
export function useInvoice(id: string) {
  return useQuery({ queryKey: invoiceKeys.one(id), queryFn: ({ signal }) => getInvoice(id, signal) });
}

/** GET /api/invoices/{id}/pdf: the PDF (it needs the bearer token, so its bytes are fetched). */
export function getInvoicePdf(id: string): Promise<Blob> {
  return apiBlob(`/api/invoices/${encodeURIComponent(id)}/pdf`, {
    fallback: 'Could not make the invoice file. Please try again.',
  });
}
