import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { BUILD_ID_META } from '#shared/build';
import { lazyPage } from '../lib/lazy-page.ts';
import { fakeServer, NETWORK_ERROR } from '../test/utils.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { PageWaitingNotice } from './page-waiting.tsx';

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/page-abc.js');

/** The server as a page sees it: 'away', or serving the build the function names. */
function serverServes(build: () => string) {
  fakeServer({
    '*': () => (build() === 'away' ? NETWORK_ERROR : undefined),
    'GET /api/build': () => ({ body: { id: build() } }),
  });
}

/** React reports the error a boundary catches on the console; here that error is the point of the test. */
function expectReportedError() {
  const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
  onTestFinished(() => reported.mockRestore());
  return (message: string) => {
    const messages = reported.mock.calls.flat().flatMap((arg) => (arg instanceof Error ? [arg.message] : []));
    expect(
      messages.some((m) => m.includes(message)),
      `reported: ${messages.join(' | ')}`,
    ).toBe(true);
  };
}

function renderPage(load: () => Promise<{ default: () => React.JSX.Element }>) {
  const Page = lazyPage(load);
  render(
    <>
      <PageWaitingNotice />
      <ErrorBoundary>
        <Suspense fallback={<p>Loading page…</p>}>
          <Page />
        </Suspense>
      </ErrorBoundary>
    </>,
  );
}

describe('a page whose code fails to load', () => {
  beforeEach(() => {
    const meta = document.createElement('meta');
    meta.name = BUILD_ID_META;
    meta.content = 'build-a';
    document.head.append(meta);
    onTestFinished(() => meta.remove());
  });

  it('waits while the server is away and shows the page once it is back, without talking of a new version', async () => {
    let state: 'away' | 'build-a' = 'away';
    serverServes(() => state);
    let loads = 0;
    renderPage(() => {
      loads += 1;
      return state === 'away' ? Promise.reject(chunkError()) : Promise.resolve({ default: () => <h1>My orders</h1> });
    });
    expect(screen.getByText('Loading page…')).toBeInTheDocument();
    await expect.poll(() => loads).toBeGreaterThanOrEqual(1);
    // The person is told why nothing happens yet.
    expect(
      await screen.findByText('The connection to Pawcare is lost. The page you opened loads as soon as it is back.'),
    ).toBeInTheDocument();
    state = 'build-a';
    expect(await screen.findByRole('heading', { name: 'My orders' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/new version/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/The connection to Pawcare is lost/)).not.toBeInTheDocument();
  });

  it('says a new version is available when the server now serves another build', async () => {
    const reported = expectReportedError();
    serverServes(() => 'build-b');
    renderPage(() => Promise.reject(chunkError()));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A new version of Pawcare is available. Reload the page to continue.',
    );
    reported('A new version of Pawcare is available.');
  });

  it('says the page could not be loaded, not that there is a new version, when the server is up with the same build', async () => {
    const reported = expectReportedError();
    serverServes(() => 'build-a');
    let loads = 0;
    renderPage(() => {
      loads += 1;
      return Promise.reject(chunkError());
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The code of this page could not be loaded. Reload the page to try again.');
    expect(alert).not.toHaveTextContent(/new version/i);
    expect(loads).toBe(2);
    reported('Failed to fetch dynamically imported module');
  });
});
