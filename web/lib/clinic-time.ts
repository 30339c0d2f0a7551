import { formatDateTime } from '#shared/dates';
import { usePublicConfig } from './public-config.ts';

/** The clinic's time zone once the public configuration is loaded; the browser's until then. */
export function useClinicTimeZone(): string {
  const config = usePublicConfig();
  return config.data?.slot.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Formats an instant (an order's creation, a payment) as the clinic's day and time: 'Sun, 1 Mar 2026 at 15:30'. */
export function useFormatInstant(): (iso: string) => string {
  const timeZone = useClinicTimeZone();
  return (iso) => formatDateTime(iso, timeZone);
}
