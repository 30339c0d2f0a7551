import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClinicSettings, ClinicSettingsSaved } from '#shared/clinic-settings';
import type { PublicConfig } from '#shared/settings';
import { axeViolations } from '../../../test/axe.ts';
import { makeBooking } from '../../../test/data.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FakeHandler } from '../../../test/utils.tsx';
import ClinicSettingsPage from './clinic-settings.tsx';

const config: PublicConfig = {
  upiId: 'clinic@upi',
  upiName: 'Pawcare',
  clinic: { name: 'Pawcare', address: 'Park Street', phone: '9876543210', email: 'hi@example.com', hours: '9-6' },
  slot: { open: '09:00', close: '18:00', minutes: 30, capacity: 2, timeZone: 'Asia/Kolkata' },
};

const day = { open: '09:00', close: '18:00' };
const stored: ClinicSettings = {
  hours: { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: null },
  slotMinutes: 30,
  bookingWindowDays: 90,
  bookingNoticeMinutes: 0,
  changeNoticeMinutes: 0,
  maxOpenBookings: 6,
  upiHoldMinutes: 30,
  maxUnpaidOrders: 2,
  maxUnitsPerProduct: 10,
  legalName: 'Pawcare Veterinary Services LLP',
  gstin: null,
  stateCode: '19',
  invoicePrefix: 'PC',
  pricesIncludeTax: true,
  closures: [{ from: '2031-12-24', to: '2031-12-26', reason: 'Christmas' }],
};

const outside = makeBooking({
  id: 'b9',
  _id: 'b9',
  petName: 'Bruno',
  date: '2031-03-08',
  time: '09:00',
  ownerName: 'Pet Owner',
  phone: '9123456780',
});

function serve(over: Record<string, FakeHandler> = {}) {
  return fakeServer({
    'GET /api/config': () => ({ body: config }),
    'GET /api/settings/clinic': () => ({ body: stored }),
    ...over,
  });
}

function renderPage() {
  storeSignedIn(makeUser({ role: 'admin', name: 'Clinic Admin' }));
  return renderApp(<ClinicSettingsPage />, { path: '/admin/settings' });
}

const dayGroup = (name: string) => screen.getByRole('group', { name });

describe('/admin/settings', () => {
  it('shows the stored settings: the week, the booking rules and the closed days', async () => {
    serve();
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the clinic settings…');
    expect(await screen.findByRole('heading', { name: 'Opening hours' })).toBeInTheDocument();
    const saturday = dayGroup('Saturday');
    expect(within(saturday).getByRole('checkbox', { name: /Saturday/ })).toBeChecked();
    expect(within(saturday).getByLabelText('Opens')).toHaveValue('09:00');
    const sunday = dayGroup('Sunday');
    expect(within(sunday).getByRole('checkbox', { name: /Sunday/ })).not.toBeChecked();
    expect(within(sunday).getByLabelText('Closes')).toBeDisabled();
    expect(screen.getByLabelText('Slot length (minutes)')).toHaveValue(30);
    expect(screen.getByLabelText('Upcoming bookings per customer')).toHaveValue(6);
    const closure = dayGroup('Closure 1');
    expect(within(closure).getByLabelText('Reason')).toHaveValue('Christmas');
    expect(within(closure).getByLabelText('From')).toHaveValue('2031-12-24');
    expect(await axeViolations()).toEqual([]);
  });

  it('saves the whole object and lists the bookings the new hours leave outside, none canceled', async () => {
    const u = userEvent.setup();
    let sent: unknown;
    const answer: ClinicSettingsSaved = {
      settings: stored,
      outsideHours: [{ booking: outside, reason: "Outside Saturday's hours (10:00-14:00)." }],
      outsideHoursTotal: 1,
    };
    const calls = serve({
      'PUT /api/settings/clinic': (c) => {
        sent = c.body;
        answer.settings = c.body as ClinicSettings;
        return { body: answer };
      },
    });
    renderPage();
    const saturday = within(await screen.findByRole('group', { name: 'Saturday' }));
    await u.clear(saturday.getByLabelText('Opens'));
    await u.type(saturday.getByLabelText('Opens'), '10:00');
    await u.clear(saturday.getByLabelText('Closes'));
    await u.type(saturday.getByLabelText('Closes'), '14:00');
    await u.click(within(dayGroup('Sunday')).getByRole('checkbox'));
    await u.clear(screen.getByLabelText('Booking notice (minutes)'));
    await u.type(screen.getByLabelText('Booking notice (minutes)'), '120');
    expect(screen.getByText(/120 minutes = 2 hours\./)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Add closure' }));
    const added = within(dayGroup('Closure 2'));
    expect(added.getByLabelText('From')).toHaveFocus();
    await u.type(added.getByLabelText('From'), '2031-03-09');
    expect(added.getByLabelText('To')).toHaveValue('2031-03-09');
    await u.type(added.getByLabelText('Reason'), 'Staff training');
    await u.click(screen.getByRole('button', { name: 'Save settings' }));

    const heading = await screen.findByRole('heading', { name: 'Clinic settings saved.' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(sent).toEqual({
      ...stored,
      hours: {
        ...stored.hours,
        saturday: { open: '10:00', close: '14:00' },
        sunday: { open: '09:00', close: '18:00' },
      },
      bookingNoticeMinutes: 120,
      closures: [...stored.closures, { from: '2031-03-09', to: '2031-03-09', reason: 'Staff training' }],
    });
    expect(screen.getByText(/1 upcoming booking is now outside the opening hours/)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Bookings outside the opening hours' });
    expect(within(list).getByText("Outside Saturday's hours (10:00-14:00).")).toBeInTheDocument();
    expect(within(list).getByText(/Bruno/)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows what is wrong next to the field and sends nothing', async () => {
    const u = userEvent.setup();
    const calls = serve();
    renderPage();
    const monday = within(await screen.findByRole('group', { name: 'Monday' }));
    await u.clear(monday.getByLabelText('Closes'));
    await u.type(monday.getByLabelText('Closes'), '08:00');
    await u.clear(screen.getByLabelText('Slot length (minutes)'));
    await u.click(within(dayGroup('Closure 1')).getByRole('button', { name: 'Remove closure 1' }));
    await u.click(screen.getByRole('button', { name: 'Add closure' }));
    await u.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(monday.getByLabelText('Closes')).toHaveAccessibleDescription('Closing time must be after the opening time.');
    expect(screen.getByLabelText('Slot length (minutes)')).toHaveAccessibleDescription(
      'Slot length must be a whole number of minutes.',
    );
    expect(within(dayGroup('Closure 1')).getByLabelText('Reason')).toHaveAccessibleDescription(
      'Please give the reason customers will see.',
    );
    expect(monday.getByLabelText('Closes')).toHaveFocus();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(await axeViolations()).toEqual([]);
  });

  it('edits the shop limits: the UPI payment wait, unpaid orders per customer, units of a product per order', async () => {
    const u = userEvent.setup();
    let sent: unknown;
    serve({
      'PUT /api/settings/clinic': (c) => {
        sent = c.body;
        return { body: { settings: c.body, outsideHours: [], outsideHoursTotal: 0 } };
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Shop orders' })).toBeInTheDocument();
    const wait = screen.getByLabelText('UPI payment wait (minutes)');
    const unpaid = screen.getByLabelText('Unpaid orders per customer');
    const units = screen.getByLabelText('Units of a product per order');
    expect(wait).toHaveValue(30);
    expect(unpaid).toHaveValue(2);
    expect(units).toHaveValue(10);

    // Out of bounds: the schema's message next to the field, nothing sent.
    await u.clear(wait);
    await u.type(wait, '2');
    await u.clear(units);
    await u.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(wait).toHaveAccessibleDescription('UPI payment wait must be from 5 to 2880 minutes.');
    expect(units).toHaveAccessibleDescription('Units of a product per order must be a whole number of units.');
    expect(sent).toBeUndefined();

    await u.clear(wait);
    await u.type(wait, '45');
    await u.clear(unpaid);
    await u.type(unpaid, '1');
    await u.type(units, '5');
    await u.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('heading', { name: 'Clinic settings saved.' })).toBeInTheDocument();
    expect(sent).toEqual({ ...stored, upiHoldMinutes: 45, maxUnpaidOrders: 1, maxUnitsPerProduct: 5 });
    expect(await axeViolations()).toEqual([]);
  });

  it('edits the tax setup: the GSTIN is checked as typed, with the state it must match', async () => {
    const u = userEvent.setup();
    let sent: unknown;
    serve({
      'PUT /api/settings/clinic': (c) => {
        sent = c.body;
        return { body: { settings: c.body, outsideHours: [], outsideHoursTotal: 0 } };
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Tax and invoices' })).toBeInTheDocument();
    const gstin = screen.getByLabelText('GSTIN');
    const state = screen.getByLabelText('State');
    expect(state).toHaveDisplayValue('West Bengal (19)');

    // A typing mistake in the check character, then a GSTIN of another state.
    await u.type(gstin, '27AAPFU0939F1ZW');
    await u.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(gstin).toHaveAccessibleDescription(/typing mistake/);
    await u.clear(gstin);
    await u.type(gstin, '27AAPFU0939F1ZV');
    await u.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(gstin).toHaveAccessibleDescription(/registered in another state.*West Bengal \(19\)/));
    expect(sent).toBeUndefined();

    await u.selectOptions(state, '27');
    await u.clear(screen.getByLabelText('Invoice prefix'));
    await u.type(screen.getByLabelText('Invoice prefix'), 'PW');
    await u.selectOptions(screen.getByLabelText('Prices'), 'no');
    await u.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('heading', { name: 'Clinic settings saved.' })).toBeInTheDocument();
    expect(sent).toEqual({
      ...stored,
      gstin: '27AAPFU0939F1ZV',
      stateCode: '27',
      invoicePrefix: 'PW',
      pricesIncludeTax: false,
    });
    expect(await axeViolations()).toEqual([]);
  });

  it("puts the server's refusal next to the field it names", async () => {
    const u = userEvent.setup();
    serve({
      'PUT /api/settings/clinic': () => ({
        status: 400,
        body: {
          error: 'Closing time must be after the opening time.',
          message: 'Closing time must be after the opening time.',
          code: 'VALIDATION',
          details: [{ path: 'hours.friday.close', message: 'Closing time must be after the opening time.' }],
        },
      }),
    });
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(within(dayGroup('Friday')).getByLabelText('Closes')).toHaveAccessibleDescription(
        'Closing time must be after the opening time.',
      ),
    );
    expect(within(dayGroup('Friday')).getByLabelText('Closes')).toHaveFocus();
  });

  it('says when the settings cannot be loaded, and loads them again on request', async () => {
    const u = userEvent.setup();
    let fail = true;
    serve({
      'GET /api/settings/clinic': () =>
        fail ? { status: 500, body: { error: 'boom', code: 'INTERNAL' } } : { body: stored },
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the clinic settings.');
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Opening hours' })).toBeInTheDocument();
  });
});
