import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { THEMES } from '#shared/theme-colors';
import { THEME_EVENT } from '#shared/realtime';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ SHOP_UPI_ID: 'clinic@upi', CLINIC_NAME: 'Happy Paws' });
});
afterAll(() => t.close());

describe('site theme', () => {
  it('is white until an admin picks another', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/theme' });
    expect(res.json()).toEqual({ theme: 'white' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('accepts each of the 13 spec colours and nothing else', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    expect(THEMES).toHaveLength(13);
    for (const theme of THEMES) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/settings/theme',
        headers: t.auth(admin.token),
        payload: { theme },
      });
      expect(res.json()).toEqual({ theme });
      expect((await t.app.inject({ method: 'GET', url: '/api/settings/theme' })).json()).toEqual({ theme });
    }
    for (const theme of ['black', 'Pink', '', '#ff0000', null]) {
      expectError(
        await t.app.inject({
          method: 'PUT',
          url: '/api/settings/theme',
          headers: t.auth(admin.token),
          payload: { theme },
        }),
        400,
        'VALIDATION',
        /^Theme must be one of/,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/theme' })).json()).toEqual({ theme: 'violet' });
  });

  it('a change is pushed live to connected browsers', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const viewer = await t.buildUser();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket: Socket = connect(address, {
      transports: ['websocket'],
      auth: { token: viewer.token },
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const received = new Promise<unknown>((resolve) => socket.once(THEME_EVENT, resolve));
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings/theme',
        headers: t.auth(admin.token),
        payload: { theme: 'gold' },
      });
      expect(await received).toEqual({ theme: 'gold' });
    } finally {
      socket.close();
    }
  });
});

describe('GET /api/config', () => {
  it('exposes only the whitelisted public settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      upiId: 'clinic@upi',
      clinic: { name: 'Happy Paws' },
      slot: { open: '09:00', close: '18:00' },
    });
    expect(JSON.stringify(res.json())).not.toMatch(/secret|JWT|DATABASE|ADMIN_PASSWORD/i);
  });
});
