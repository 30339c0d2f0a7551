import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CLINIC_SETTINGS_EVENT } from '#shared/realtime';
import type { PublicConfig } from '#shared/settings';
import { answer, client } from './api-client.ts';
import { useSocketEvent } from './socket.ts';

/** GET /api/config: the shop's payee, the clinic's contact details and slot grid (an explicit whitelist). */
function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return answer(client.GET('/api/config', { signal }));
}

const CONFIG_KEY = ['config'] as const;

/**
 * The server's public configuration. The contact details change only on a restart, but the hours and slot length
 * follow the clinic settings, which admins change at any time: fetched again when older than a few minutes, and at
 * once on the live `clinic_settings` event (ClinicConfigSync).
 */
export function usePublicConfig() {
  return useQuery({
    queryKey: CONFIG_KEY,
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: 5 * 60_000,
  });
}

/** Marks the configuration stale, so every screen showing it reads it again (after the clinic settings changed). */
function refreshPublicConfig(client: QueryClient) {
  return client.invalidateQueries({ queryKey: CONFIG_KEY });
}

/** The clinic's time zone when the configuration is already loaded (no request is made), else the browser's. */
export function cachedTimeZone(client: QueryClient): string {
  return (
    client.getQueryData<PublicConfig>(CONFIG_KEY)?.slot.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone
  );
}

/** Signed-in people see new hours at once: the live `clinic_settings` event re-reads the configuration. */
export function ClinicConfigSync() {
  const queryClient = useQueryClient();
  useSocketEvent(CLINIC_SETTINGS_EVENT, () => void refreshPublicConfig(queryClient));
  return null;
}
