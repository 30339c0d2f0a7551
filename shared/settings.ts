import { z } from 'zod';
import { THEMES } from './theme-colors.ts';

/** GET/PUT /api/settings/theme. */
export const ThemeBodySchema = z.object({
  theme: z.enum(THEMES, { error: `Theme must be one of: ${THEMES.join(', ')}` }),
});
export type ThemeBody = z.infer<typeof ThemeBodySchema>;

/** Values the browser may know about the server's configuration (an explicit whitelist). */
export const PublicConfigSchema = z.object({
  upiId: z.string(),
  upiName: z.string(),
  clinic: z.object({
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    hours: z.string(),
  }),
  slot: z.object({
    open: z.string(),
    close: z.string(),
    minutes: z.number(),
    capacity: z.number(),
    timeZone: z.string(),
  }),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
