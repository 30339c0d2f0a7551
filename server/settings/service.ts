import type { Theme } from '#shared/theme-colors';
import { recordAudit } from '../audit/record.ts';
import { getTheme } from '../clinic/theme.ts';
import { siteSettings } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import type { AuthUser } from '../lib/caller.ts';

/** Stores the site's theme colour (upsert) and, when it changed, its audit entry, in one transaction. */
export async function setTheme({ db }: Pick<Deps, 'db'>, me: AuthUser, theme: Theme): Promise<Theme> {
  await db.transaction(async (tx) => {
    const before = await getTheme({ db: tx });
    await tx
      .insert(siteSettings)
      .values({ key: 'theme', value: { theme } })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: { theme }, updatedAt: new Date() } });
    if (before === theme) return;
    await recordAudit(tx, me, {
      kind: 'settings.theme_changed',
      subjectType: 'settings',
      subjectId: 'theme',
      summary: `Changed the site theme from ${before} to ${theme}`,
      before: { theme: before },
      after: { theme },
    });
  });
  return theme;
}
