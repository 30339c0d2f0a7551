import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RideProgress } from '#shared/ride-progress';
import { fakeServer, renderApp } from '../test/utils.tsx';
import { RideStepper } from './ride-stepper.tsx';

// The clinic is in India (UTC+5:30): 04:40 UTC is 10:10 there, whatever zone the test machine is in.
const config = {
  upiId: 'x@upi',
  upiName: 'Pawcare',
  clinic: { name: 'Pawcare', address: '12 Park Street', phone: '9876543210', email: 'c@p.test', hours: '9-6' },
  slot: { open: '09:00', close: '18:00', minutes: 30, capacity: 2, timeZone: 'Asia/Kolkata' },
};

beforeEach(() => {
  fakeServer({ 'GET /api/config': () => ({ body: config }) });
});

/** What a screen reader reads of an element: its text without the parts hidden from assistive technology. */
function spoken(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

const steps = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => ({ text: spoken(li), current: li.getAttribute('aria-current') }));

describe('the ride stepper', () => {
  it('lists every step in order, marks the current one, gives done steps their clinic time and shows the last message', async () => {
    const ride: RideProgress = {
      status: 'picked_up',
      steps: [
        { status: 'driver_on_the_way', at: '2026-03-04T04:40:00.000Z', message: '5 minutes away' },
        { status: 'picked_up', at: '2026-03-04T04:52:00.000Z', message: null },
      ],
    };
    renderApp(<RideStepper ride={ride} date="2026-03-04" />);
    const ol = screen.getByRole('list', { name: 'Pickup ride' });
    expect(await within(ol).findByText('10:10', { exact: false })).toBeInTheDocument();
    expect(ol.tagName).toBe('OL');
    expect(steps(ol)).toEqual([
      { text: 'Done: Scheduled', current: null },
      { text: 'Done: Driver on the way 10:10', current: null },
      { text: 'Now: Picked up 10:22', current: 'step' },
      { text: 'Not yet: At the clinic', current: null },
      { text: 'Not yet: On the way home', current: null },
      { text: 'Not yet: Dropped off', current: null },
    ]);
    expect(screen.getByText('Message from the driver')).toBeInTheDocument();
    expect(screen.getByText(/5 minutes away/)).toBeInTheDocument();
  });

  it('ends a canceled ride at the last step it reached, then Canceled', async () => {
    const ride: RideProgress = {
      status: 'canceled',
      steps: [{ status: 'driver_on_the_way', at: '2026-03-04T04:40:00.000Z', message: null }],
    };
    renderApp(<RideStepper ride={ride} date="2026-03-04" />);
    const ol = screen.getByRole('list', { name: 'Pickup ride' });
    await within(ol).findByText('10:10', { exact: false });
    expect(steps(ol)).toEqual([
      { text: 'Done: Scheduled', current: null },
      { text: 'Done: Driver on the way 10:10', current: null },
      { text: 'Now: Canceled', current: 'step' },
    ]);
    expect(screen.queryByText('Message from the driver')).not.toBeInTheDocument();
  });

  it('shows a step taken on another day with its date, and a finished ride without "Now"', async () => {
    const ride: RideProgress = {
      status: 'dropped_off',
      steps: [
        { status: 'driver_on_the_way', at: '2026-03-04T04:40:00.000Z', message: null },
        { status: 'picked_up', at: '2026-03-04T05:00:00.000Z', message: null },
        { status: 'at_clinic', at: '2026-03-04T05:30:00.000Z', message: null },
        { status: 'on_the_way_home', at: '2026-03-04T19:00:00.000Z', message: 'Running late' },
        { status: 'dropped_off', at: '2026-03-04T19:20:00.000Z', message: null },
      ],
    };
    renderApp(<RideStepper ride={ride} date="2026-03-04" />);
    const list = within(screen.getByRole('list', { name: 'Pickup ride' }));
    // 19:20 UTC is 00:50 the next day in India.
    expect(await list.findByText('Thu, 5 Mar at 00:50', { exact: false })).toBeInTheDocument();
    const items = list.getAllByRole('listitem');
    expect(items.at(-1)).toHaveAttribute('aria-current', 'step');
    expect(items.at(-1)).toHaveTextContent('Now: Dropped off Thu, 5 Mar at 00:50');
    expect(list.queryByText('Now')).not.toBeInTheDocument();
    expect(screen.getByText(/Running late/)).toBeInTheDocument();
  });

  it("fits a driver's card in one line: a bar of the steps and the current one in words", async () => {
    const ride: RideProgress = {
      status: 'driver_on_the_way',
      steps: [{ status: 'driver_on_the_way', at: '2026-03-04T04:40:00.000Z', message: null }],
    };
    renderApp(<RideStepper ride={ride} date="2026-03-04" title="Ride" compact />);
    expect(await screen.findByText('at 10:10', { exact: false })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Ride: Step 2 of 6: Driver on the way at 10:10' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[1]).toHaveTextContent('Now: Driver on the way');
  });
});
