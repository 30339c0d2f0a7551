import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeSelector } from '../features/admin/components/theme-selector.tsx';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../test/utils.tsx';
import { ThemeSync } from './theme-sync.tsx';

function Screen() {
  return (
    <>
      <ThemeSync />
      <ThemeSelector />
    </>
  );
}

describe('theme selector with the app theme sync', () => {
  it('offers the 13 colours with the current one checked', async () => {
    fakeServer({ 'GET /api/settings/theme': () => ({ body: { theme: 'pink' } }) });
    renderApp(<Screen />);
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(13);
    await waitFor(() => expect(screen.getByRole('radio', { name: /Pink/ })).toBeChecked());
    expect(screen.getByRole('button', { name: 'Save theme' })).toBeDisabled();
  });

  it('saves a new colour, mirrors it in localStorage and repaints the page', async () => {
    storeSignedIn(makeUser({ role: 'admin' }));
    let saved = 'white';
    const calls = fakeServer({
      'GET /api/settings/theme': () => ({ body: { theme: saved } }),
      'PUT /api/settings/theme': (call) => {
        saved = (call.body as { theme: string }).theme;
        return { body: { theme: saved } };
      },
    });
    const user = userEvent.setup();
    renderApp(<Screen />);
    await waitFor(() => expect(screen.getByRole('radio', { name: /White/ })).toBeChecked());
    await user.click(screen.getByRole('radio', { name: /Brown/ }));
    await user.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByText('Theme changed to Brown')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ theme: 'brown' });
    expect(localStorage.getItem('theme')).toBe('brown');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('brown'));
  });

  it('says so when the server refuses the change', async () => {
    storeSignedIn(makeUser({ role: 'admin' }));
    fakeServer({
      'GET /api/settings/theme': () => ({ body: { theme: 'white' } }),
      'PUT /api/settings/theme': () => ({ status: 403, body: { error: 'Only admins can do this', code: 'FORBIDDEN' } }),
    });
    const user = userEvent.setup();
    renderApp(<Screen />);
    await waitFor(() => expect(screen.getByRole('radio', { name: /White/ })).toBeChecked());
    await user.click(screen.getByRole('radio', { name: /Gold/ }));
    await user.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByText('Only admins can do this')).toBeInTheDocument();
  });
});
