import { useCallback, useState } from 'react';
import { formatWhen } from '#shared/dates';
import { toSchedule, type Booking } from '#shared/bookings';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useRescheduleBooking } from '../api/reschedule-booking.ts';
import { BookingCalendar } from './booking-calendar.tsx';
import { BookingTimes } from './booking-calendar-times.tsx';

/** The booking being moved: enough to show it and to offer the times of its service. */
export interface RescheduleTarget {
  id: string;
  date: string;
  time: string;
  petName: string;
  serviceId?: string;
  serviceName?: string;
}

export interface RescheduleDialogProps {
  target: RescheduleTarget | null;
  timeZone: string;
  onClose: () => void;
  /** The booking now at its new time (pending again). */
  onMoved: (booking: Booking) => void;
}

/**
 * Change Slot: pick a new day and time of the same service, confirm, and the booking moves in one step on the
 * server. The booking keeps its current time until the move succeeds; a full time (409) leaves it where it was.
 */
export function RescheduleDialog({ target, timeZone, onClose, onMoved }: RescheduleDialogProps) {
  return (
    <Dialog
      open={!!target}
      title="Change slot"
      description={
        target && (
          <p className="text-sm text-ink-muted">
            {target.serviceName ? `${target.serviceName} for ` : ''}
            {target.petName}, now on {formatWhen(target.date, target.time)}. It keeps this time until the new one is
            confirmed.
          </p>
        )
      }
      onClose={onClose}
    >
      {target && (
        <RescheduleBody key={target.id} target={target} timeZone={timeZone} onClose={onClose} onMoved={onMoved} />
      )}
    </Dialog>
  );
}

function RescheduleBody({ target, timeZone, onClose, onMoved }: RescheduleDialogProps & { target: RescheduleTarget }) {
  const [date, setDate] = useState(target.date);
  const [time, setTime] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const move = useRescheduleBooking();

  const pickTime = useCallback((t: string) => {
    setTime(t);
    if (t) setProblem(null);
  }, []);

  function confirm() {
    if (!date || !time) {
      setProblem('Please pick a new date and time.');
      return;
    }
    setProblem(null);
    move.mutate(
      { id: target.id, schedule: toSchedule(date, time) },
      {
        onSuccess: (booking) => onMoved(booking),
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'SLOT_FULL') setTime('');
          setProblem(
            err instanceof ApiError && err.status === 0
              ? 'Could not reach the server. Your booking is unchanged; please try again.'
              : `${errorMessage(err, 'The booking could not be moved.')} Your booking is still on ${formatWhen(target.date, target.time)}.`,
          );
        },
      },
    );
  }

  return (
    <div className="mt-4 space-y-4">
      <BookingCalendar
        serviceId={target.serviceId}
        timeZone={timeZone}
        selected={date}
        onSelect={(d) => {
          if (d !== date) setTime('');
          setDate(d);
        }}
        autoFocus
        label={`New date for ${target.petName}`}
      />
      <BookingTimes
        name="reschedule-time"
        date={date}
        serviceId={target.serviceId}
        timeZone={timeZone}
        value={time}
        onChange={pickTime}
        exclude={date === target.date ? target.time : undefined}
      />
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900 ring-1 ring-red-200">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={move.isPending}>
          Keep current time
        </Button>
        <Button onClick={confirm} loading={move.isPending}>
          {time ? `Move to ${formatWhen(date, time)}` : 'Move booking'}
        </Button>
      </div>
    </div>
  );
}
