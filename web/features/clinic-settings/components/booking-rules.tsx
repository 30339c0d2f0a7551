import { useWatch } from 'react-hook-form';
import { CLINIC_LIMITS, formatNotice } from '#shared/clinic-settings';
import { FormField } from '../../../components/form-field.tsx';
import type { SettingsFormValues } from '../lib/settings-form.ts';

const noticeHint = (text: string, minutes: string) => {
  const n = Number(minutes);
  return Number.isInteger(n) && n > 0 ? `${text} ${n} minutes = ${formatNotice(n)}.` : `${text} 0 = none.`;
};

/** The booking rules: slot length, booking window, the notices for booking and for changes, bookings per customer. */
export function BookingRules() {
  const [bookingNotice, changeNotice] = useWatch<SettingsFormValues, ['bookingNoticeMinutes', 'changeNoticeMinutes']>({
    name: ['bookingNoticeMinutes', 'changeNoticeMinutes'],
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        name="slotMinutes"
        type="number"
        inputMode="numeric"
        label="Slot length (minutes)"
        min={CLINIC_LIMITS.slotMinutes.min}
        max={CLINIC_LIMITS.slotMinutes.max}
        hint="Times start this often. Existing bookings keep their times."
      />
      <FormField
        name="bookingWindowDays"
        type="number"
        inputMode="numeric"
        label="Booking window (days)"
        min={CLINIC_LIMITS.bookingWindowDays.min}
        max={CLINIC_LIMITS.bookingWindowDays.max}
        hint="How far ahead customers may book."
      />
      <FormField
        name="bookingNoticeMinutes"
        type="number"
        inputMode="numeric"
        label="Booking notice (minutes)"
        min={CLINIC_LIMITS.noticeMinutes.min}
        max={CLINIC_LIMITS.noticeMinutes.max}
        hint={noticeHint('How soon a booking may start at the earliest.', bookingNotice)}
      />
      <FormField
        name="changeNoticeMinutes"
        type="number"
        inputMode="numeric"
        label="Change notice (minutes)"
        min={CLINIC_LIMITS.noticeMinutes.min}
        max={CLINIC_LIMITS.noticeMinutes.max}
        hint={noticeHint(
          'Customers may move or cancel a booking until this long before it starts; staff always may.',
          changeNotice,
        )}
      />
      <FormField
        name="maxOpenBookings"
        type="number"
        inputMode="numeric"
        label="Upcoming bookings per customer"
        min={CLINIC_LIMITS.maxOpenBookings.min}
        max={CLINIC_LIMITS.maxOpenBookings.max}
        hint="The most pending or confirmed bookings one customer may hold."
      />
    </div>
  );
}
