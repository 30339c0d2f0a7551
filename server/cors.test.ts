import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/app.ts';

/** A web app on another origin (CORS_ORIGIN) can make every call of the API, and keep a live socket. */

const SHOP = 'https://shop.example';
const ADMIN = 'https://admin.example';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ CORS_ORIGIN: `${SHOP}, ${ADMIN}` });
});
afterAll(() => ctx.close());

interface Operation {
  method: string;
  url: string;
}

/** Every operation of the OpenAPI document, with its path parameters filled in. */
function operations(): Operation[] {
  const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'head', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => ({ method: m.toUpperCase(), url: p.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000') })),
  );
}

describe('CORS preflight from a configured origin', () => {
  it('allows the method and the headers of every operation of the API', async () => {
    const ops = operations();
    // The spec's PUT and DELETE calls (profile, role, delete user, confirm, cancel) are among them.
    expect(ops.filter((o) => o.method === 'PUT').length).toBeGreaterThanOrEqual(5);
    expect(ops.some((o) => o.method === 'DELETE')).toBe(true);
    for (const op of ops) {
      const res = await ctx.app.inject({
        method: 'OPTIONS',
        url: op.url,
        headers: {
          origin: ADMIN,
          'access-control-request-method': op.method,
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      });
      const what = `${op.method} ${op.url}`;
      expect(res.statusCode, what).toBe(204);
      expect(res.headers['access-control-allow-origin'], what).toBe(ADMIN);
      const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
      expect(methods, what).toContain(op.method);
      const headers = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
      expect(headers, what).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']));
    }
  });

  it('allows nothing to an origin that is not configured', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/users/profile',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

/** A raw request with an Origin header (fetch may not set it). */
function request(url: string, method: string, headers: Record<string, string>): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      res.resume();
      resolve(res);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Socket.IO from a configured origin', () => {
  it('answers each configured origin, and no other', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${base}/socket.io/?EIO=4&transport=polling`;
    for (const origin of [SHOP, ADMIN]) {
      const res = await request(url, 'GET', { origin });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      const preflight = await request(url, 'OPTIONS', { origin, 'access-control-request-method': 'POST' });
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
    }
    const evil = await request(url, 'GET', { origin: 'https://evil.example' });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
});
