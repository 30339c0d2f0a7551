import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { AuthResponseSchema } from '#shared/auth';
import { makeBooking, makePet } from '../test/data.ts';
import { fakeServer, makeUser, NETWORK_ERROR, storeSignedIn } from '../test/utils.tsx';
import { ApiError, answer, client, endSessionOnServer, page, setUnauthorizedHandler } from './api-client.ts';
import { trusted, withStatus } from './api-extra.ts';

const NOT_FOUND = { error: 'Pet not found', message: 'Pet not found', code: 'NOT_FOUND' };

/** Whatever the promise rejects with (fails when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('resolved');
}

/** Counts the 401s that end the session. */
function countExpiries() {
  const expired = vi.fn();
  setUnauthorizedHandler(expired);
  onTestFinished(() => setUnauthorizedHandler(null));
  return expired;
}

describe('ending a session on the server', () => {
  it('sends the signed-out token; a 401 for it does not end the session stored now', async () => {
    storeSignedIn(makeUser(), 'new-session');
    const expired = countExpiries();
    const calls = fakeServer({
      'POST /api/auth/logout': () => ({ status: 401, body: { error: 'Token expired', code: 'UNAUTHENTICATED' } }),
      'GET /api/auth/me': () => ({ status: 401, body: { error: 'Token expired', code: 'UNAUTHENTICATED' } }),
    });
    await endSessionOnServer('old-session');
    expect(calls[0]!.headers.authorization).toBe('Bearer old-session');
    expect(expired).not.toHaveBeenCalled();
    // A 401 for the stored session still ends it.
    await rejection(answer(client.GET('/api/auth/me')));
    expect(expired).toHaveBeenCalledTimes(1);
  });
});

describe('the typed API client', () => {
  it('sends the stored token, fills the path and leaves empty query values out', async () => {
    storeSignedIn(makeUser(), 'tok-1');
    const calls = fakeServer({
      'GET /api/pets/p%201/timeline': () => ({ body: [makeBooking()] }),
      'GET /api/all-customers': () => ({ body: [] }),
    });
    await answer(
      client.GET('/api/pets/{id}/timeline', { params: { path: { id: 'p 1' }, query: { limit: 10, cursor: '' } } }),
    );
    await answer(client.GET('/api/all-customers', { params: { query: { q: 'Bruno Two', cursor: undefined } } }));
    expect(calls.map((c) => c.url)).toEqual(['/api/pets/p%201/timeline?limit=10', '/api/all-customers?q=Bruno+Two']);
    expect(calls[0]!.headers).toMatchObject({ authorization: 'Bearer tok-1', accept: 'application/json' });
  });

  it('sends a body as JSON, and no token when signed out', async () => {
    const calls = fakeServer({
      'POST /api/auth/forgot-password': () => ({ body: { ok: true, message: 'Check your mail' } }),
    });
    expect(await answer(client.POST('/api/auth/forgot-password', { body: { email: 'a@b.co' } }))).toEqual({
      ok: true,
      message: 'Check your mail',
    });
    expect(calls[0]).toMatchObject({ method: 'POST', body: { email: 'a@b.co' } });
    expect(calls[0]!.headers['content-type']).toBe('application/json');
    expect(calls[0]!.headers.authorization).toBeUndefined();
  });

  it("turns an error answer into an ApiError with the server's code, message and details", async () => {
    storeSignedIn(makeUser());
    const expired = countExpiries();
    const details = [{ path: 'name', message: 'Name is required' }];
    fakeServer({
      'GET /api/pets/p1': () => ({ status: 404, body: NOT_FOUND }),
      'POST /api/pets': () => ({
        status: 400,
        body: { error: 'Bad pet', message: 'Bad pet', code: 'VALIDATION', details },
      }),
      'GET /api/pets': () => ({ status: 503 }),
    });
    const missing = await rejection(client.GET('/api/pets/{id}', { params: { path: { id: 'p1' } } }));
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Pet not found', details: undefined });
    expect(await rejection(client.POST('/api/pets', { body: { name: '' } }))).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      details,
    });
    expect(await rejection(client.GET('/api/pets'))).toMatchObject({
      status: 503,
      code: 'INTERNAL',
      message: 'Request failed (503)',
    });
    expect(expired).not.toHaveBeenCalled();
  });

  it('ends the session on a 401 only when the request carried a token', async () => {
    const expired = countExpiries();
    const unauthorized = { error: 'Authentication failed', message: 'Authentication failed', code: 'UNAUTHORIZED' };
    fakeServer({ 'GET /api/auth/me': () => ({ status: 401, body: unauthorized }) });
    expect(await rejection(client.GET('/api/auth/me'))).toMatchObject({ status: 401 });
    expect(expired).not.toHaveBeenCalled();
    storeSignedIn(makeUser());
    expect(await rejection(client.GET('/api/auth/me'))).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('says the server could not be reached when the network fails, and lets an abort through', async () => {
    fakeServer({ '*': () => NETWORK_ERROR });
    expect(await rejection(client.GET('/api/pets'))).toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'Network error: the server could not be reached.',
    });
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    onTestFinished(() => void vi.unstubAllGlobals());
    const aborted = await rejection(client.GET('/api/pets'));
    expect(aborted).not.toBeInstanceOf(ApiError);
    expect(aborted).toMatchObject({ name: 'AbortError' });
  });

  it('tells the reconnect loops each time the server answers', async () => {
    const answered = vi.fn();
    window.addEventListener('pawcare:server-answered', answered);
    onTestFinished(() => window.removeEventListener('pawcare:server-answered', answered));
    fakeServer({ 'GET /api/pets': () => ({ body: [] }) });
    await answer(client.GET('/api/pets'));
    expect(answered).toHaveBeenCalledTimes(1);
  });

  it("reads a list's next cursor and a success's status", async () => {
    fakeServer({
      'GET /api/slots/mine': () => ({ body: [makeBooking()], headers: { 'x-next-cursor': 'next-1' } }),
      'POST /api/pets': () => ({ status: 201, body: makePet() }),
    });
    expect(await page(client.GET('/api/slots/mine'))).toEqual({ items: [makeBooking()], nextCursor: 'next-1' });
    expect(await withStatus(client.POST('/api/pets', { body: { name: 'Bruno' } }))).toEqual({
      data: makePet(),
      status: 201,
    });
  });

  it('refuses an answer it must trust that is not of its shared shape', async () => {
    // A stand-in answering what no Pawcare server would (a proxy, an older build): the fake server's own check of
    // the API's answers is bypassed on purpose.
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ token: 't', user: { id: 'u1' } })));
    onTestFinished(() => void vi.unstubAllGlobals());
    const body = { email: 'a@b.co', password: 'secret123' };
    expect(await rejection(trusted(AuthResponseSchema, client.POST('/api/auth/login', { body })))).toMatchObject({
      status: 500,
      code: 'INVALID_ANSWER',
    });
  });
});
