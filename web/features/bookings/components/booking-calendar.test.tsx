import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '#shared/dates';
import { type Availability, type Calendar } from '#shared/availability';
import { axeViolations } from '../../../test/axe.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FetchCall } from '../../../test/utils.tsx';
import { formatDayLong } from '#shared/dates';
import { BookingCalendar } from './booking-calendar.tsx';
import { BookingTimes } from './booking-calendar-times.tsx';

const TZ = 'Asia/Kolkata';
const today = todayIn(TZ);
/** The month a week from now: it has at least seven days after today, so a Sunday and days that are not. */
const month = addDays(today, 7).slice(0, 7);
const daysOf = (m: string) => {
  const [y, mm] = m.split('-').map(Number) as [number, number];
  const n = new Date(Date.UTC(y, mm, 0)).getUTCDate();
  return Array.from({ length: n }, (_, i) => `${m}-${String(i + 1).padStart(2, '0')}`);
};
const future = daysOf(month).filter((d) => d > today);
const isSunday = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay() === 0;
// A closure on the first future day that is not a Sunday; Sundays are the weekday the clinic never opens.
const closedDay = future.find((d) => !isSunday(d))!;
const openDay = future.find((d) => d !== closedDay && !isSunday(d))!;
const sunday = future.find(isSunday)!;

const calendar = (m: string): Calendar => ({
  month: m,
  serviceId: 'checkup',
  timeZone: TZ,
  lastDate: addDays(today, 60),
  days: daysOf(m).map((date) => {
    const closure = date === closedDay;
    const weekly = isSunday(date);
    return {
      date,
      freeTimes: date <= today || closure || weekly ? 0 : 2,
      closed: closure || weekly,
      closedReason: closure ? 'Staff training' : null,
      hours: closure || weekly ? null : { open: '10:00', close: '11:00' },
    };
  }),
});

const availability = (date: string): Availability =>
  date === closedDay
    ? {
        date,
        serviceId: 'checkup',
        durationMinutes: 30,
        timeZone: TZ,
        slotMinutes: 30,
        slots: [],
        closed: true,
        closedReason: 'Staff training',
        hours: null,
      }
    : {
        date,
        serviceId: 'checkup',
        durationMinutes: 30,
        timeZone: TZ,
        slotMinutes: 30,
        slots: [
          { time: '10:00', capacity: 2, booked: 0, available: 2, past: false, tooSoon: true },
          { time: '10:30', capacity: 2, booked: 0, available: 2, past: false },
        ],
        closed: false,
        closedReason: null,
        hours: { open: '10:00', close: '11:00' },
      };

const q = (c: FetchCall, k: string) => new URL(c.url, 'http://x').searchParams.get(k)!;

function Picker({ initial = '' }: { initial?: string }) {
  const [date, setDate] = useState(initial);
  const [time, setTime] = useState('');
  return (
    <>
      <BookingCalendar timeZone={TZ} selected={date} onSelect={setDate} />
      <BookingTimes name="time" date={date} timeZone={TZ} value={time} onChange={setTime} />
    </>
  );
}

/** The picker with `initial` picked, so the calendar opens on its month. */
function render(initial: string) {
  fakeServer({
    'GET /api/slots/calendar': (c) => ({ body: calendar(q(c, 'month')) }),
    'GET /api/slots/availability': (c) => ({ body: availability(q(c, 'date')) }),
  });
  storeSignedIn(makeUser());
  return renderApp(<Picker initial={initial} />);
}

describe('the booking calendar on days the clinic is closed', () => {
  it('disables a closed day and says why, on its button and in a list under the calendar', async () => {
    render(openDay);
    const closed = await screen.findByRole('button', {
      name: new RegExp(`${formatDayLong(closedDay)}, closed: Staff training$`),
    });
    expect(closed).toBeDisabled();
    const notes = screen.getByText('Clinic closed').parentElement!;
    expect(within(notes).getByText(/: Staff training$/)).toBeInTheDocument();
    expect(within(notes).getByText('Closed on Sundays')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: new RegExp(`${formatDayLong(sunday)}, closed$`) })).toBeDisabled();
    expect(await axeViolations()).toEqual([]);
  });

  it("shows a day's own hours, and times inside the booking notice as too soon", async () => {
    render(openDay);
    expect(
      await screen.findByRole('button', { name: new RegExp(`${formatDayLong(openDay)}, 2 free times, selected$`) }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/^Open 10:00 to 11:00\./)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^10:00/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /^10:00/ }).closest('label')).toHaveTextContent('Too soon');
    expect(screen.getByRole('radio', { name: /^10:30/ })).toBeEnabled();
    expect(await axeViolations()).toEqual([]);
  });

  it('says on the time grid that the clinic is closed that day, and why', async () => {
    render(closedDay);
    expect(
      await screen.findByText('The clinic is closed on this day: Staff training. Please pick another date.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryAllByRole('radio')).toEqual([]);
  });
});
