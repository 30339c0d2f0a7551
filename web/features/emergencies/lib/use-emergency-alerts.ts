import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { EMERGENCY_CHANGED_EVENT, type Emergency } from '#shared/emergencies';
import { useSocketEvent } from '../../../lib/socket.ts';
import { useOpenCountQuery, type EmergencyCount } from '../api/get-open-count.ts';
import { emergencyKeys } from '../api/keys.ts';
import { playAlertSound, useSoundSetting } from './sound.ts';

export interface EmergencyAlerts {
  /** Unresolved requests, for the navbar badge. */
  open: number;
  /** Requests raised since the page opened that the staff member has not dismissed or opened yet. */
  raised: Emergency[];
  dismiss: () => void;
}

/**
 * For every staff page: the unresolved count (loaded once, then each event's `open`), the requests raised since,
 * and the sound for each new one when the staff member has turned it on and has already used the page (browsers
 * refuse sound before that, and a sound out of nowhere would startle).
 */
export function useEmergencyAlerts(): EmergencyAlerts {
  const queryClient = useQueryClient();
  const count = useOpenCountQuery();
  const [raised, setRaised] = useState<Emergency[]>([]);
  const [soundOn] = useSoundSetting();
  const interacted = useRef(false);

  useEffect(() => {
    if (navigator.userActivation?.hasBeenActive) interacted.current = true;
    if (interacted.current) return;
    const stop = () => {
      window.removeEventListener('pointerdown', mark, true);
      window.removeEventListener('keydown', mark, true);
    };
    const mark = () => {
      interacted.current = true;
      stop();
    };
    window.addEventListener('pointerdown', mark, true);
    window.addEventListener('keydown', mark, true);
    return stop;
  }, []);

  useSocketEvent(EMERGENCY_CHANGED_EVENT, (e) => {
    if (e.open !== undefined) queryClient.setQueryData<EmergencyCount>(emergencyKeys.count, { open: e.open });
    if (e.action !== 'raised') return;
    setRaised((list) => (list.some((x) => x.id === e.emergency.id) ? list : [...list, e.emergency]));
    if (soundOn && (interacted.current || navigator.userActivation?.hasBeenActive)) playAlertSound();
  });

  const dismiss = useCallback(() => setRaised([]), []);
  return { open: count.data?.open ?? 0, raised, dismiss };
}
