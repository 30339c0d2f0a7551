import { AnalyticsQuerySchema, AnalyticsSchema } from '#shared/analytics';
import { depsOf } from '../deps.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { analytics } from './service.ts';

/** GET /api/analytics: the admin's figures over a range of clinic-local days. */
export default routes((app) => {
  const deps = depsOf(app);

  app.get(
    '/api/analytics',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['analytics'],
        summary:
          'Bookings, visits, revenue, orders and chat response times per clinic-local day from `from` to `to` (admin; default the last 30 days)',
        ...secured,
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // Figures of a moment: never kept by a shared cache, not reused by the browser without asking.
      reply.header('cache-control', 'private, no-cache');
      return analytics(deps, request.query);
    },
  );
});
