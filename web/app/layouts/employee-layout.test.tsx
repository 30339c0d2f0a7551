import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../test/utils.tsx';
import { EmployeeLayout } from './employee-layout.tsx';

describe('EmployeeLayout', () => {
  it('shows how many chat messages are unread on the Chat link', async () => {
    storeSignedIn(makeUser({ role: 'employee', name: 'Clinic Staff' }));
    fakeServer({ 'GET /api/chat/unread-count': () => ({ body: { count: 3 } }) });
    renderApp(<EmployeeLayout />, { path: '/employee/home' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // Browsers read "Chat, 3 unread"; jsdom's name computation drops the spaces between inline pieces.
    expect(await screen.findByRole('link', { name: /^Chat,\s*3\s*unread$/ })).toHaveAttribute('href', '/employee/chat');
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Orders' }));
  });

  it('shows no count when everything is read', async () => {
    storeSignedIn(makeUser({ role: 'employee', name: 'Clinic Staff' }));
    const calls = fakeServer({ 'GET /api/chat/unread-count': () => ({ body: { count: 0 } }) });
    renderApp(<EmployeeLayout />, { path: '/employee/home' });
    await screen.findByRole('link', { name: 'Chat' });
    await expect.poll(() => calls.some((c) => c.url.endsWith('/api/chat/unread-count'))).toBe(true);
    expect(screen.queryByText(/unread/)).not.toBeInTheDocument();
  });
});
