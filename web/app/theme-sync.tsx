import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Theme } from '#shared/theme-colors';
import { THEME_EVENT } from '#shared/realtime';
import { useSocketEvent } from '../lib/socket.ts';
import { isTheme, storeTheme } from '../lib/storage.ts';
import { applyTheme, themeQueryOptions, THEME_QUERY_KEY } from '../lib/theme.ts';

/**
 * Applies the site theme for every visitor: the locally mirrored value paints first, then the server's
 * (GET /api/settings/theme) wins; signed-in visitors also follow the live 'theme' socket event.
 */
export function ThemeSync() {
  const queryClient = useQueryClient();
  const { data, isPlaceholderData } = useQuery(themeQueryOptions());

  useEffect(() => {
    // The placeholder is the locally mirrored value, which main.tsx has already painted.
    if (!data || isPlaceholderData) return;
    applyTheme(data);
    storeTheme(data);
  }, [data, isPlaceholderData]);

  useSocketEvent(THEME_EVENT, (payload: { theme?: unknown } | undefined) => {
    if (isTheme(payload?.theme)) queryClient.setQueryData<Theme>(THEME_QUERY_KEY, payload.theme);
  });

  return null;
}
