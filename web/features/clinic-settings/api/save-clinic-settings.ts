import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicSettingsInput, ClinicSettingsSaved } from '#shared/clinic-settings';
import { answer, client } from '../../../lib/api-client.ts';
import { clinicSettingsKey } from '../../../lib/clinic-settings.ts';

/** PUT /api/settings/clinic (admin): the whole object; the answer lists the bookings now outside the hours. */
function saveClinicSettings(settings: ClinicSettingsInput): Promise<ClinicSettingsSaved> {
  return answer(client.PUT('/api/settings/clinic', { body: settings }));
}

/** Saves the clinic's settings; what the server stored becomes the cached settings. */
export function useSaveClinicSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClinicSettings,
    onSuccess: (saved) => queryClient.setQueryData(clinicSettingsKey, saved.settings),
  });
}
