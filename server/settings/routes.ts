import { THEME_EVENT } from '#shared/realtime';
import { PublicConfigSchema, ThemeBodySchema } from '#shared/settings';
import { depsOf } from '../deps.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { getTheme, setTheme } from './service.ts';

/** GET/PUT /api/settings/theme and GET /api/config (the browser's whitelist of server settings). */
export default routes((app) => {
  const deps = depsOf(app);
  const cfg = deps.config;

  app.get(
    '/api/settings/theme',
    { schema: { tags: ['settings'], summary: "The site's theme colour", response: { 200: ThemeBodySchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { theme: await getTheme(deps) };
    },
  );

  app.put(
    '/api/settings/theme',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['settings'],
        summary: "Set the site's theme colour (admin)",
        ...secured,
        body: ThemeBodySchema,
        response: { 200: ThemeBodySchema, ...errorReplies(400) },
      },
    },
    async (request) => {
      const theme = await setTheme(deps, request.body.theme);
      app.io.emit(THEME_EVENT, { theme });
      return { theme };
    },
  );

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['settings'],
        summary: 'Public configuration for the web app',
        response: { 200: PublicConfigSchema },
      },
    },
    () => ({
      upiId: cfg.SHOP_UPI_ID,
      upiName: cfg.SHOP_UPI_NAME,
      clinic: {
        name: cfg.CLINIC_NAME,
        address: cfg.CLINIC_ADDRESS,
        phone: cfg.CLINIC_PHONE,
        email: cfg.CLINIC_EMAIL,
        hours: cfg.CLINIC_HOURS,
      },
      slot: {
        open: cfg.SLOT_OPEN,
        close: cfg.SLOT_CLOSE,
        minutes: cfg.SLOT_MINUTES,
        capacity: cfg.SLOT_CAPACITY,
        timeZone: cfg.CLINIC_TZ,
      },
    }),
  );
});
