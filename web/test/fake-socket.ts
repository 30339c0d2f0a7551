/**
 * The browser's end of the socket, driven by the test as the server would. A test file puts it in place of
 * Socket.IO with `vi.mock('socket.io-client', () => import('.../test/fake-socket.ts'))`; `lastSocket()` is the
 * socket the app opened last, and its `serverSends` delivers an event to the app's listeners. Only what the app
 * uses is here.
 */
class FakeSocket {
  connected = false;
  active = true;
  private readonly listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  readonly io = { on: () => undefined, removeAllListeners: () => undefined };
  on(event: string, fn: (...args: unknown[]) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(fn);
    return this;
  }
  off(event: string, fn: (...args: unknown[]) => void) {
    this.listeners.get(event)?.delete(fn);
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  emit() {
    return this;
  }
  timeout() {
    return { emitWithAck: () => new Promise(() => undefined) };
  }
  connect() {
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  serverSends(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    for (const fn of [...(this.listeners.get(event) ?? [])]) fn(...args);
  }
}

let last: FakeSocket | undefined;

/** Stands in for socket.io-client's `io`: every connection the app opens is a new fake. */
export function io() {
  last = new FakeSocket();
  return last;
}

/** The socket the app opened last (undefined until it connects). */
export const lastSocket = () => last;
