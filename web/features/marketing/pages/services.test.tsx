import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Service } from '#shared/offerings';
import { createQueryClient } from '../../../lib/query-client.ts';
import { SessionProvider } from '../../../lib/session.tsx';
import { makeOffering } from '../../../test/data.ts';
import { fakeServer, makeUser, NETWORK_ERROR, renderApp, storeSignedIn } from '../../../test/utils.tsx';
import HomePage from './home.tsx';
import ServicesPage from './services.tsx';

const TITLES = ['Pet Health Checkups', 'Pet Training', 'Pet Pickup Ride', 'Emergency Pet Care'];

const service = (over: Partial<Service>) => makeOffering({ description: 'Examinations.', price: 499, ...over });

const SERVICES: Service[] = [
  service({}),
  service({ id: 'svc-training', name: 'Pet Training', kind: 'training', durationMinutes: 60, price: 800 }),
  service({ id: 'svc-pickup', name: 'Pet Pickup Ride', kind: 'pickup', price: null, needsAddress: true }),
  service({ id: 'svc-emergency', name: 'Emergency Pet Care', kind: 'emergency', price: 1500, bookable: false }),
];

/** A Book button's name: "Book <service> now" (jsdom drops the space the screen-reader-only title ends with). */
const bookName = (title: string) => new RegExp(`^Book ${title} ?now$`);

const cardOf = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('li')!;

describe('services page', () => {
  it('prerenders the cards with their copy and no live data (no fetch at build time)', () => {
    const calls = fakeServer({ 'GET /api/services': () => ({ body: SERVICES }) });
    const html = renderToString(
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider validateOnMount={false}>
          <MemoryRouter initialEntries={['/services']}>
            <ServicesPage variant="public" />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
    for (const title of TITLES) expect(html).toContain(`>${title}</h2>`);
    expect(html).toContain('Head-to-tail examinations, vaccinations, dental checks and lab tests');
    expect(html).not.toContain('₹');
    expect(calls).toHaveLength(0);
  });

  it("keeps the spec's titles and texts and adds each service's price and duration once loaded", async () => {
    fakeServer({ 'GET /api/services': () => ({ body: SERVICES }) });
    renderApp(<ServicesPage variant="public" />, { path: '/services' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(TITLES);
    expect(screen.queryByText(/₹/)).not.toBeInTheDocument();

    expect(await within(cardOf('Pet Training')).findByText('1 hr · from ₹800.00')).toBeInTheDocument();
    expect(within(cardOf('Pet Health Checkups')).getByText('30 min · from ₹499.00')).toBeInTheDocument();
    // No price set yet: the customer is told where to ask, not left to guess.
    expect(within(cardOf('Pet Pickup Ride')).getByText('30 min · price: ask at the clinic')).toBeInTheDocument();
    // Emergencies are not booked on the calendar: a price, no duration.
    expect(within(cardOf('Emergency Pet Care')).getByText('from ₹1,500.00')).toBeInTheDocument();
    expect(within(cardOf('Pet Training')).getByText(/One-to-one sessions for puppies/)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(TITLES);
  });

  it('shows on each card a picture of what the service is, named for screen readers', () => {
    fakeServer({ 'GET /api/services': () => ({ body: SERVICES }) });
    renderApp(<ServicesPage variant="public" />, { path: '/services' });
    const pictures = TITLES.map((title) => within(cardOf(title)).getByRole('img').getAttribute('aria-label'));
    // Training is a paw at school, not a crosshair; emergencies a siren, not a second medical cross.
    expect(pictures).toEqual(['A stethoscope', 'A paw in a graduation cap', 'A pickup van', 'An emergency light']);
  });

  it('sends visitors to log in from every Book button, and emergency care to its request form', async () => {
    fakeServer({ 'GET /api/services': () => ({ body: SERVICES }) });
    renderApp(<ServicesPage variant="public" />, { path: '/services' });
    await within(cardOf('Pet Training')).findByText(/₹800/);
    for (const title of TITLES.filter((t) => t !== 'Emergency Pet Care')) {
      expect(screen.getByRole('link', { name: bookName(title) })).toHaveAttribute('href', '/login');
    }
    // A customer page: a visitor is asked to log in on the way.
    expect(within(cardOf('Emergency Pet Care')).getByRole('link', { name: 'Request emergency care' })).toHaveAttribute(
      'href',
      '/customer/emergency',
    );
  });

  it("opens a customer's booking form on the service of the card", async () => {
    storeSignedIn(makeUser());
    fakeServer({ 'GET /api/services': () => ({ body: SERVICES }) });
    renderApp(<ServicesPage variant="customer" />, {
      path: '/servicescustomers',
      routes: { '/slots': <p>Booking form</p> },
    });
    // Before the list arrives the button still books (the checkup, as the spec's form does).
    expect(screen.getByRole('link', { name: bookName('Pet Training') })).toHaveAttribute('href', '/slots');
    await within(cardOf('Pet Training')).findByText(/₹800/);
    expect(screen.getByRole('link', { name: bookName('Pet Training') })).toHaveAttribute(
      'href',
      '/slots?serviceId=svc-training',
    );
    expect(screen.getByRole('link', { name: bookName('Pet Pickup Ride') })).toHaveAttribute(
      'href',
      '/slots?serviceId=svc-pickup',
    );
    // Emergency care is not booked on the calendar: it has its own request form, open round the clock.
    expect(screen.queryByRole('link', { name: bookName('Emergency Pet Care') })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request emergency care' })).toHaveAttribute('href', '/customer/emergency');
    await userEvent.click(screen.getByRole('link', { name: bookName('Pet Health Checkups') }));
    expect(screen.getByTestId('location')).toHaveTextContent('/slots');
  });

  it('says when a kind is not offered any more, and lists services the clinic has added', async () => {
    storeSignedIn(makeUser());
    const dental = service({
      id: 'svc-dental',
      name: 'Dental Cleaning',
      durationMinutes: 90,
      price: 1200,
      sortOrder: 15,
    });
    fakeServer({ 'GET /api/services': () => ({ body: [SERVICES[0], dental, SERVICES[2], SERVICES[3]] }) });
    renderApp(<ServicesPage variant="customer" />, { path: '/servicescustomers' });
    expect(await within(cardOf('Pet Training')).findByText('Not taking bookings at the moment')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: bookName('Pet Training') })).not.toBeInTheDocument();
    const more = screen.getByRole('region', { name: 'More from the clinic' });
    expect(within(more).getByRole('heading', { name: 'Dental Cleaning' })).toBeInTheDocument();
    expect(within(more).getByText('1 hr 30 min · from ₹1,200.00')).toBeInTheDocument();
    expect(within(more).getByRole('link', { name: bookName('Dental Cleaning') })).toHaveAttribute(
      'href',
      '/slots?serviceId=svc-dental',
    );
  });

  it('keeps the prerendered copy and its buttons when the list cannot be loaded', async () => {
    const calls = fakeServer({ 'GET /api/services': () => NETWORK_ERROR });
    renderApp(<ServicesPage variant="public" />, { path: '/services' });
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/services'))).toBe(true));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(TITLES);
    for (const title of TITLES.slice(0, 3))
      expect(screen.getByRole('link', { name: bookName(title) })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request emergency care' })).toBeInTheDocument();
  });
});

describe('landing page', () => {
  it('shows the services with their live prices', async () => {
    fakeServer({ 'GET /api/services': () => ({ body: SERVICES }) });
    renderApp(<HomePage variant="public" />, { path: '/' });
    const section = screen.getByRole('region', { name: 'What we do' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(TITLES);
    expect(await within(section).findByText('1 hr · from ₹800.00')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'All services and prices' })).toHaveAttribute('href', '/services');
  });

  it('"Book a Ride" leads a visitor to log in and a customer to the booking form on the pickup ride', () => {
    fakeServer({ 'GET /api/services': () => ({ body: SERVICES }) });
    const visitor = renderApp(<HomePage variant="public" />, { path: '/' });
    expect(screen.getByRole('link', { name: 'Book a Ride' })).toHaveAttribute('href', '/login');
    visitor.unmount();
    storeSignedIn(makeUser());
    renderApp(<HomePage variant="customer" />, { path: '/homeusers' });
    expect(screen.getByRole('link', { name: 'Book a Ride' })).toHaveAttribute('href', '/slots?kind=pickup');
  });
});
