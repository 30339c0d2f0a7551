import { useEffect, useState } from 'react';
import { todayIn } from '#shared/dates';
import { usePublicConfig } from '../../../lib/public-config.ts';

/** The browser's zone, until the clinic's own is known. */
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The clock the agenda reads, again every half minute, so actions that wait for a booking's start appear without a
 * reload: the time now and today's date on the clinic's calendar.
 */
export function useAgendaClock(everyMs = 30_000): { now: number; today: string } {
  const config = usePublicConfig();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return { now, today: todayIn(config.data?.slot.timeZone ?? localZone(), new Date(now)) };
}
