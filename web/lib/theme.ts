import { DEFAULT_THEME, type Theme } from '#shared/theme-colors';
import { themeColors } from '#shared/theme-colors';
import { answer, client } from './api-client.ts';
import { getStoredTheme, isTheme } from './storage.ts';

export { THEME_COLORS, contrastRatio, readableText } from '#shared/theme-colors';

/** Paints the site in a theme: page background plus a foreground chosen for contrast on it. */
export function applyTheme(theme: Theme): void {
  const { bg, fg } = themeColors(theme);
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.setProperty('--theme-bg', bg);
  root.style.setProperty('--theme-fg', fg);
  root.style.colorScheme = 'light';
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', bg);
}

/** Query key of the site theme. */
export const THEME_QUERY_KEY = ['settings', 'theme'] as const;

/** GET /api/settings/theme: the site theme, read by every visitor. */
async function fetchTheme(): Promise<Theme> {
  const { theme } = await answer(client.GET('/api/settings/theme'));
  return isTheme(theme) ? theme : DEFAULT_THEME;
}

/** Query options of the site theme; refreshed when the tab regains focus so a change shows up for visitors. */
export function themeQueryOptions() {
  return {
    queryKey: THEME_QUERY_KEY,
    queryFn: fetchTheme,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    placeholderData: getStoredTheme,
  } as const;
}
