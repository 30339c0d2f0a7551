import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { innermostReason } from '../db/client';
import { UNAVAILABLE_MESSAGE } from '../errors';
import { socketCors } from '../lib/cors';
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
  let closing = false;
  const io = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    cors: socketCors(opts.corsOrigin),
    maxHttpBufferSize: 64 * 1024,
    connectionStateRecovery: undefined,
    // While the server stops, new connections are refused at the transport level, which clients retry.
    allowRequest: (_req, callback) => callback(closing ? 'Server is restarting' : null, !closing),
  });

  const redisClients: { quit(): Promise<unknown> }[] = [];
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
    let user: AuthUser | null;
    try {
      user = await app.userFromToken(typeof token === 'string' ? token : undefined);
    } catch (err) {
      // The token could not be checked (database away): a refusal the client retries, not an auth failure.
      app.log.warn({ reason: innermostReason(err) }, 'socket handshake: user lookup failed');
      return next(Object.assign(new Error(UNAVAILABLE_MESSAGE), { data: { code: 'UNAVAILABLE', retryable: true } }));
    }
    if (!user) return next(new Error('Authentication failed'));
    socket.data.user = user;
    next();
  });

  io.on('connection', (socket) => {
    const user = socket.data.user as AuthUser;
    void socket.join([userRoom(user.id), roleRoom(user.role)]);
  });

  app.decorate('io', io);
  // Sockets go first, before the HTTP server stops: Fastify's close waits for every connection, and a websocket
  // never turns idle. Closing the engine ends each client's transport, which the client sees as 'transport close'
  // and reconnects from (to this server once restarted, or another one); `disconnectSockets()` would say
  // 'io server disconnect', after which socket.io clients never reconnect by themselves.
  app.addHook('preClose', async () => {
    closing = true;
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    // Stop answering other processes first, so nothing is published on a closed connection.
    if (redisClients.length) io.of('/').adapter.close();
    // io.close() would also close the HTTP server it is attached to; Fastify closes that itself.
    for (const ns of io._nsps.values()) ns.sockets.clear();
    await Promise.allSettled(redisClients.map((c) => c.quit()));
  });
});
