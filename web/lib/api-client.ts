import { NEXT_CURSOR_HEADER } from '#shared/http';
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

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** Called when a request that carried a token is answered 401 (expired or revoked session). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

function buildUrl(path: string, query?: ApiOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** Sends one request; resolves the parsed JSON body and the response headers, throws ApiError otherwise. */
/** Sends one request: the parsed body, headers and status of a success; throws ApiError otherwise. */
export async function apiRaw<T>(
  path: string,
  opts: ApiOptions = {},
): Promise<{ data: T; headers: Headers; status: number }> {
  const token = getToken();
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'Network error: the server could not be reached.');
  }
  const text = await res.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (!res.ok) {
    const e = (json ?? {}) as { error?: unknown; code?: unknown; details?: unknown };
    if (res.status === 401 && token) onUnauthorized?.();
    throw new ApiError(
      res.status,
      typeof e.code === 'string' ? e.code : res.status >= 500 ? 'INTERNAL' : 'HTTP_ERROR',
      typeof e.error === 'string' ? e.error : `Request failed (${res.status})`,
      Array.isArray(e.details) ? (e.details as { path: string; message: string }[]) : undefined,
    );
  }
  serverAnswered();
  return { data: json as T, headers: res.headers, status: res.status };
}

/** Calls the API with the stored bearer token; resolves the JSON body or throws ApiError. */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  return (await apiRaw<T>(path, opts)).data;
}

/** A page of a list endpoint: the items and the cursor of the next page (X-Next-Cursor), if any. */
export async function apiPage<T>(
  path: string,
  opts: ApiOptions = {},
): Promise<{ items: T[]; nextCursor: string | null }> {
  const { data, headers } = await apiRaw<T[]>(path, opts);
  return { items: Array.isArray(data) ? data : [], nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

/**
 * A file the API serves only with the bearer token (an identity proof, a pet photo), as a Blob: a plain link or an
 * <img src> cannot send the token. Show it through URL.createObjectURL.
 */
export async function apiBlob(path: string, opts: Pick<ApiOptions, 'signal'> & { fallback: string }): Promise<Blob> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: opts.signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'Network error: the server could not be reached.');
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
