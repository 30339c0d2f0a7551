import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createClient } from 'redis';
import type { RateLimitName, RateLimits } from '../config.ts';
import { errors, waitText } from '../errors.ts';

/** The answer of a limit check: allowed, or how long to wait. */
interface LimitResult {
  allowed: boolean;
  /** Seconds until the key may act again (0 when allowed). */
  retryAfterSeconds: number;
  /** What the key has used in the current window, this action included (past the limit too). */
  used: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's rate limits (config.limits), shared through Redis between processes when REDIS_URL is set. */
    limits: Limits;
  }
}

/** Counting and checking of the named limits of config.limits. Keys say who is limited (an IP, a user id ...). */
interface Limits {
  /** Counts one action of `key`; refused once the key has used up its limit in the current window. */
  take(name: RateLimitName, key: string): Promise<LimitResult>;
  /** Whether `key` has already used up its limit, without counting (for limits that count failures only). */
  check(name: RateLimitName, key: string): Promise<LimitResult>;
  /** Gives back one action `take` counted, once it turned out not to be what the limit counts (a correct login). */
  refund(name: RateLimitName, key: string): Promise<void>;
  /** Forgets what `key` has used (a correct login clears its account's failures). */
  reset(name: RateLimitName, key: string): Promise<void>;
  /** `take`, and a 429 with Retry-After and `message(wait)` when refused. */
  enforce(name: RateLimitName, key: string, reply: FastifyReply, message: (wait: string) => string): Promise<void>;
  /** True while Redis answers, false while it is away, undefined without Redis. */
  redisReady(): boolean | undefined;
}

const allowed = (used: number): LimitResult => ({ allowed: true, retryAfterSeconds: 0, used });
const refused = (res: RateLimiterRes): LimitResult => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  used: res.consumedPoints,
});

/**
 * Builds one limiter per named limit. With Redis, counts live in Redis (one limit for all processes); while Redis is
 * away each process falls back to its own in-memory count (the insurance limiter), so an outage neither blocks
 * everyone nor lifts the limits.
 */
export default fp(function limitsPlugin(
  app: FastifyInstance,
  opts: { limits: RateLimits; redisUrl?: string; keyPrefix: string },
  done: (err?: Error) => void,
) {
  let redis: ReturnType<typeof createClient> | undefined;
  if (opts.redisUrl) {
    // No offline queue: while Redis is away a command fails at once and the insurance limiter answers.
    redis = createClient({ url: opts.redisUrl, disableOfflineQueue: true });
    let warned = false;
    redis.on('error', (err: Error) => {
      if (!warned)
        app.log.warn({ err: { message: err.message } }, 'rate limits: redis unavailable, counting per process');
      warned = true;
    });
    redis.on('ready', () => (warned = false));
    // Not awaited: a process started while Redis is away serves at once, counting in memory (the insurance limiter)
    // until the client connects; node-redis keeps trying in the background. The promise settles only on success,
    // or fails when the app closes first.
    redis.connect().catch(() => undefined);
  }

  const limiters = new Map<RateLimitName, RateLimiterAbstract>();
  for (const [name, limit] of Object.entries(opts.limits) as [RateLimitName, RateLimits[RateLimitName]][]) {
    const base = { points: limit.points, duration: limit.seconds, keyPrefix: `${opts.keyPrefix}:rl:${name}` };
    limiters.set(
      name,
      redis
        ? new RateLimiterRedis({
            ...base,
            storeClient: redis,
            useRedisPackage: true,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(base),
          })
        : new RateLimiterMemory(base),
    );
  }
  const limiter = (name: RateLimitName) => limiters.get(name)!;

  const limits: Limits = {
    async take(name, key) {
      try {
        return allowed((await limiter(name).consume(key)).consumedPoints);
      } catch (res) {
        if (res instanceof RateLimiterRes) return refused(res);
        throw res;
      }
    },
    async check(name, key) {
      const res = await limiter(name).get(key);
      const limit = opts.limits[name];
      return res && res.consumedPoints >= limit.points ? refused(res) : allowed(res?.consumedPoints ?? 0);
    },
    async refund(name, key) {
      await limiter(name).reward(key, 1);
    },
    async reset(name, key) {
      await limiter(name).delete(key);
    },
    async enforce(name, key, reply, message) {
      const r = await limits.take(name, key);
      if (r.allowed) return;
      reply.header('retry-after', r.retryAfterSeconds);
      throw errors.rateLimited(message(waitText(r.retryAfterSeconds)));
    },
    redisReady: () => (redis ? redis.isReady : undefined),
  };
  app.decorate('limits', limits);
  app.addHook('onClose', async () => {
    if (!redis?.isOpen) return;
    // A client still waiting for Redis to come back would wait for ever on a polite quit.
    if (redis.isReady) await redis.quit().catch(() => undefined);
    else redis.destroy();
  });
  done();
});
