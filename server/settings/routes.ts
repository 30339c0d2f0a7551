import {
  ClinicSettingsBodySchema,
  ClinicSettingsSavedSchema,
  ClinicSettingsShapeSchema,
  hoursSummary,
  WEEKDAYS,
} from '#shared/clinic-settings';
import { CLINIC_SETTINGS_EVENT, THEME_EVENT } from '#shared/realtime';
import { PublicConfigSchema, ThemeBodySchema } from '#shared/settings';
import { depsOf } from '../deps.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { currentUser } from '../lib/caller.ts';
import { ensureClinicSettings, readClinic } from '../clinic/settings.ts';
import { saveClinicSettings } from './save-clinic.ts';
import { getTheme } from '../clinic/theme.ts';
import { setTheme } from './service.ts';

/**
 * GET/PUT /api/settings/theme, GET/PUT /api/settings/clinic (the clinic's hours, closures and booking rules) and
 * GET /api/config (the browser's whitelist of server settings).
 */
export default routes((app) => {
  const deps = depsOf(app);
  const cfg = deps.config;

  // The first settings are stored as the app starts, before any request (a database still away is tried again by
  // the first read that needs them).
  app.addHook('onReady', async () => {
    try {
      await ensureClinicSettings(deps.db, cfg);
    } catch (err) {
      app.log.warn({ err }, 'the clinic settings could not be stored yet');
    }
  });

  app.get(
    '/api/settings/clinic',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['settings'],
        summary:
          "The clinic's settings: opening hours per weekday (null when closed), slot length, booking window, notices, the per-customer cap and closures",
        ...secured,
        response: { 200: ClinicSettingsShapeSchema, ...errorReplies(401) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return (await readClinic(deps.db, cfg)).settings;
    },
  );

  app.put(
    '/api/settings/clinic',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['settings'],
        summary:
          "Replace the clinic's settings (admin), whole, as GET returns them (the tax fields legalName, gstin, stateCode, invoicePrefix and pricesIncludeTax may be left out and then stay). Applies to the next request of every process; " +
          'answers with the upcoming open bookings now outside the hours or on a closed day (none is canceled)',
        ...secured,
        body: ClinicSettingsBodySchema,
        response: { 200: ClinicSettingsSavedSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      const { changed, ...saved } = await saveClinicSettings(deps, currentUser(request), request.body);
      if (changed) app.io.emit(CLINIC_SETTINGS_EVENT, saved.settings);
      return saved;
    },
  );

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
      const theme = await setTheme(deps, currentUser(request), request.body.theme);
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
    async () => {
      const { settings } = await readClinic(deps.db, cfg);
      const open = WEEKDAYS.flatMap((d) => settings.hours[d] ?? []);
      return {
        upiId: cfg.SHOP_UPI_ID,
        upiName: cfg.SHOP_UPI_NAME,
        clinic: {
          name: cfg.CLINIC_NAME,
          address: cfg.CLINIC_ADDRESS,
          phone: cfg.CLINIC_PHONE,
          email: cfg.CLINIC_EMAIL,
          hours: hoursSummary(settings),
        },
        // For older clients: the week's widest hours; the times of each day come from the slots endpoints.
        slot: {
          open: open.map((h) => h.open).sort()[0] ?? cfg.SLOT_OPEN,
          close:
            open
              .map((h) => h.close)
              .sort()
              .at(-1) ?? cfg.SLOT_CLOSE,
          minutes: settings.slotMinutes,
          capacity: cfg.SLOT_CAPACITY,
          timeZone: cfg.CLINIC_TZ,
        },
      };
    },
  );
});
