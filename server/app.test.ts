import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiErrorSchema } from '#shared/common';
import { LIVE_PAGE_TTL_MS } from './web.ts';
import { createTestApp, expectError, multipart, type TestContext } from './test/app.ts';
import { json, OpenApiDocSchema } from './test/json.ts';

let t: TestContext;
let admin: Awaited<ReturnType<TestContext['buildUser']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
});
afterAll(() => t.close());

const inject = (opts: InjectOptions) => t.app.inject(opts);

describe('operations', () => {
  it('GET /healthz answers while the process is up', async () => {
    const res = await inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('GET /readyz checks the database', async () => {
    const res = await inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, db: t.database.kind, redis: 'off' });
  });

  it('GET /readyz answers 503 when the database is gone', async () => {
    const ctx = await createTestApp();
    await ctx.database.close();
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ok: false, error: 'Database unreachable' });
    } finally {
      await ctx.app.close();
    }
  });

  it('GET /api/docs/json is an OpenAPI document with the API paths', async () => {
    const res = await inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = json(res, OpenApiDocSchema);
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/me',
      '/api/users/profile',
      '/api/users',
      '/api/users/{id}/role',
      '/api/users/{id}',
      '/api/all-employees',
      '/api/all-customers',
      '/api/users/{id}/identity-proof',
      '/api/settings/theme',
      '/api/notifications',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    expect(
      doc.paths['/api/auth/login']?.post?.requestBody?.content['application/json']?.schema?.properties,
    ).toHaveProperty('email');
    expect(doc.paths['/healthz']).toBeUndefined();
  });

  it('GET /api/docs serves the docs UI', async () => {
    const res = await inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger-ui');
  });

  it('sends helmet security headers', async () => {
    const res = await inject({ method: 'GET', url: '/api/settings/theme' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('CORS', () => {
  it('without CORS_ORIGIN, no other origin is allowed', async () => {
    const res = await inject({
      method: 'GET',
      url: '/api/settings/theme',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('with CORS_ORIGIN, only that origin is allowed, and it may read the pagination header', async () => {
    const ctx = await createTestApp({ CORS_ORIGIN: 'https://shop.example' });
    try {
      const ok = await ctx.app.inject({
        method: 'GET',
        url: '/api/settings/theme',
        headers: { origin: 'https://shop.example' },
      });
      expect(ok.headers['access-control-allow-origin']).toBe('https://shop.example');
      expect(String(ok.headers['access-control-expose-headers'])).toContain('x-next-cursor');
      const preflight = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: {
          origin: 'https://shop.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,authorization',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://shop.example');
      const evil = await ctx.app.inject({
        method: 'GET',
        url: '/api/settings/theme',
        headers: { origin: 'https://evil.example' },
      });
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await ctx.close();
    }
  });
});

describe('GET /api/avatar', () => {
  it('returns an SVG with the initials', async () => {
    const res = await inject({ method: 'GET', url: '/api/avatar?name=Pet%20Owner' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toMatch(/^<svg /);
    expect(res.body).toContain('>PO</text>');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('escapes markup in the name', async () => {
    const res = await inject({
      method: 'GET',
      url: `/api/avatar?name=${encodeURIComponent('<script>alert("x")</script> "&\'')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &quot;&amp;&apos;');
    expect(res.body).toContain('>&lt;&quot;</text>');
  });

  it('needs a name', async () => {
    expectError(await inject({ method: 'GET', url: '/api/avatar' }), 400, 'VALIDATION');
    expectError(await inject({ method: 'GET', url: '/api/avatar?name=%20%20' }), 400, 'VALIDATION', 'name is required');
  });
});

describe('bad input never gives a 500', () => {
  const jsonType = { 'content-type': 'application/json' };

  it('malformed JSON is a 400 with a clear message', async () => {
    for (const payload of ['{"email":', '{email: "a"}', "{'a':1}", 'nul']) {
      expectError(
        await inject({ method: 'POST', url: '/api/auth/login', headers: jsonType, payload }),
        400,
        'BAD_REQUEST',
        'The request body is not valid JSON',
      );
    }
  });

  it('a JSON body that is not an object, or none at all, is a 400', async () => {
    for (const payload of ['[1,2]', '"text"', '42', 'null']) {
      expectError(
        await inject({ method: 'POST', url: '/api/auth/login', headers: jsonType, payload }),
        400,
        'VALIDATION',
        'The request body must be a JSON object',
      );
    }
    expectError(
      await inject({ method: 'POST', url: '/api/auth/login' }),
      400,
      'VALIDATION',
      'The request body must be a JSON object',
    );
    expectError(
      await inject({
        method: 'PUT',
        url: '/api/settings/theme',
        headers: { ...jsonType, ...t.auth(admin.token) },
        payload: '',
      }),
      400,
      'VALIDATION',
      'The request body must be a JSON object',
    );
  });

  it('wrong types get the field message', async () => {
    expectError(
      await inject({ method: 'POST', url: '/api/auth/login', payload: { email: ['a@b.co'], password: 'secret123' } }),
      400,
      'VALIDATION',
      'Email is required',
    );
    expectError(
      await inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co', password: { $gt: '' } } }),
      400,
      'VALIDATION',
      'Password is required',
    );
    expectError(
      await inject({ method: 'PUT', url: '/api/settings/theme', headers: t.auth(admin.token), payload: { theme: 7 } }),
      400,
      'VALIDATION',
      /^Theme must be one of: white, pink/,
    );
  });

  it('a JSON body over 1 MB is a 413', async () => {
    const payload = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) });
    expectError(
      await inject({ method: 'POST', url: '/api/auth/login', headers: jsonType, payload }),
      413,
      'PAYLOAD_TOO_LARGE',
      'The request is too large',
    );
  });

  it('the open account routes read at most 8 kB: a 9 kB login is a 413, a login of normal size is read', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(9 * 1024) });
    for (const url of ['/api/auth/login', '/api/auth/forgot-password', '/api/auth/reset-password']) {
      expectError(
        await inject({ method: 'POST', url, headers: jsonType, payload: big }),
        413,
        'PAYLOAD_TOO_LARGE',
        'The request is too large',
      );
    }
    const normal = JSON.stringify({ email: 'nobody@example.com', password: 'x'.repeat(100) });
    expect(
      (await inject({ method: 'POST', url: '/api/auth/login', headers: jsonType, payload: normal })).statusCode,
    ).toBe(401);
    // Other JSON routes keep the general limit: 9 kB reaches the route, whose own rules answer.
    const unsubscribe = JSON.stringify({ token: 'x'.repeat(9 * 1024) });
    const answer = await inject({
      method: 'POST',
      url: '/api/reminders/unsubscribe',
      headers: jsonType,
      payload: unsubscribe,
    });
    expect(answer.statusCode).toBe(400);
  });

  it('text/plain, XML and forms sent to JSON endpoints are a 415 that says what to send', async () => {
    for (const [type, payload] of [
      ['text/plain', 'email=a@b.co'],
      ['application/xml', '<login/>'],
      ['application/x-www-form-urlencoded', 'email=a%40b.co&password=secret123'],
    ]) {
      expectError(
        await inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': type }, payload }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        /application\/json/,
      );
    }
    const form = await multipart({ email: 'a@b.co', password: 'secret123' });
    expectError(
      await inject({ method: 'POST', url: '/api/auth/login', ...form }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'This endpoint expects a JSON body (Content-Type: application/json)',
    );
    const themeForm = await multipart({ theme: 'pink' });
    expectError(
      await inject({
        method: 'PUT',
        url: '/api/settings/theme',
        ...themeForm,
        headers: { ...themeForm.headers, ...t.auth(admin.token) },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('JSON prototype poisoning is refused', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: jsonType,
      payload: '{"email":"a@b.co","password":"secret123","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res, ApiErrorSchema).code).toEqual(expect.any(String));
  });

  it('a DELETE with a JSON content type and no body works', async () => {
    const u = await t.buildUser();
    const res = await inject({
      method: 'DELETE',
      url: `/api/users/${u.user.id}`,
      headers: { ...jsonType, ...t.auth(admin.token) },
    });
    expect(res.json()).toEqual({ ok: true, id: u.user.id });
  });

  it('unknown, malformed and overlong ids are 4xx, never 500', async () => {
    const h = t.auth(admin.token);
    for (const id of [
      'nope',
      '1',
      "1' or '1'='1",
      '00000000-0000-4000-8000-000000000000',
      'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
    ]) {
      const enc = encodeURIComponent(id);
      expectError(
        await inject({ method: 'PUT', url: `/api/users/${enc}/role`, headers: h, payload: { role: 'user' } }),
        404,
        'NOT_FOUND',
      );
      expectError(await inject({ method: 'DELETE', url: `/api/users/${enc}`, headers: h }), 404, 'NOT_FOUND');
      expectError(
        await inject({ method: 'GET', url: `/api/users/${enc}/identity-proof`, headers: h }),
        404,
        'NOT_FOUND',
      );
      expectError(await inject({ method: 'PUT', url: `/api/notifications/${enc}/read`, headers: h }), 404, 'NOT_FOUND');
    }
    const long = 'a'.repeat(500);
    const res = await inject({ method: 'DELETE', url: `/api/users/${long}`, headers: h });
    // Fastify refuses path parameters over 100 characters itself (414); still our JSON error shape.
    expect([400, 404, 414]).toContain(res.statusCode);
    expect(json(res, ApiErrorSchema).code).toEqual(expect.any(String));
  });

  it('odd query strings are 400 or ignored, never 500', async () => {
    const h = t.auth(admin.token);
    for (const url of [
      '/api/all-customers?limit=1&limit=2',
      '/api/users?q=' + 'x'.repeat(500),
      '/api/notifications?limit=-5',
      '/api/notifications?cursor=%00%01',
    ]) {
      const res = await inject({ method: 'GET', url, headers: h });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(json(res, ApiErrorSchema).code).toEqual(expect.any(String));
    }
    const weird = await inject({ method: 'GET', url: '/api/all-customers?q=%25%5C_%27%22', headers: h });
    expect(weird.statusCode).toBe(200);
    expect(weird.json()).toEqual([]);
    // Unknown parameters are ignored.
    const extra = await inject({ method: 'GET', url: '/api/all-employees?limit[]=3&foo=bar', headers: h });
    expect(extra.statusCode).toBe(200);
    expect(Array.isArray(extra.json())).toBe(true);
  });

  it('unknown API routes are a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/users/profile'],
      ['DELETE', '/api/auth/me'],
      ['GET', '/api'],
    ] as const) {
      const res = await inject({ method, url });
      expectError(res, 404, 'NOT_FOUND', `No route for ${method} ${url}`);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });
});

describe('the web app', () => {
  let web: TestContext;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-web-'));
    const page = (body: string) =>
      `<!doctype html><html lang="en"><head><meta name="theme-color" content="#ffffff" /><title>Pawcare</title></head><body><div id="root">${body}</div></body></html>`;
    writeFileSync(
      path.join(dir, 'index.html'),
      page('').replace('</title>', '</title><meta name="pawcare-build" content="b1d0e5f2a3c4d5e6" />'),
    );
    mkdirSync(path.join(dir, 'prerendered'));
    writeFileSync(path.join(dir, 'prerendered', 'index.html'), page('<h1>Reliable Pet Pickup Services</h1>'));
    writeFileSync(path.join(dir, 'prerendered', 'login.html'), page('<h1>Login</h1>'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'app-1234abcd.js'), 'console.log("app")');
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    web = await createTestApp({}, { webDir: dir });
  });
  afterAll(() => web.close());

  it('serves index.html for every client route (SPA fallback), not cached', async () => {
    for (const url of ['/', '/login', '/admin/employee', '/customer/my-orders?x=1', '/customer/pets/p-1/']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers an address the app has no page for with its not-found page and status 404', async () => {
    for (const url of ['/admin/employees', '/no-such-page', '/customer/pets/p-1/photos', '/slots/extra?x=1']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      // The app renders its not-found page in the browser.
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('serves a public page prerendered, but the plain app page when a query string may change what it shows', async () => {
    const landing = await web.app.inject({ method: 'GET', url: '/' });
    expect(landing.body).toContain('<div id="root"><h1>Reliable Pet Pickup Services</h1></div>');
    const login = await web.app.inject({ method: 'GET', url: '/login' });
    expect(login.body).toContain('<h1>Login</h1>');
    const redirected = await web.app.inject({ method: 'GET', url: '/login?next=%2Fslots' });
    expect(redirected.body).toContain('<div id="root"></div>');
    const other = await web.app.inject({ method: 'GET', url: '/homeusers' });
    expect(other.body).toContain('<div id="root"></div>');
  });

  it('writes the current site theme into every page, so it paints in its colours before any script runs', async () => {
    const before = await web.app.inject({ method: 'GET', url: '/' });
    expect(before.body).toContain(
      '<html lang="en" data-theme="white" style="--theme-bg:#ffffff;--theme-fg:#111827;color-scheme:light">',
    );
    const webAdmin = await web.buildUser({ role: 'admin' });
    const saved = await web.app.inject({
      method: 'PUT',
      url: '/api/settings/theme',
      headers: web.auth(webAdmin.token),
      payload: { theme: 'green' },
    });
    expect(saved.statusCode).toBe(200);
    for (const url of ['/', '/admin/home']) {
      const res = await web.app.inject({ method: 'GET', url });
      // Green paints as its soft tint, with the house's dark text.
      expect(res.body, url).toContain(
        'data-theme="green" style="--theme-bg:#d7f2dd;--theme-fg:#111827;color-scheme:light"',
      );
      expect(res.body, url).toContain('<meta name="theme-color" content="#d7f2dd"');
    }
  });

  it('serves hashed assets with a long cache and other files with a short one', async () => {
    const asset = await web.app.inject({ method: 'GET', url: '/assets/app-1234abcd.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await web.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('a missing file or API route is a 404, not the SPA page', async () => {
    const missing = await web.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expectError(missing, 404, 'NOT_FOUND');
    const api = await web.app.inject({ method: 'GET', url: '/api/missing' });
    expectError(api, 404, 'NOT_FOUND');
    const post = await web.app.inject({ method: 'POST', url: '/login', payload: {} });
    expectError(post, 404, 'NOT_FOUND');
  });

  it('tells pages which build it serves, so a page whose code failed to load can tell a new version from an outage', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/api/build' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'b1d0e5f2a3c4d5e6' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await inject({ method: 'GET', url: '/api/build' })).json()).toEqual({ id: null });
  });

  it('without a built web app, pages explain how to build it', async () => {
    const res = await inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});

describe('pages rendered with live data', () => {
  let web: TestContext;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-web-live-'));
    const page = (body: string) =>
      `<!doctype html><html lang="en"><head><meta name="theme-color" content="#ffffff" /><title>Pawcare</title></head><body><div id="root">${body}</div></body></html>`;
    writeFileSync(path.join(dir, 'index.html'), page(''));
    mkdirSync(path.join(dir, 'prerendered'));
    writeFileSync(path.join(dir, 'prerendered', 'products.html'), page('<h1>Products (no data yet)</h1>'));
    writeFileSync(path.join(dir, 'prerendered', '404.html'), page('<h1>Page not found</h1>'));
    // Stands in for the build's web/entry-server.tsx: renders /products with what the catalogue answers it, and
    // fails while a product is called "Broken".
    mkdirSync(path.join(dir, 'ssr'));
    writeFileSync(
      path.join(dir, 'ssr', 'entry-server.js'),
      `export const LIVE_PAGES = ['/products'];
      let renders = 0;
      export async function renderDocument(template, url, fetchInProcess) {
        const res = await fetchInProcess(new Request('http://localhost/api/products?page=1&limit=1'));
        const [first] = await res.json();
        if (first.name === 'Broken') throw new Error('cannot render');
        renders += 1;
        return template.replace('<div id="root"></div>', '<div id="root"><h1>' + first.name + ' at ' + first.price +
          ', ' + res.headers.get('x-total-count') + ' in all (render ' + renders + ')</h1></div>');
      }`,
    );
    web = await createTestApp({}, { webDir: dir });
  });
  afterAll(() => web.close());

  const get = async (url: string) => (await web.app.inject({ method: 'GET', url })).body;
  const rename = async (name: string, price: number) => {
    const admin = await web.buildUser({ role: 'admin' });
    const res = await web.app.inject({
      method: 'PUT',
      url: '/api/products/1',
      headers: web.auth(admin.token),
      payload: { name, price },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('serves /products with the catalogue of the moment, kept a few seconds, then rendered again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const first = await get('/products');
      expect(first).toMatch(/<h1>Dog Food at 500, \d+ in all \(render 1\)<\/h1>/);
      await rename('Dog Food Premium', 650);
      // Within the time a render is kept, the same page (the browser asks for the catalogue again as it starts).
      expect(await get('/products')).toContain('(render 1)');
      vi.setSystemTime(Date.now() + LIVE_PAGE_TTL_MS);
      expect(await get('/products')).toMatch(/<h1>Dog Food Premium at 650, \d+ in all \(render 2\)<\/h1>/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('serves the page prerendered at build time when the render fails, and a query string the plain app page', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await rename('Broken', 650);
      // Later than any render kept by the test before.
      vi.setSystemTime(Date.now() + 10 * LIVE_PAGE_TTL_MS);
      expect(await get('/products')).toContain('<h1>Products (no data yet)</h1>');
      await rename('Dog Food', 500);
      expect(await get('/products')).toContain('<h1>Dog Food at 500');
      expect(await get('/products?category=Food')).toContain('<div id="root"></div>');
    } finally {
      vi.useRealTimers();
    }
  });

  it('never serves the server-side bundle, and answers an unknown address with the prerendered not-found page', async () => {
    const bundle = await web.app.inject({ method: 'GET', url: '/ssr/entry-server.js' });
    expect(bundle.statusCode).toBe(404);
    expect(bundle.body).not.toContain('renderDocument');
    const missing = await web.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1>Page not found</h1>');
  });
});
