import { useInfiniteQuery } from '@tanstack/react-query';
import type { Invoice } from '#shared/invoices';
import { client, page, type Page } from '../../../lib/api-client.ts';
import { invoiceKeys } from './keys.ts';

const PAGE_SIZE = 20;

/** GET /api/invoices/mine: one page of the customer's invoices and credit notes, newest first. */
function getMyInvoices(cursor: string | null, signal?: AbortSignal): Promise<Page<Invoice>> {
  return page(
    client.GET('/api/invoices/mine', { params: { query: { limit: PAGE_SIZE, cursor: cursor ?? undefined } }, signal }),
  );
}

/** The customer's invoices and credit notes, page by page. */
export function useMyInvoices() {
  return useInfiniteQuery({
    queryKey: invoiceKeys.mine,
    queryFn: ({ pageParam, signal }) => getMyInvoices(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
