import fs from 'node:fs';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * The one logger setup of the server (main.ts uses it, tests check it). Logs never hold query parameters,
 * request bodies, file bytes, password hashes or tokens, and every line is bounded:
 * - every object logged is walked before it is serialised: errors keep only name, code, a short message and a
 *   few stack frames (a failed Drizzle query's message and stack repeat its parameters, so its message becomes
 *   the SQL text alone); buffers become their size; long strings, deep objects and long arrays are cut; keys
 *   such as `password`, `token` or `params` are redacted;
 * - request URLs are logged without their query values (a search may be a person's e-mail address);
 * - the finished line is scrubbed of anything shaped like an argon2 hash or a JWT, and cut at LOG_LINE_MAX.
 */

/** Longest line written, in characters; a longer one (something the walk could not see into) is cut. */
export const LOG_LINE_MAX = 16 * 1024;
const STRING_MAX = 2048;
const MESSAGE_MAX = 500;
const DEPTH_MAX = 5;
const ITEMS_MAX = 20;
const KEYS_MAX = 50;
const STACK_FRAMES = 10;

const SECRET_KEY =
  /^(password|password_?hash|token|access_?token|authorization|cookie|set-cookie|secret|jwt|params|parameters)$/i;
const ARGON2_HASH = /\$argon2(?:id|i|d)\$[^\s"'\\]*/g;
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
const BEARER = /\b(bearer)\s+[\w.~+/=-]+/gi;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** Replaces argon2 hashes, JWTs and bearer credentials in `text`. */
function scrubSecrets(text: string): string {
  let out = text;
  if (out.includes('$argon2')) out = out.replace(ARGON2_HASH, '[hash]');
  if (out.includes('eyJ')) out = out.replace(JWT, '[token]');
  if (/bearer/i.test(out)) out = out.replace(BEARER, '$1 [token]');
  return out;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

/** Error text may quote the values of a failed statement: no secrets, no e-mail addresses, bounded. */
function cleanErrorText(text: string, max: number): string {
  return scrubSecrets(clip(text, max)).replace(EMAIL, '[email]');
}

/** What an error is logged as. */
interface SafeError {
  type: string;
  message: string;
  stack: string;
  code?: string;
  [detail: string]: unknown;
}

// PostgreSQL error fields that name things (never values). `detail` ("Failing row contains (...)"), `where`,
// `hint` and `internalQuery` can quote row values, so they are left out.
const ERROR_FIELDS = ['statusCode', 'severity', 'constraint', 'schema', 'table', 'column', 'routine'] as const;

/** The loggable form of any thrown value: name, code, a short message, a few stack frames, and its causes. */
function safeError(err: unknown, depth = 0): SafeError {
  if (typeof err !== 'object' || err === null)
    return { type: typeof err, message: cleanErrorText(String(err), MESSAGE_MAX), stack: '' };
  const e = err as Record<string, unknown> & { name?: unknown; message?: unknown; stack?: unknown; cause?: unknown };
  // Drizzle's DrizzleQueryError says "Failed query: <sql>\nparams: <every value>" (and its stack repeats that).
  const full = typeof e.message === 'string' ? e.message : '';
  const paramsAt = full.indexOf('\nparams: ');
  const message = paramsAt >= 0 ? full.slice(0, paramsAt) : full;
  const out: SafeError = {
    type: typeof e.name === 'string' ? clip(e.name, 100) : (err.constructor?.name ?? 'Error'),
    message: cleanErrorText(message, MESSAGE_MAX),
    stack: typeof e.stack === 'string' ? stackFrames(e.stack) : '',
  };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = clip(String(e.code), 60);
  for (const field of ERROR_FIELDS) {
    const v = e[field];
    if (typeof v === 'string' || typeof v === 'number') out[field] = typeof v === 'string' ? cleanErrorText(v, 100) : v;
  }
  if (e.cause !== undefined && e.cause !== null && depth < 3) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/** Only the `at ...` lines of a stack: its first lines repeat the message, which may hold anything. */
function stackFrames(stack: string): string {
  const frames: string[] = [];
  for (const line of stack.slice(0, 64 * 1024).split('\n')) {
    if (!/^\s+at /.test(line)) continue;
    frames.push(cleanErrorText(line.trim(), 300));
    if (frames.length === STACK_FRAMES) break;
  }
  return frames.join('\n');
}

/** A copy of a logged value with every part bounded (see the top of this file). */
function boundValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return clip(value, STRING_MAX);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return safeError(value);
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  if (depth >= DEPTH_MAX) return '[nested too deep]';
  if (Array.isArray(value)) {
    const items = value.slice(0, ITEMS_MAX).map((v: unknown) => boundValue(v, depth + 1));
    if (value.length > ITEMS_MAX) items.push(`… ${value.length - ITEMS_MAX} more`);
    return items;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  // Class instances (Fastify's request and reply, dates, ...) are left to the serializers; the line cap bounds the rest.
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (const key of keys.slice(0, KEYS_MAX)) {
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : boundValue((value as Record<string, unknown>)[key], depth + 1);
  }
  if (keys.length > KEYS_MAX) out['…'] = `${keys.length - KEYS_MAX} more keys`;
  return out;
}

/** A request URL with its query values left out: `/api/users?q=…&limit=…`. */
function safeUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return clip(url, 300);
  const names = url
    .slice(q + 1)
    .split('&')
    .slice(0, ITEMS_MAX)
    .map((pair) => `${clip(pair.split('=')[0] ?? '', 40)}=…`);
  return `${clip(url.slice(0, q), 300)}?${names.join('&')}`;
}

/** A line longer than LOG_LINE_MAX becomes a short line saying so, with its start. */
function cutLine(line: string): string {
  const level = /^\{"level":(\d+)/.exec(line)?.[1];
  const cut = {
    level: level ? Number(level) : 50,
    time: Date.now(),
    msg: `log line of ${line.length} characters cut to its start`,
    start: line.slice(0, 2000),
  };
  return `${JSON.stringify(cut)}\n`;
}

/** Applied by pino to every finished line. */
function boundLine(line: string): string {
  return scrubSecrets(line.length > LOG_LINE_MAX ? cutLine(line) : line);
}

type LogArgs = unknown[];
/** Fastify's logger options (pino's, plus Fastify's serializer types). */
type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/** Pino options for the server: level, the bounding hooks and serializers, and where lines go. */
export function loggerOptions(opts: {
  level: string;
  /** Where lines go (default: pino's stdout); see createLogDestination. */
  stream?: { write(line: string): void };
  /** Human-readable lines for a terminal (pino-pretty in a worker thread); ignored when `stream` is set. */
  pretty?: boolean;
}): LoggerOptions {
  return {
    level: opts.level,
    hooks: {
      logMethod(args: LogArgs, method: (...a: LogArgs) => void) {
        const [first, ...rest] = args;
        const bounded: LogArgs =
          first !== null && typeof first === 'object'
            ? [first instanceof Error ? { err: safeError(first) } : boundValue(first), ...rest]
            : args;
        method.apply(
          this,
          bounded.map((a) => (typeof a === 'string' ? clip(a, STRING_MAX) : a)),
        );
      },
      streamWrite: boundLine,
    },
    serializers: {
      err: (err: unknown) => (err instanceof Error ? safeError(err) : (err as SafeError)),
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: safeUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...(opts.stream
      ? { stream: opts.stream }
      : opts.pretty
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
        : {}),
  };
}

/**
 * Log lines to a file descriptor (stdout by default) with asynchronous writes, a bounded queue, and an exit-time
 * flush that cannot hang. It replaces pino's own stdout destination (sonic-boom 4.2.1), whose exit flush
 * (`flushSync`) retries EAGAIN from a stalled reader for ever and, once that reader dies, loops on EPIPE for ever:
 * its catch block only rethrows retryable codes (`shouldRetry && !retryEAGAIN(...)`), so every other error is
 * slept on and retried. Upstream: https://github.com/pinojs/sonic-boom/issues/65 (unbounded EAGAIN retries;
 * the opt-in bound of https://github.com/pinojs/sonic-boom/pull/250 is not in 4.2.1) and the same catch block
 * reviewed in https://github.com/oven-sh/bun/pull/34505 ("flushSync() infinite-loops on any non-EAGAIN/EBUSY
 * writeSync error"). Here any write error other than EAGAIN ends logging for good, and the exit flush gives up
 * after FLUSH_SYNC_MS.
 */
export class LogDestination {
  private queue: string[] = [];
  private queuedChars = 0;
  private inflight: Buffer | null = null;
  /** An async write is in the thread pool (its callback has not run yet). */
  private writing = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private waiters: (() => void)[] = [];
  /** Lines dropped because the reader was too slow for the queue's bound. */
  dropped = 0;
  /** The reader is gone (EPIPE or another hard error): nothing more is written. */
  broken = false;

  private readonly fd: number;
  private readonly maxQueuedChars: number;

  constructor(fd: number, maxQueuedChars = 8 * 1024 * 1024) {
    this.fd = fd;
    this.maxQueuedChars = maxQueuedChars;
  }

  /** Queues a line; drops it when a stalled reader has let the queue grow past its bound. */
  write(line: string): boolean {
    if (this.broken) return true;
    if (this.queuedChars + line.length > this.maxQueuedChars) {
      this.dropped += 1;
      return true;
    }
    this.queue.push(line);
    this.queuedChars += line.length;
    if (!this.inflight) this.next();
    return true;
  }

  /** Pino's `logger.flush(cb)`: calls back once everything queued is written (or cannot be). */
  flush(cb: (err?: Error) => void): void {
    if (this.idle()) cb();
    else this.waiters.push(() => cb());
  }

  /** Resolves once everything queued is written, the reader is gone, or `timeoutMs` has passed. */
  drain(timeoutMs: number): Promise<void> {
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /**
   * Writes what is still queued before the process exits, synchronously, giving up at the first hard error and
   * after FLUSH_SYNC_MS of a reader that does not read: losing the last lines beats never exiting.
   */
  flushSync(): void {
    if (this.broken) return;
    clearTimeout(this.retryTimer);
    // A write still in the thread pool may yet land; only what it does not hold is written here.
    const parts = this.writing || !this.inflight ? [] : [this.inflight];
    if (this.queue.length) parts.push(Buffer.from(this.queue.join('')));
    this.queue = [];
    this.queuedChars = 0;
    let pending = Buffer.concat(parts);
    const deadline = Date.now() + LogDestination.FLUSH_SYNC_MS;
    while (pending.length > 0) {
      try {
        pending = pending.subarray(fs.writeSync(this.fd, pending));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN' || Date.now() > deadline) {
          this.broken = (err as NodeJS.ErrnoException).code !== 'EAGAIN';
          return;
        }
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      }
    }
  }

  /** How long the exit flush waits for a reader that does not read. */
  static FLUSH_SYNC_MS = 1000;

  private idle(): boolean {
    return this.broken || (!this.inflight && this.queue.length === 0);
  }

  private next(): void {
    if (!this.inflight) {
      if (this.queue.length === 0) {
        const waiters = this.waiters;
        this.waiters = [];
        for (const w of waiters) w();
        return;
      }
      this.inflight = Buffer.from(this.queue.join(''));
      this.queue = [];
      this.queuedChars = 0;
    }
    this.writing = true;
    fs.write(this.fd, this.inflight, 0, this.inflight.length, null, (err, written) => {
      this.writing = false;
      if (err) {
        if (err.code === 'EAGAIN') {
          // The reader is slow: try again shortly, without blocking the event loop.
          this.retryTimer = setTimeout(() => this.next(), 50);
          this.retryTimer.unref();
          return;
        }
        this.fail();
        return;
      }
      this.inflight = written < this.inflight!.length ? this.inflight!.subarray(written) : null;
      this.next();
    });
  }

  private fail(): void {
    this.broken = true;
    this.inflight = null;
    this.queue = [];
    this.queuedChars = 0;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

/**
 * The server's stdout destination, flushed (boundedly) when the process exits. Reading `process.stdout.fd`
 * makes Node open stdout, which puts a pipe in non-blocking mode: a stalled reader then answers EAGAIN
 * instead of blocking a thread-pool thread.
 */
export function createLogDestination(): LogDestination {
  const destination = new LogDestination(process.stdout.fd);
  process.once('exit', () => destination.flushSync());
  return destination;
}
