import net from 'node:net';

/**
 * A TCP proxy in front of a real service (PostgreSQL, Redis) that a test can cut and restore: to the app it looks
 * exactly like the service going away and coming back, while other tests on the same machine keep using the service.
 */
export interface CuttableProxy {
  /** host:port the app should connect to. */
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  /** Drops every open connection and refuses new ones until `restore`. */
  cut(): void;
  /** Drops every open connection and holds new ones open without ever answering (a dead network path), until `restore`. */
  stall(): void;
  /** Accepts connections again. */
  restore(): void;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 (a free port) forwarding to `target` (e.g. `{ host: '127.0.0.1', port: 5432 }`). */
export async function startProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  const open = new Set<net.Socket>();
  const held = new Set<net.Socket>();
  let down = false;
  let stalled = false;
  const server = net.createServer((client) => {
    if (stalled) {
      held.add(client);
      client.on('error', () => held.delete(client)).on('close', () => held.delete(client));
      return;
    }
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    urlFor(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut() {
      down = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    stall() {
      stalled = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    restore() {
      down = false;
      stalled = false;
      for (const s of held) s.destroy();
      held.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        down = true;
        for (const s of [...open, ...held]) s.destroy();
        server.close(() => resolve());
      }),
  };
}
