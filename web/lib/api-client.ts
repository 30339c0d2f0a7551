import createClient, { type Middleware } from 'openapi-fetch';
import type { ZodType, output } from 'zod';
import { NEXT_CURSOR_HEADER } from '#shared/http';
import type { paths } from './api/schema';
import { serverAnswered } from './reconnect.ts';
import { getToken } from './storage.ts';

/** An error answer of the API (or a network failure, status 0, code 'NETWORK'). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: { path: string; message: string }[] | undefined;

  constructor(status: number, code: string, message: string, details?: { path: string; message: string }[]) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** Called when a request that carried a token is answered 401 (expired or revoked session). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

const networkError = () => new ApiError(0, 'NETWORK', 'Network error: the server could not be reached.');
const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/** The query string of a call: values left undefined, null or empty ('') are not sent. */
function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      if (v !== '') params.set(k, String(v));
    }
  }
  return params.toString();
}

/**
 * What every call goes through: the stored bearer token goes out with it; an error answer becomes an ApiError (our
 * error body's code, message and details) and a 401 to a request that carried a token ends the session; a request
 * the network failed becomes the NETWORK ApiError (an abort stays an abort); any answer tells the reconnect loops
 * that the server is back.
 */
const session: Middleware = {
  onRequest({ request }) {
    request.headers.set('accept', 'application/json');
    const token = getToken();
    // A call that names its own token (ending a session already signed out here) keeps it.
    if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
  },
  async onResponse({ request, response }) {
    if (response.ok) {
      serverAnswered();
      return;
    }
    const text = await response.text();
    let json: unknown = undefined;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    const e = (json ?? {}) as { error?: unknown; code?: unknown; details?: unknown };
    // Only a refusal of the session stored now ends it: a late answer to a token since signed out (or replaced by
    // another login) says nothing of the current one.
    const sent = request.headers.get('authorization');
    if (response.status === 401 && sent && sent === `Bearer ${getToken()}`) onUnauthorized?.();
    throw new ApiError(
      response.status,
      typeof e.code === 'string' ? e.code : response.status >= 500 ? 'INTERNAL' : 'HTTP_ERROR',
      typeof e.error === 'string' ? e.error : `Request failed (${response.status})`,
      Array.isArray(e.details) ? (e.details as { path: string; message: string }[]) : undefined,
    );
  },
  onError({ error }) {
    return isAbort(error) ? undefined : networkError();
  },
};

/**
 * The API, typed from the OpenAPI document the server publishes (./api/schema.d.ts, written by `npm run api:types`):
 * a call's path, method, parameters, body and answer are checked together at compile time.
 * `client.GET('/api/pets/{id}', { params: { path: { id } }, signal })`. Every error answer rejects with an ApiError
 * (see `session`), so a call that resolves has succeeded: read it with {@link answer} or {@link page}.
 */
/** While a page is rendered on the server (web/entry-server.tsx): the server answering the page's calls itself. */
let answeredInProcess: ((request: Request) => Promise<Response>) | null = null;
export function answerCallsWith(fetchInProcess: ((request: Request) => Promise<Response>) | null): void {
  answeredInProcess = fetchInProcess;
}

export const client = createClient<paths>({
  // In the browser the same address as the page's own; outside a page (a render on the server) any absolute
  // address does, as a Request needs one: answerCallsWith's function answers it.
  baseUrl: typeof location === 'undefined' ? 'http://localhost' : location.origin,
  // Looked up at each call, not once: a test's fake server stands in for it.
  fetch: (request) => (answeredInProcess ?? globalThis.fetch)(request),
  querySerializer: queryString,
});
client.use(session);

/** What a call of {@link client} resolves: its answer's body and the answer itself. */
export interface Answered<T> {
  data?: T;
  response: Response;
}

/** The body of a successful call's answer. */
export async function answer<T>(call: Promise<Answered<T>>): Promise<T> {
  return (await call).data as T;
}

/**
 * An answer's body checked against its shared schema (see `trusted` in api-extra.ts): an answer of another shape
 * fails like a server error. The caller brings the schema, so zod loads only where one is used.
 */
export function checked<S extends ZodType>(schema: S, body: unknown): output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(500, 'INVALID_ANSWER', 'The server answered in an unexpected form.');
  return parsed.data;
}

/** A page of a list endpoint: the items and the cursor of the next page (X-Next-Cursor), if any. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The page a list endpoint answered (see {@link Page}). */
export async function page<T>(call: Promise<Answered<T[]>>): Promise<Page<T>> {
  const { data, response } = await call;
  return { items: Array.isArray(data) ? data : [], nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

/**
 * A file the API serves only with the bearer token (an identity proof, a pet photo), as a Blob: a plain link or an
 * <img src> cannot send the token. Show it through URL.createObjectURL.
 */
export async function apiBlob(path: string, opts: { signal?: AbortSignal; fallback: string }): Promise<Blob> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: opts.signal });
  } catch (err) {
    if (isAbort(err)) throw err;
    throw networkError();
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
    if (res.status === 401 && token) onUnauthorized?.();
    throw new ApiError(res.status, body.code ?? 'HTTP_ERROR', body.error ?? opts.fallback);
  }
  serverAnswered();
  return res.blob();
}

/** The server's message when there is one, else the fallback text of the spec. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status > 0 && err.status < 500 && err.message) return err.message;
  return fallback;
}

/**
 * Tells the server a session ended (POST /api/auth/logout), so its token stops working there too. Sent with the
 * token that was signed out, after the page has already forgotten it: the person is signed out whatever the answer,
 * and an answer (even a 401 for a token ended elsewhere) changes nothing here.
 */
export function endSessionOnServer(token: string): Promise<void> {
  return client.POST('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } }).then(
    () => undefined,
    () => undefined,
  );
}
