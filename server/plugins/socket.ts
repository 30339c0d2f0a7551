import { setTimeout as sleep } from 'node:timers/promises';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import {
  RESYNC_EVENT,
  type ClientToServerEvents,
  type InterServerEvents,
  type ServerToClientEvents,
  type SocketData,
} from '#shared/realtime';
import { innermostReason } from '../db/client.ts';
import { UNAVAILABLE_MESSAGE } from '../errors.ts';
import { socketCors } from '../lib/cors.ts';
import type { AuthUser } from '../lib/caller.ts';
import { roleRoom, sessionRoom, userRoom, type AppServer } from '../lib/realtime.ts';
import { tokenHashOf } from '../lib/session-token.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Socket.IO server on the same port as HTTP. Rooms: `user:<id>` and `role:<role>`. */
    io: AppServer;
    /** The link between server processes (Redis), for readiness checks and for catching up after an outage. */
    realtime: RealtimeLink;
  }
}

/** The state of the link between server processes: 'off' without REDIS_URL. */
export type LinkState = 'ready' | 'unavailable' | 'off';

/** What the rest of the app may know about the Redis link of Socket.IO. */
interface RealtimeLink {
  state(): LinkState;
  /**
   * Whether the cross-process part of the broadcast emitted just before (synchronously, `io.to(...).emit(...)`)
   * reached Redis. True without Redis (or when nothing needed publishing); false when Redis refused it, was away,
   * or did not answer in time.
   */
  published(): Promise<boolean>;
  /** Runs `listener` each time the link is back after an outage (subscriptions restored). */
  onRestored(listener: () => void): void;
}

/** How long a publish may take before its message is treated as not sent. */
const PUBLISH_TIMEOUT_MS = 3000;
/** How long a starting process waits for Redis before it serves without it (and links up once Redis answers). */
const REDIS_START_WAIT_MS = 2000;

/**
 * Socket.IO with JWT handshake auth (`auth: { token }`). A missing or bad token fails the connection
 * (the client sees connect_error). With REDIS_URL, the Redis adapter shares rooms between processes.
 */
export default fp(async function socketPlugin(app: FastifyInstance, opts: { redisUrl?: string; corsOrigin?: string }) {
  let closing = false;
  const io = new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>(app.server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    cors: socketCors(opts.corsOrigin),
    maxHttpBufferSize: 64 * 1024,
    // While the server stops, new connections are refused at the transport level, which clients retry.
    allowRequest: (_req, callback) => callback(closing ? 'Server is restarting' : null, !closing),
    connectionStateRecovery: undefined,
  });

  const redisClients: { isReady: boolean; isOpen: boolean; quit(): Promise<unknown>; destroy(): void }[] = [];
  let lastPublish: Promise<boolean> | undefined;
  const restoredListeners: (() => void)[] = [];
  if (opts.redisUrl) {
    // No offline queue: while Redis is away a publish (or a count of the processes) fails at once, so the sender
    // can be told, instead of waiting in memory for a reconnect that may never come.
    const pub = createClient({ url: opts.redisUrl, disableOfflineQueue: true });
    const sub = pub.duplicate();
    let down = false;
    const lost = (err?: unknown) => {
      if (closing || down) return;
      down = true;
      app.log.warn(
        { err: err instanceof Error ? { message: err.message } : undefined },
        'socket.io: redis link lost, events between processes are not delivered until it returns',
      );
    };
    const back = () => {
      if (closing || !down || !installed || !pub.isReady || !sub.isReady) return;
      down = false;
      app.log.info('socket.io: redis link back, clients told to resync');
      // Whatever other processes published meanwhile never reached this process's clients.
      io.local.emit(RESYNC_EVENT);
      for (const listener of restoredListeners) listener();
    };
    for (const client of [pub, sub]) {
      // Every failed reconnect attempt is an error event: one warning per outage is enough.
      client.on('error', lost);
      client.on('ready', back);
    }
    // Connected in the background: a process started while Redis is away serves at once, its live events reaching
    // its own clients, and links up with the other processes when Redis answers (node-redis keeps trying).
    const connected = Promise.all([pub.connect(), sub.connect()]).then(
      () => true,
      () => false,
    );
    // The adapter publishes without awaiting; a failed publish (Redis gone, or a request answered while shutting
    // down) must not crash the process with an unhandled rejection. Its outcome is kept for `published()`.
    const publish = pub.publish.bind(pub);
    Object.defineProperty(pub, 'publish', {
      value: (...args: Parameters<typeof publish>) => {
        let timer: NodeJS.Timeout | undefined;
        const sent = publish(...args).then(
          () => true,
          (err: unknown) => {
            lost(err);
            return false;
          },
        );
        lastPublish = Promise.race([
          sent,
          new Promise<boolean>((resolve) => (timer = setTimeout(resolve, PUBLISH_TIMEOUT_MS, false))),
        ]).finally(() => clearTimeout(timer));
        return sent.then((ok) => (ok ? 1 : 0));
      },
    });
    redisClients.push(pub, sub);
    let installed = false;
    const install = () => {
      installed = true;
      io.adapter(createAdapter(pub, sub, { requestsTimeout: PUBLISH_TIMEOUT_MS }));
      app.log.info('socket.io: redis adapter enabled');
    };
    // The adapter subscribes as it is made, which fails while Redis is away: it is made once both clients are up.
    const atStart = await Promise.race([connected, sleep(REDIS_START_WAIT_MS).then(() => false)]);
    if (atStart) install();
    else {
      app.log.warn('socket.io: redis unavailable at start, live events stay within this process until it answers');
      void connected.then((ok) => {
        if (!ok || closing) return;
        install();
        // The sockets that connected meanwhile joined their rooms in the in-process adapter the new one replaced:
        // their transports are closed, so the clients reconnect at once, join again and resync.
        for (const socket of io.of('/').sockets.values()) socket.conn.close();
        app.log.info('socket.io: redis link up, clients connected meanwhile reconnect');
      });
    }
  }
  const [pubClient, subClient] = redisClients;
  const realtime: RealtimeLink = {
    state: () => (!pubClient || !subClient ? 'off' : pubClient.isReady && subClient.isReady ? 'ready' : 'unavailable'),
    published() {
      const p = lastPublish;
      lastPublish = undefined;
      return p ?? Promise.resolve(true);
    },
    onRestored: (listener) => void restoredListeners.push(listener),
  };

  /** The user of a handshake's token, or the refusal the client gets as its connect_error. Never rejects. */
  const handshakeUser = async (auth: Record<string, unknown> | undefined): Promise<AuthUser | Error> => {
    const token = auth?.token;
    try {
      const user = await app.userFromToken(typeof token === 'string' ? token : undefined);
      return user ?? new Error('Authentication failed');
    } catch (err) {
      // The token could not be checked (database away): a refusal the client retries, not an auth failure.
      app.log.warn({ reason: innermostReason(err) }, 'socket handshake: user lookup failed');
      return Object.assign(new Error(UNAVAILABLE_MESSAGE), { data: { code: 'UNAVAILABLE', retryable: true } });
    }
  };
  io.use((socket, next) => {
    void handshakeUser(socket.handshake.auth).then((result) => {
      if (result instanceof Error) return next(result);
      socket.data.user = result;
      next();
    });
  });

  io.on('connection', (socket) => {
    const { user } = socket.data;
    const token = socket.handshake.auth?.token as string;
    // The session's own room: logging out closes the sockets opened with that token, on every process.
    void socket.join([userRoom(user.id), roleRoom(user.role), sessionRoom(tokenHashOf(token))]);
  });

  app.decorate('io', io);
  app.decorate('realtime', realtime);
  // Sockets go first, before the HTTP server stops: Fastify's close waits for every connection, and a websocket
  // never turns idle. Closing the engine ends each client's transport, which the client sees as 'transport close'
  // and reconnects from (to this server once restarted, or another one); `disconnectSockets()` would say
  // 'io server disconnect', after which socket.io clients never reconnect by themselves.
  app.addHook('preClose', (done) => {
    closing = true;
    io.engine.close();
    done();
  });
  app.addHook('onClose', async () => {
    // Stop answering other processes first, so nothing is published on a closed connection. Without Redis there is
    // nothing to unsubscribe from (and the unsubscribe would fail unhandled).
    if (subClient?.isReady) await io.of('/').adapter.close();
    for (const ns of io._nsps.values()) ns.sockets.clear();
    // node-redis 6: quit() on a client still reconnecting never settles (Redis away, or just back), so close hangs
    // (see redis/node-redis#2341).
    await Promise.allSettled(redisClients.map(async (c) => (c.isReady ? c.quit() : c.isOpen && c.destroy())));
  });
});
