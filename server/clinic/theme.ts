import { eq } from 'drizzle-orm';
import { DEFAULT_THEME, THEMES, type Theme } from '#shared/theme-colors';
import { siteSettings } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';

/** The site's theme colour (pages, e-mails); white until an admin picks another. */
export async function getTheme({ db }: Pick<Deps, 'db'>): Promise<Theme> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, 'theme'))
    .limit(1);
  const v = row?.value as { theme?: string } | undefined;
  return v?.theme && (THEMES as readonly string[]).includes(v.theme) ? (v.theme as Theme) : DEFAULT_THEME;
}
