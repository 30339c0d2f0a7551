import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { onTestFinished } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import type { User } from '#shared/auth';
import { createQueryClient } from '../lib/query-client.ts';
import { SessionProvider } from '../lib/session.tsx';

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
}

/** A handler's answer that never reaches the page: fetch rejects as it does when the network fails. */
export const NETWORK_ERROR = Symbol('network error');

/** Answers a request, or returns undefined to let the next matching handler answer. */
export type FakeHandler = (call: FetchCall) => FakeAnswer | typeof NETWORK_ERROR | undefined;

let realFetch: typeof fetch | undefined;

/**
 * The one way web tests stand in for the server: replaces fetch with a fake for the current test. Keys are
 * `'METHOD /path'` (the query string is ignored) or `'*'` for every request; handlers are tried in order and the
 * first answer wins; unknown requests answer 404. Returns the list of calls made, in order.
 */
export function fakeServer(handlers: Record<string, FakeHandler>): FetchCall[] {
  const calls: FetchCall[] = [];
  // A second fake in the same test replaces the first; the real fetch comes back once, when the test ends.
  if (!realFetch) {
    realFetch = globalThis.fetch;
    onTestFinished(() => {
      if (realFetch) globalThis.fetch = realFetch;
      realFetch = undefined;
    });
  }
  globalThis.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body: unknown =
      init.body instanceof FormData ? init.body : typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call = { url, method, body, headers };
    calls.push(call);
    for (const [key, handler] of Object.entries(handlers)) {
      const [m, path] = key.split(' ');
      if (key !== '*' && (m !== method || url.split('?')[0] !== path)) continue;
      const res = handler(call);
      if (res === NETWORK_ERROR) return Promise.reject(new TypeError('Failed to fetch'));
      if (res)
        return Promise.resolve(
          new Response(res.body === undefined ? null : JSON.stringify(res.body), {
            status: res.status ?? 200,
            headers: { 'content-type': 'application/json', ...res.headers },
          }),
        );
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
