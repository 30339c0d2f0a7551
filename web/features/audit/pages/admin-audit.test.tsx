import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_EVENT, type AuditEntry } from '#shared/audit';
import { SocketProvider } from '../../../lib/socket.ts';
import { axeViolations } from '../../../test/axe.ts';
import { lastSocket } from '../../../test/fake-socket.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn, type FetchCall } from '../../../test/utils.tsx';
import AdminAuditPage from './admin-audit.tsx';

vi.mock('socket.io-client', () => import('../../../test/fake-socket.ts'));

// The clinic is in India (UTC+5:30): 06:30 UTC is 12:00 there, whatever zone the test machine is in.
const CONFIG = {
  upiId: 'clinic@upi',
  upiName: 'Pawcare',
  clinic: { name: 'Pawcare', address: '1 Park Street', phone: '9876543210', email: 'c@p.test', hours: '' },
  slot: { open: '09:00', close: '18:00', minutes: 30, capacity: 2, timeZone: 'Asia/Kolkata' },
};

const ASHA = { id: 'a0000000-0000-4000-8000-000000000001', name: 'Asha Rao', email: 'asha@example.com', role: 'admin' };
const DESK = {
  id: 'a0000000-0000-4000-8000-000000000002',
  name: 'Front Desk',
  email: 'desk@example.com',
  role: 'employee',
};

/** Entry `n`, written at n o'clock UTC on 24 November 2026. */
function entry(n: number, over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `e0000000-0000-4000-8000-00000000000${n}`,
    at: `2026-11-24T${String(n).padStart(2, '0')}:30:00.000Z`,
    actor: ASHA,
    kind: 'user.role_changed',
    subjectType: 'user',
    subjectId: 'u1',
    summary: `Changed Person ${n}'s role from customer to employee`,
    before: { role: 'user' },
    after: { role: 'employee' },
    ...over,
  };
}

let log: AuditEntry[];
let calls: FetchCall[];
const PAGE = 2;

beforeEach(() => {
  storeSignedIn(makeUser({ id: ASHA.id, _id: ASHA.id, role: 'admin', name: ASHA.name }));
  log = [
    entry(6, {
      actor: DESK,
      kind: 'booking.confirmed',
      subjectType: 'booking',
      summary: 'Confirmed the Pet Health Checkup of Bruno for Ravi Kumar on 26 Nov 2026 at 12:00',
      before: { status: 'pending' },
      after: { status: 'confirmed' },
    }),
    entry(5),
    entry(4, { kind: 'user.deleted', summary: 'Deleted the customer account of Old Friend', after: null }),
  ];
  calls = fakeServer({
    'GET /api/config': () => ({ body: CONFIG }),
    'GET /api/audit/actors': () => ({ body: [ASHA, DESK] }),
    'GET /api/audit': (c) => {
      const q = new URL(c.url, 'http://x').searchParams;
      const rows = log.filter(
        (e) => (!q.get('actorId') || e.actor.id === q.get('actorId')) && (!q.get('kind') || e.kind === q.get('kind')),
      );
      const start = q.get('cursor') ? rows.findIndex((e) => e.id === q.get('cursor')) + 1 : 0;
      const page = rows.slice(start, start + PAGE);
      const more = start + PAGE < rows.length;
      return { body: page, headers: more ? { 'x-next-cursor': page.at(-1)!.id } : undefined };
    },
  });
});

async function openLog(at = '/admin/audit') {
  const view = renderApp(
    <SocketProvider>
      <AdminAuditPage />
    </SocketProvider>,
    { path: '/admin/audit', at },
  );
  await waitFor(() => expect(lastSocket()).toBeDefined());
  act(() => lastSocket()!.serverSends('connect'));
  return view;
}

const table = () => screen.getByRole('table', { name: 'Audit log' });
/** The "What" of each row of the table, top to bottom. */
const shown = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]!.textContent);
const logReads = () => calls.filter((c) => c.url.startsWith('/api/audit?') || c.url === '/api/audit');

describe('/admin/audit', () => {
  it('shows when, who with their role, what and which kind, newest first, and each change before and after', async () => {
    await openLog();
    await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table()).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'What', 'Kind', 'Changes']);
    const first = rows[1]!;
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Tue, 24 Nov 2026 at 12:00');
    expect(within(first).getByText('Front Desk')).toBeInTheDocument();
    expect(within(first).getByText('(Employee)')).toBeInTheDocument();
    expect(within(first).getByText('Booking confirmed')).toBeInTheDocument();
    expect(shown()).toEqual([
      'Confirmed the Pet Health Checkup of Bruno for Ravi Kumar on 26 Nov 2026 at 12:00',
      "Changed Person 5's role from customer to employee",
    ]);

    const disclosure = within(rows[2]!).getByText('Before and after', { exact: false });
    await userEvent.click(disclosure);
    const changes = within(rows[2]!).getByRole('definition');
    expect(within(rows[2]!).getByRole('term')).toHaveTextContent('Role:');
    expect(changes).toHaveTextContent('customer → changed to employee');
  });

  it('loads older entries with Load more, focusing the first one loaded', async () => {
    await openLog();
    await screen.findByRole('table', { name: 'Audit log' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(shown()).toHaveLength(3));
    expect(shown()[2]).toBe('Deleted the customer account of Old Friend');
    expect(logReads().at(-1)!.url).toContain(`cursor=${entry(5).id}`);
    // Nothing older is left: the button is gone, and focus is on the entry just loaded.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(document.activeElement).toHaveAttribute('data-entry', entry(4).id);
  });

  it('filters by person and kind, offered by name and readable label', async () => {
    await openLog();
    await screen.findByRole('table', { name: 'Audit log' });
    const person = screen.getByLabelText('Person');
    await waitFor(() =>
      expect(within(person).getByRole('option', { name: 'Front Desk (Employee)' })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(person, 'Front Desk (Employee)');
    await waitFor(() => expect(shown()).toEqual([log[0]!.summary]));
    expect(logReads().at(-1)!.url).toContain(`actorId=${DESK.id}`);

    await userEvent.selectOptions(screen.getByLabelText('Person'), 'Everyone');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Account deleted');
    await waitFor(() => expect(shown()).toEqual(['Deleted the customer account of Old Friend']));
    expect(logReads().at(-1)!.url).toContain('kind=user.deleted');

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Product deactivated');
    expect(await screen.findByText('No entries match these filters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(shown()).toHaveLength(2));
  });

  it('reads its filters from the address, and refuses a "from" day after the "to" day without asking the server', async () => {
    await openLog('/admin/audit?from=2026-11-25&to=2026-11-24');
    expect(await screen.findByText('The "from" day must be on or before the "to" day')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(logReads()).toEqual([]);
  });

  it('puts an entry written meanwhile at the top, without reading the list again', async () => {
    await openLog();
    await screen.findByRole('table', { name: 'Audit log' });
    const reads = logReads().length;
    const fresh = entry(7, {
      actor: { id: 'a0000000-0000-4000-8000-000000000003', name: 'New Admin', email: 'n@example.com', role: 'admin' },
      summary: "Changed Meera Iyer's role from customer to employee",
    });
    act(() => lastSocket()!.serverSends(AUDIT_EVENT, fresh));
    await waitFor(() => expect(shown()[0]).toBe(fresh.summary));
    expect(shown()).toHaveLength(3);
    expect(logReads()).toHaveLength(reads);
    expect(screen.getByText(`New entry: ${fresh.summary}`)).toHaveAttribute('role', 'status');
    // Its author joins the person filter.
    expect(
      within(screen.getByLabelText('Person')).getByRole('option', { name: 'New Admin (Admin)' }),
    ).toBeInTheDocument();
  });

  it('says when the log is empty, and offers to try again when it cannot be read', async () => {
    log = [];
    const view = await openLog();
    expect(await screen.findByText('Nothing has been recorded yet')).toBeInTheDocument();
    view.unmount();

    let failing = true;
    fakeServer({
      'GET /api/config': () => ({ body: CONFIG }),
      'GET /api/audit/actors': () => ({ body: [] }),
      'GET /api/audit': () =>
        failing
          ? { status: 500, body: { error: 'Something broke', message: 'Something broke', code: 'INTERNAL' } }
          : { body: [entry(1)] },
    });
    await openLog();
    // A fault of the server is not shown as it is: the page says what failed and offers to try again.
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the audit log. Please try again.');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(shown()).toEqual([entry(1).summary]));
  });

  it('has no axe violations, with a disclosure open', async () => {
    await openLog();
    await screen.findByRole('table', { name: 'Audit log' });
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(table()).getAllByText('Before and after', { exact: false })[0]!);
    expect(await axeViolations()).toEqual([]);
  });
});
