import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { onTestFinished } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { ToastContainer } from 'react-toastify';
import type { User } from '#shared/auth';
import { createQueryClient } from '../lib/query-client.ts';
import { SessionProvider } from '../lib/session.tsx';
import { answerDrift } from './api-contract.ts';
import { sentBody } from './sent-body.ts';

/** A user as the API returns it. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    id: 'u1',
    name: 'Pet Owner',
    email: 'owner@example.com',
    phone: '9876543210',
    address: null,
    bloodGroup: null,
    role: 'user',
    image: '/api/avatar?name=Pet%20Owner',
    hasIdentityProof: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    reminderEmails: true,
    emailVerified: true,
    ...overrides,
  };
}

/** GET /api/auth/me and PUT /api/users/profile as the API answers them: the account, and the same under `user`. */
export function makeOwnAccount(overrides: Partial<User> = {}): User & { user: User } {
  const user = makeUser(overrides);
  return { ...user, user };
}

/** Puts a session in localStorage, as a previous login would have. */
export function storeSignedIn(user: User, token = 'test-token') {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
  onTestFinished(() => localStorage.clear());
}

export interface FetchCall {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

/** What a fake endpoint answers: a status (default 200), a JSON body and extra response headers. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Why this success answer is one the API does not give (a role a newer server could add), for a test of how the
   * page copes with it: without a reason, an answer unlike the API's fails the test.
   */
  unlikeTheApi?: string;
}

/** A handler's answer that never reaches the page: fetch rejects as it does when the network fails. */
export const NETWORK_ERROR = Symbol('network error');

/** Answers a request, or returns undefined to let the next matching handler answer. */
export type FakeHandler = (call: FetchCall) => FakeAnswer | typeof NETWORK_ERROR | undefined;

let realFetch: typeof fetch | undefined;

/** A request's address as the page wrote it: the path and query, without this page's own origin. */
function pageRelative(href: string): string {
  return href.startsWith(`${location.origin}/`) ? href.slice(location.origin.length) : href;
}

/** Fake answers that are not what the API answers, found in the current test; it fails with them when it ends. */
let drifts: string[] | undefined;

/**
 * The one way web tests stand in for the server: replaces fetch with a fake for the current test. Keys are
 * `'METHOD /path'` (the query string is ignored) or `'*'` for every request; handlers are tried in order and the
 * first answer wins; unknown requests answer 404. Returns the list of calls made, in order.
 *
 * Every success answer (2xx) must be one the real API could give: its status and JSON body are checked against the
 * API's description of that route (web/test/api-contract.ts), and a test whose fake drifted from it fails, naming
 * the route and what differs.
 */
export function fakeServer(handlers: Record<string, FakeHandler>): FetchCall[] {
  const calls: FetchCall[] = [];
  // A second fake in the same test replaces the first; the real fetch comes back once, when the test ends.
  if (!realFetch) {
    realFetch = globalThis.fetch;
    drifts = [];
    onTestFinished(() => {
      if (realFetch) globalThis.fetch = realFetch;
      realFetch = undefined;
      const found = drifts ?? [];
      drifts = undefined;
      if (found.length) throw new Error(`The fake server drifted from the API:\n${[...new Set(found)].join('\n')}`);
    });
  }
  globalThis.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    // The app's typed client sends a Request; a few calls (files) still pass an address and options.
    const request = input instanceof Request ? input : undefined;
    const url = pageRelative(request ? request.url : typeof input === 'string' ? input : (input as URL).href);
    const method = (request?.method ?? init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(request?.headers ?? init.headers).entries());
    const sent = request ? sentBody(request) : init.body;
    const body: unknown = sent instanceof FormData ? sent : typeof sent === 'string' ? JSON.parse(sent) : sent;
    const call = { url, method, body, headers };
    calls.push(call);
    for (const [key, handler] of Object.entries(handlers)) {
      const [m, path] = key.split(' ');
      if (key !== '*' && (m !== method || url.split('?')[0] !== path)) continue;
      const res = handler(call);
      if (res === NETWORK_ERROR) return Promise.reject(new TypeError('Failed to fetch'));
      if (res) {
        const drift = res.unlikeTheApi ? undefined : answerDrift(method, url, res.status ?? 200, res.body);
        if (drift) drifts?.push(drift);
        return Promise.resolve(
          new Response(res.body === undefined ? null : JSON.stringify(res.body), {
            status: res.status ?? 200,
            headers: { 'content-type': 'application/json', ...res.headers },
          }),
        );
      }
    }
    return Promise.resolve(new Response(JSON.stringify({ error: 'Not found', code: 'NOT_FOUND' }), { status: 404 }));
  };
  return calls;
}

function LocationProbe() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

/**
 * Renders UI inside the app's providers and a memory router. `routes` maps extra paths to elements, so a test
 * can see where a redirect went; the current path is in the element with test id "location".
 */
export interface RenderAppOptions {
  /** Route pattern the UI is mounted at. */
  path?: string;
  /** The URL to start on (default: path). */
  at?: string;
  routes?: Record<string, ReactNode>;
  /** Run GET /api/auth/me on mount, as the real app does. */
  validateSession?: boolean;
  /** Render in React's StrictMode, as main.tsx does (effects run twice on mount; only a root StrictMode does that). */
  strict?: boolean;
}

export function renderApp(ui: ReactElement, options: RenderAppOptions = {}) {
  const { path = '/', at = path, routes = {}, validateSession = false, strict = false } = options;
  // Sessions and themes the app stores must not leak into the next test.
  onTestFinished(() => localStorage.clear());
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } });
  const tree = (
    <QueryClientProvider client={queryClient}>
      <SessionProvider validateOnMount={validateSession}>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path={path} element={ui} />
            {Object.entries(routes).map(([p, el]) => (
              <Route key={p} path={p} element={el} />
            ))}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
        <ToastContainer autoClose={3000} />
      </SessionProvider>
    </QueryClientProvider>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, queryClient };
}

/**
 * Chooses one of a row's actions as a person would: the row's "More actions for <name>" button inside `scope`, then
 * the action (by its accessible name, e.g. 'Delete Meera') in the menu that opens. Returns the menu's button.
 */
export async function chooseRowAction(user: UserEvent, scope: HTMLElement, name: string, action: string) {
  const more = within(scope).getByRole('button', { name: `More actions for ${name}` });
  await user.click(more);
  await user.click(screen.getByRole('menuitem', { name: action }));
  return more;
}

/** The browser's own Back and Forward buttons, for a test of what the history keeps. */
export function BrowserButtons() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        Browser forward
      </button>
    </>
  );
}
