import type { Socket } from 'socket.io-client';
import type { Role } from '#shared/roles';
import { createTestApp, type TestContext } from './app.ts';
import { listenForSockets } from './socket.ts';

type Person = Awaited<ReturnType<TestContext['buildUser']>>;

export interface LiveTestContext extends TestContext {
  /** A new user of `role` (see `buildUser`) with a connected socket. */
  connectUser(role: Role): Promise<Person & { socket: Socket }>;
}

/** A test app listening on a free port, so its users can connect real sockets; `close` disconnects them first. */
export async function createLiveTestApp(): Promise<LiveTestContext> {
  const t = await createTestApp();
  const live = await listenForSockets(t.app);
  return {
    ...t,
    async connectUser(role) {
      const person = await t.buildUser({ role });
      return { ...person, socket: await live.connect(person.token) };
    },
    async close() {
      live.disconnectAll();
      await t.close();
    },
  };
}
