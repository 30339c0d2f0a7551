import { useEffect, useRef } from 'react';
import { CLINIC_MSG, type ClinicSettingsSaved } from '#shared/clinic-settings';
import { OutsideHoursList } from '../../../components/outside-hours-list.tsx';

/** What a save did: said with the focus on it, and the upcoming bookings the new hours leave outside (none canceled). */
export function SavedOutcome({ outcome }: { outcome: ClinicSettingsSaved }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [outcome]);
  return (
    <section aria-labelledby="saved-title" className="mt-8 space-y-3">
      <h2 id="saved-title" ref={heading} tabIndex={-1} className="themed text-xl font-semibold outline-none">
        {CLINIC_MSG.saved}
      </h2>
      {outcome.outsideHoursTotal === 0 ? (
        <p className="themed">Every upcoming booking is within the opening hours.</p>
      ) : (
        <>
          <p className="themed">
            {outcome.outsideHoursTotal === 1
              ? '1 upcoming booking is now outside the opening hours or on a closed day.'
              : `${outcome.outsideHoursTotal} upcoming bookings are now outside the opening hours or on a closed day.`}{' '}
            They are not canceled: staff see them on their dashboard to move or cancel with each customer.
          </p>
          <OutsideHoursList items={outcome.outsideHours} label="Bookings outside the opening hours" />
        </>
      )}
    </section>
  );
}
