import { useQuery } from '@tanstack/react-query';
import type { ClinicSettings } from '#shared/clinic-settings';
import { answer, client } from './api-client.ts';

/** Query key of the clinic's settings (the admin's form and the booking form's window share it). */
export const clinicSettingsKey = ['settings', 'clinic'] as const;

/** GET /api/settings/clinic: the clinic's hours, booking rules and closures (anyone signed in). */
function getClinicSettings(signal?: AbortSignal): Promise<ClinicSettings> {
  return answer(client.GET('/api/settings/clinic', { signal }));
}

/** The clinic's settings as stored now; `enabled: false` for someone not signed in. */
export function useClinicSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: clinicSettingsKey,
    queryFn: ({ signal }) => getClinicSettings(signal),
    enabled,
    staleTime: 0,
  });
}
