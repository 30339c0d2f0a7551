import { useEffect, useRef } from 'react';
import { formatDay } from '#shared/dates';
import { requiredHint, type BookingFormModel } from '../hooks/use-booking-form.ts';
import { BookingCalendar } from './booking-calendar.tsx';
import { BookingTimes } from './booking-calendar-times.tsx';

/** The booking form's day, on the month calendar of the chosen service, and a free time of that day. */
export function BookingVisitTime({ model, timeZone }: { model: BookingFormModel; timeZone: string }) {
  const { servicesQuery, service, date, time, preferredDate, errors } = model;
  const dateError = requiredHint(errors.date?.message);
  // Once the link's day is picked, its times are what the person wants next: bring them into view (phones).
  const section = useRef<HTMLDivElement>(null);
  const broughtIntoView = useRef(false);
  useEffect(() => {
    if (!preferredDate || !date || broughtIntoView.current) return;
    broughtIntoView.current = true;
    section.current?.scrollIntoView?.({ block: 'start' });
  }, [preferredDate, date]);

  // Side by side from lg: the calendar's column is as wide as the calendar (its notes wrap under it), the times
  // take the rest, room for four or more a row.
  return (
    <div ref={section} className="grid scroll-mt-4 gap-6 lg:grid-cols-[min-content_1fr]">
      <div className="space-y-1">
        <p className="text-sm font-medium text-ink" id="booking-date-label">
          Date
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        </p>
        {servicesQuery.isPending ? (
          <p className="text-sm text-ink-muted">The calendar appears once the services are loaded.</p>
        ) : (
          <BookingCalendar
            key={`${service?.id ?? 'checkup'}|${model.providerId}`}
            serviceId={service?.id}
            providerId={model.providerId || undefined}
            timeZone={timeZone}
            selected={date}
            onSelect={model.pickDate}
            preferred={preferredDate}
            label={`Date for ${service?.name ?? 'the visit'}`}
            errorId={dateError ? 'booking-date-error' : undefined}
          />
        )}
        <p className="text-sm text-ink" aria-live="polite">
          {date ? `Picked: ${formatDay(date)}` : ''}
        </p>
        {dateError && (
          <p id="booking-date-error" className="text-sm font-medium text-red-700">
            {dateError}
          </p>
        )}
      </div>
      <div>
        <BookingTimes
          name="time"
          date={servicesQuery.isPending ? '' : date}
          serviceId={service?.id}
          providerId={model.providerId || undefined}
          timeZone={timeZone}
          value={time}
          onChange={model.pickTime}
          onTaken={model.setTaken}
          error={requiredHint(errors.time?.message)}
        />
        {model.taken && !time && (
          <p role="status" className="mt-2 text-sm font-medium text-ink">
            {model.taken} has just been fully booked. Please pick another time.
          </p>
        )}
      </div>
    </div>
  );
}
