/**
 * GET /api/services (public): the clinic's active services, query key ['services']. The hook itself lives in
 * web/lib/services.ts, since the public pages, the booking form and the admin page all read it.
 */
export { useServices } from '../../../lib/services.ts';
