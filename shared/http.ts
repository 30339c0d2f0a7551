/** Response header carrying the next page's cursor of every list (see docs/decisions/002). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** Request header naming one attempt at creating something (an order, a booking), so a retry cannot make two. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Response header of GET /api/products and GET /api/admin/products: how many products match the filters. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** Pagination defaults for every list endpoint. */
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 200;
