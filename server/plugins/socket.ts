import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { AuthUser } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** Socket.IO server on the same port as HTTP. Rooms: `user:<id>` and `role:<role>`. */
    io: Server;
  }
}

/** Data kept on every authenticated socket. */
export interface SocketData {
  user: AuthUser;
}
export type AppSocket = Socket<Record<string, (...args: never[]) => void>, Record<string, (...args: never[]) => void>, Record<string, never>, SocketData>;

/** Room of one user's sockets (all tabs, all processes). */
export const userRoom = (id: string) => `user:${id}`;
/** Room of every connected user of a role. */
export const roleRoom = (role: string) => `role:${role}`;

/**
 * Socket.IO with JWT handshake auth (`auth: { token }`). A missing or bad token fails the connection
 * (the client sees connect_error). With REDIS_URL, the Redis adapter shares rooms between processes.
 */
export default fp(async function socketPlugin(app: FastifyInstance, opts: { redisUrl?: string; corsOrigin?: string }) {
  const io = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    cors: opts.corsOrigin ? { origin: opts.corsOrigin, credentials: true } : undefined,
    maxHttpBufferSize: 64 * 1024,
    connectionStateRecovery: undefined,
  });

  const redisClients: { quit(): Promise<unknown>; destroy(): void; isReady: boolean }[] = [];
  let closing = false;
  if (opts.redisUrl) {
    const pub = createClient({ url: opts.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (err) => app.log.error({ err }, 'redis pub error'));
    sub.on('error', (err) => app.log.error({ err }, 'redis sub error'));
    await Promise.all([pub.connect(), sub.connect()]);
    // The adapter publishes without awaiting; a failed publish (Redis gone, or a request answered while
    // shutting down) must be logged, not crash the process with an unhandled rejection.
    const publish = pub.publish.bind(pub);
    Object.defineProperty(pub, 'publish', {
      value: (...args: Parameters<typeof publish>) =>
        publish(...args).catch((err: unknown) => {
          if (!closing) app.log.warn({ err }, 'redis publish failed');
          return 0;
        }),
    });
    io.adapter(createAdapter(pub, sub));
    redisClients.push(pub, sub);
    app.log.info('socket.io: redis adapter enabled');
  }

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const user = await app.userFromToken(typeof token === 'string' ? token : undefined);
    if (!user) return next(new Error('Authentication failed'));
    socket.data.user = user;
    next();
  });

  io.on('connection', (socket) => {
    const user = socket.data.user as AuthUser;
    void socket.join([userRoom(user.id), roleRoom(user.role)]);
  });

  app.decorate('io', io);
  app.addHook('onClose', async () => {
    closing = true;
    // Stop answering other processes first, so nothing is published on a closed connection.
    // (Its unsubscribes are not awaited: sent to a client that is not connected, they would be rejected unhandled.)
    if (redisClients.length && redisClients.every((c) => c.isReady)) io.of('/').adapter.close();
    io.disconnectSockets(true);
    // io.close() would also close the HTTP server it is attached to; Fastify closes that itself.
    io.engine.close();
    for (const ns of io._nsps.values()) ns.sockets.clear();
    // node-redis 6: quit() on a client still reconnecting never settles (Redis away, or just back), so close hangs
    // (see redis/node-redis#2341: quit waits for a reconnect, which here never comes once the client is closing).
    await Promise.allSettled(redisClients.map(async (c) => (c.isReady ? c.quit() : c.destroy())));
  });
});
