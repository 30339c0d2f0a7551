import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Theme } from '#shared/theme-colors';
import { answer, client } from '../../../lib/api-client.ts';
import { storeTheme } from '../../../lib/storage.ts';
import { THEME_QUERY_KEY } from '../../../lib/theme.ts';

/** PUT /api/settings/theme (admin). */
function setTheme(theme: Theme): Promise<{ theme: Theme }> {
  return answer(client.PUT('/api/settings/theme', { body: { theme } }));
}

/** Saves the site theme; on success every page of this tab repaints at once and the choice is mirrored locally. */
export function useSetThemeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTheme,
    onSuccess: ({ theme }) => {
      storeTheme(theme);
      queryClient.setQueryData(THEME_QUERY_KEY, theme);
    },
  });
}
