import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { isWebPage, WEB_PAGES } from '#shared/web-pages';

describe('the web app page list', () => {
  it('is exactly the routes of the router, besides its catch-all', async () => {
    // The public routes are in the router, the signed-in areas in the module its catch-all loads.
    const router = (
      await Promise.all(
        ['../web/app/router.tsx', '../web/app/routes/signed-in.tsx'].map((f) =>
          readFile(new URL(f, import.meta.url), 'utf8'),
        ),
      )
    ).join('\n');
    const routes = [...router.matchAll(/<Route\s+path="([^"]+)"/g)].map((m) => m[1]).filter((p) => p !== '*');
    expect([...routes].sort()).toEqual([...WEB_PAGES].sort());
  });

  it('matches pages as the router does, and nothing else', () => {
    expect(isWebPage('/')).toBe(true);
    expect(isWebPage('/slots/')).toBe(true);
    expect(isWebPage('/Slots')).toBe(true);
    expect(isWebPage('/customer/pets/123e4567-e89b-12d3-a456-426614174000')).toBe(true);
    expect(isWebPage('/products/7')).toBe(true);
    expect(isWebPage('/products/7/reviews')).toBe(false);
    expect(isWebPage('/no-such-page')).toBe(false);
    expect(isWebPage('/customer')).toBe(false);
    expect(isWebPage('/customer/pets/%E0%A4')).toBe(false);
  });
});
