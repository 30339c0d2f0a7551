import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConnected, openSocket, refusal } from '../test/socket.ts';
import { createTestApp, type TestContext } from '../test/app.ts';

let t: TestContext;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());

const disconnected = (socket: ReturnType<typeof openSocket>) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

describe('admin changes reach open sockets at once', () => {
  it("drops a demoted employee's socket; the reconnect joins the customer rooms, not the staff ones", async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const employee = await t.buildUser({ role: 'employee' });
    const socket = await openConnected(baseUrl, employee.token);
    const gone = disconnected(socket);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${employee.user.id}/role`,
      headers: t.auth(admin.token),
      payload: { role: 'user' },
    });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');

    const again = await openConnected(baseUrl, employee.token);
    const rooms = [...(t.app.io.of('/').sockets.get(again.id!)?.rooms ?? [])];
    expect(rooms).toContain('role:user');
    expect(rooms).not.toContain('role:employee');
    again.close();
  });

  it("drops a deleted user's socket, and the token no longer connects", async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const customer = await t.buildUser({ role: 'user' });
    const socket = await openConnected(baseUrl, customer.token);
    const gone = disconnected(socket);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${customer.user.id}`,
      headers: t.auth(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    const err = await refusal(openSocket(baseUrl, customer.token));
    expect(err.message).toBe('Authentication failed');
  });
});
