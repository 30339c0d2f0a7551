import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:mm (24-hour)');
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const bool = z.preprocess(
  (v) => (typeof v !== 'string' ? v : v === '' ? undefined : v.toLowerCase()),
  z.enum(['true', 'false', '1', '0']).optional(),
);

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Fastify's `trustProxy` from TRUST_PROXY: false (trust nobody), a hop count, or the proxies' addresses. */
function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): false | number | string[] {
  if (value === undefined) return false;
  const v = value.trim();
  if (v.toLowerCase() === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        "true would let any client choose its own address: give the number of proxy hops or the proxies' addresses",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 100) return hops === 0 ? false : hops;
  }
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => {
    if (PROXY_RANGE_NAMES.has(e)) return false;
    const [addr = '', bits, ...rest] = e.split('/');
    const kind = isIP(addr);
    if (!kind || rest.length) return true;
    if (bits === undefined) return false;
    return !/^\d+$/.test(bits) || Number(bits) > (kind === 4 ? 32 : 128);
  });
  if (!entries.length || bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a number of proxy hops (1-100) or comma-separated proxy addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1); not ${JSON.stringify(bad[0] ?? v)}`,
    });
    return z.NEVER;
  }
  return entries;
}

/** Every environment variable the server reads, with its default. Documented in README.md and .env.example. */
const EnvSchema = z.object({
  /** development | production | test: production insists on real secrets. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Interface and port the HTTP server listens on. */
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where the embedded database, uploaded files (files/), the generated dev secret and the mail outbox live. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://... for production; unset = embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().url('must be a postgres:// URL').optional()),
  /** redis://... lets several server processes share chat rooms. */
  REDIS_URL: z.preprocess(emptyToUndefined, z.string().url('must be a redis:// URL').optional()),
  /** HS256 signing secret, at least 32 characters; generated under DATA_DIR in development when unset. */
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * The key of the unsubscribe links in reminder e-mails, at least 32 characters; when unset, a key derived from
   * JWT_SECRET for this use alone (HKDF), so a link's signature never doubles as a session's.
   */
  UNSUBSCRIBE_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * On SIGTERM, how long the process keeps serving with /readyz answering 503 before it closes its listener, so a
   * load balancer has noticed and sends new requests elsewhere (milliseconds; 0 closes at once).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
  /** Token lifetime, e.g. 7d or 12h. */
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 7d, 12h or 30m')
    .default('7d'),
  /** Origin allowed by CORS (the web app's address when served elsewhere). */
  CORS_ORIGIN: z.preprocess(emptyToUndefined, z.string().optional()),
  /** First admin, created at start when both are set (idempotent). */
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  /** Seed demo accounts of each role on an empty embedded database (default: on for the embedded DB). */
  SEED_DEMO: bool,
  /** smtp(s)://user:pass@host:port; unset = .eml files under DATA_DIR/outbox. */
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Pawcare <no-reply@pawcare.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Failed logins per 15 minutes from one IP address (successful logins never count). */
  LOGIN_RATE_LIMIT_IP: z.coerce.number().int().min(1).default(20),
  /** Failed logins per 15 minutes for one account from one IP address, so a stranger elsewhere cannot lock its owner out. */
  LOGIN_RATE_LIMIT_EMAIL: z.coerce.number().int().min(1).default(5),
  /** Sign-ups per hour from one IP address. */
  REGISTER_RATE_LIMIT_IP: z.coerce.number().int().min(1).default(10),
  /** Password-reset requests per hour from one IP address (more get a 429). */
  FORGOT_PASSWORD_RATE_LIMIT_IP: z.coerce.number().int().min(1).default(10),
  /** Reset mails per hour to one e-mail address (more requests get the same answer, but no mail). */
  FORGOT_PASSWORD_RATE_LIMIT_EMAIL: z.coerce.number().int().min(1).default(3),
  /** Verification mails one signed-in person may ask for again per hour. */
  VERIFICATION_RESEND_RATE_LIMIT: z.coerce.number().int().min(1).default(3),
  /** Booking attempts per 10 minutes by one customer. */
  BOOKING_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /**
   * First value of the clinic settings' cap on upcoming bookings per customer (admins change it at /admin/settings):
   * one more is refused until one is canceled.
   */
  BOOKING_MAX_OPEN: z.coerce.number().int().min(1).max(1000).default(6),
  /** Orders placed per 10 minutes by one customer. */
  ORDER_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * Vaccination certificates (PDFs made) and shared links one customer may ask for per 10 minutes; staff printing is
   * not counted.
   */
  CERTIFICATE_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Invoice and credit-note PDFs one customer may ask for per 10 minutes; staff printing is not counted. */
  INVOICE_PDF_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Changes to one customer's cart per minute (each stepper press is one); reading the cart is not counted. */
  CART_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  /**
   * API requests one client may make per minute, whatever they are: per account when signed in, per address
   * otherwise (shared through Redis). A screen loads with a few; a client far past it is flooding.
   */
  REQUEST_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** Chat messages a person may send at once; the allowance refills at CHAT_RATE_PER_SECOND. */
  CHAT_RATE_BURST: z.coerce.number().int().min(1).default(20),
  CHAT_RATE_PER_SECOND: z.coerce.number().min(0.01).default(2),
  /**
   * Which proxies' X-Forwarded-For to believe: unset = none (the client is the socket's address), a number = that
   * many proxy hops in front of the app, else comma-separated proxy addresses or CIDRs.
   */
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()).transform(parseTrustProxy),
  /** Prefix of every key this app keeps in Redis (rate limits), so several deployments can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letters, digits, _ : . - only')
    .default('pawcare'),
  /**
   * First values of the clinic settings (stored in the database at the first start, then changed by admins at
   * /admin/settings): opening and closing time of the open weekdays and the slot length (clinic-local).
   */
  SLOT_OPEN: hhmm.default('09:00'),
  SLOT_CLOSE: hhmm.default('18:00'),
  SLOT_MINUTES: z.coerce.number().int().min(5).max(240).default(30),
  /** Seats per time of a service that has no capacity of its own. */
  SLOT_CAPACITY: z.coerce.number().int().min(1).max(100).default(2),
  /** IANA time zone of the clinic. */
  CLINIC_TZ: z.string().default('Asia/Kolkata'),
  /**
   * Hospital info prefilled when a booking is confirmed. CLINIC_HOURS' weekdays ("Mon-Sat ...") are also the first
   * open weekdays of the clinic settings; the hours the confirmation shows then come from those settings.
   */
  CLINIC_NAME: z.string().default('Pawcare Pet Clinic'),
  CLINIC_ADDRESS: z.string().default('12 Park Street, Kolkata 700016'),
  CLINIC_PHONE: z.string().default('9876543210'),
  CLINIC_EMAIL: z.string().default('clinic@pawcare.local'),
  CLINIC_HOURS: z.string().default('Mon-Sat 09:00-18:00'),
  /**
   * The address customers open the app at, for links in e-mails; unset = http://localhost:PORT. When set, people's
   * pictures (`image`) are answered as absolute URLs under it too, for clients served from elsewhere (decision 043).
   */
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url('must be an http(s):// URL').optional()),
  /** How many days before a visit's next-due date (a booster, a check) the customer is reminded. */
  REMINDER_DAYS_BEFORE: z.coerce.number().int().min(1).max(60).default(7),
  /**
   * Days after a vaccination or treatment's due date that the customer is reminded again while it is not given
   * (comma-separated, ascending, each 1-365): one week and one month overdue by default.
   */
  CARE_OVERDUE_REMINDER_DAYS: z
    .string()
    .default('7,30')
    .transform((v, ctx) => {
      const days = v.split(',').map((d) => Number(d.trim()));
      const fits = days.every((d, i) => Number.isInteger(d) && d >= 1 && d <= 365 && (i === 0 || d > days[i - 1]!));
      if (fits && days.length <= 5) return days;
      ctx.addIssue({
        code: 'custom',
        message: 'must be up to 5 ascending whole numbers of days from 1 to 365, like 7,30',
      });
      return z.NEVER;
    }),
  /** How often, in seconds, unpaid UPI orders whose hold ran out are looked for and canceled (decision 038). */
  ORDER_HOLD_CHECK_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /**
   * Bytes one account may keep in uploads (pet photos, archived pets' included), counted after photos are downscaled;
   * an upload past it is refused with 413. 25 MB holds about 250 photos at the stored size.
   */
  STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(25 * 1024 * 1024),
  /** The shop's UPI payee for the checkout QR code. */
  SHOP_UPI_ID: z.string().default('pawcare@upi'),
  SHOP_UPI_NAME: z.string().default('Pawcare Pet Shop'),
});

type Env = z.infer<typeof EnvSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'UNSUBSCRIBE_SECRET' | 'SEED_DEMO' | 'PUBLIC_URL'> {
  JWT_SECRET: string;
  /** The unsubscribe links' own key: UNSUBSCRIBE_SECRET, or derived from JWT_SECRET for this use alone. */
  UNSUBSCRIBE_SECRET: string;
  /** Base of links in e-mails, without a trailing slash. */
  PUBLIC_URL: string;
  /**
   * PUBLIC_URL was set (not the localhost default): e-mails then show the clinic's logo served from it, and answers
   * give people's pictures as absolute URLs under it (decision 043).
   */
  publicUrlGiven: boolean;
  SEED_DEMO: boolean;
  /** Every rate limit of the app, in one place (derived from the *_RATE_LIMIT* variables). */
  limits: RateLimits;
  /** Absolute DATA_DIR. */
  dataDir: string;
  /** Warnings to log once the logger exists. */
  warnings: string[];
}

/** A limit: at most `points` actions per `seconds` for one key. */
interface RateLimit {
  points: number;
  seconds: number;
}

/** The names of the app's rate limits. */
export type RateLimitName =
  | 'loginFailuresPerIp'
  | 'loginFailuresPerAccountIp'
  | 'passwordFailures'
  | 'register'
  | 'forgotPasswordPerIp'
  | 'forgotPasswordPerEmail'
  | 'verificationResend'
  | 'booking'
  | 'order'
  | 'cart'
  | 'certificate'
  | 'invoicePdf'
  | 'chat'
  | 'request';
export type RateLimits = Record<RateLimitName, RateLimit>;

/** The one table of limits every route reads: keys are per IP, per account-and-IP or per signed-in user. */
function rateLimitsOf(
  e: Pick<
    Env,
    | 'LOGIN_RATE_LIMIT_IP'
    | 'LOGIN_RATE_LIMIT_EMAIL'
    | 'REGISTER_RATE_LIMIT_IP'
    | 'FORGOT_PASSWORD_RATE_LIMIT_IP'
    | 'FORGOT_PASSWORD_RATE_LIMIT_EMAIL'
    | 'VERIFICATION_RESEND_RATE_LIMIT'
    | 'BOOKING_RATE_LIMIT'
    | 'ORDER_RATE_LIMIT'
    | 'CART_RATE_LIMIT'
    | 'CERTIFICATE_RATE_LIMIT'
    | 'INVOICE_PDF_RATE_LIMIT'
    | 'REQUEST_RATE_LIMIT'
    | 'CHAT_RATE_BURST'
    | 'CHAT_RATE_PER_SECOND'
  >,
): RateLimits {
  return {
    loginFailuresPerIp: { points: e.LOGIN_RATE_LIMIT_IP, seconds: 15 * 60 },
    loginFailuresPerAccountIp: { points: e.LOGIN_RATE_LIMIT_EMAIL, seconds: 15 * 60 },
    // Wrong current passwords of a change, per account: a stolen session cannot try passwords one after another.
    passwordFailures: { points: e.LOGIN_RATE_LIMIT_EMAIL, seconds: 15 * 60 },
    register: { points: e.REGISTER_RATE_LIMIT_IP, seconds: 60 * 60 },
    forgotPasswordPerIp: { points: e.FORGOT_PASSWORD_RATE_LIMIT_IP, seconds: 60 * 60 },
    forgotPasswordPerEmail: { points: e.FORGOT_PASSWORD_RATE_LIMIT_EMAIL, seconds: 60 * 60 },
    verificationResend: { points: e.VERIFICATION_RESEND_RATE_LIMIT, seconds: 60 * 60 },
    booking: { points: e.BOOKING_RATE_LIMIT, seconds: 10 * 60 },
    order: { points: e.ORDER_RATE_LIMIT, seconds: 10 * 60 },
    cart: { points: e.CART_RATE_LIMIT, seconds: 60 },
    certificate: { points: e.CERTIFICATE_RATE_LIMIT, seconds: 10 * 60 },
    invoicePdf: { points: e.INVOICE_PDF_RATE_LIMIT, seconds: 10 * 60 },
    request: { points: e.REQUEST_RATE_LIMIT, seconds: 60 },
    // A fixed window as long as it takes the bucket to refill: a burst at once, then the steady rate.
    chat: { points: e.CHAT_RATE_BURST, seconds: Math.max(1, Math.round(e.CHAT_RATE_BURST / e.CHAT_RATE_PER_SECOND)) },
  };
}

/** Thrown when the environment is invalid; its message names every bad variable. */
export class ConfigError extends Error {}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Parses the environment once. Fails fast, listing every bad variable by name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
  }
  if (parsed.success) {
    const e = parsed.data;
    if (!isValidTimeZone(e.CLINIC_TZ)) problems.push('CLINIC_TZ: not a known time zone');
    if (e.SLOT_OPEN >= e.SLOT_CLOSE) problems.push('SLOT_CLOSE: must be later than SLOT_OPEN');
    else if (minutesOf(e.SLOT_CLOSE) - minutesOf(e.SLOT_OPEN) < e.SLOT_MINUTES)
      problems.push('SLOT_MINUTES: one slot must fit between SLOT_OPEN and SLOT_CLOSE');
    if (e.NODE_ENV === 'production' && !e.JWT_SECRET) problems.push('JWT_SECRET: required in production');
    else if (e.NODE_ENV === 'production' && e.JWT_SECRET && !variedEnough(e.JWT_SECRET))
      problems.push(
        'JWT_SECRET: too little variety for production (a repeated word or character); use a random value, e.g. `openssl rand -base64 48`',
      );
    if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD))
      problems.push('ADMIN_EMAIL/ADMIN_PASSWORD: set both or neither');
    if (e.ADMIN_PASSWORD && e.ADMIN_PASSWORD.length < 6) problems.push('ADMIN_PASSWORD: must be at least 6 characters');
  }
  if (problems.length || !parsed.success) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const warnings: string[] = [];
  let secret = e.JWT_SECRET;
  if (!secret && overrides.JWT_SECRET === undefined) {
    secret = devSecret(dataDir);
    warnings.push(
      `JWT_SECRET not set: using a generated development secret kept in ${path.join(dataDir, 'jwt-secret')}`,
    );
  }
  if (e.NODE_ENV === 'production' && !e.DATABASE_URL) {
    warnings.push(
      'DATABASE_URL not set in production: running on the embedded PGlite database, which is NOT durable ' +
        '(no fsync, one connection). Set DATABASE_URL=postgres://... for real use.',
    );
  }
  const seedFlag = e.SEED_DEMO === undefined ? !e.DATABASE_URL : e.SEED_DEMO === 'true' || e.SEED_DEMO === '1';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const merged = {
    ...e,
    JWT_SECRET: secret ?? '',
    SEED_DEMO: seedFlag,
    PUBLIC_URL: publicUrl,
    publicUrlGiven: e.PUBLIC_URL !== undefined || overrides.PUBLIC_URL !== undefined,
    dataDir,
    warnings,
    ...overrides,
  };
  // Limits follow the variables they come from, overridden ones included (tests pass low values).
  return {
    ...merged,
    UNSUBSCRIBE_SECRET: merged.UNSUBSCRIBE_SECRET ?? derivedKey(merged.JWT_SECRET, 'pawcare unsubscribe links'),
    limits: overrides.limits ?? rateLimitsOf(merged),
  };
}

/** Reads or creates the development JWT secret under DATA_DIR, so tokens survive restarts. */
/**
 * True when a secret looks random enough to sign sessions: at least 10 different characters and about 96 bits by
 * the character frequencies (a 32-character hex or base64 value passes; "s" x 40 or "changeme" x 4 do not). A
 * floor against placeholders and repeated words, not a proof of randomness.
 */
function variedEnough(secret: string): boolean {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const n = [...secret].length;
  let bitsPerChar = 0;
  for (const c of counts.values()) bitsPerChar -= (c / n) * Math.log2(c / n);
  return counts.size >= 10 && bitsPerChar * n >= 96;
}

/** A key for one use, derived from a secret (HKDF-SHA256): knowing it tells nothing of the secret or other uses' keys. */
function derivedKey(secret: string, use: string): string {
  return Buffer.from(hkdfSync('sha256', secret, '', use, 32)).toString('base64url');
}

function devSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const v = readFileSync(file, 'utf8').trim();
    if (v.length >= 32) return v;
  }
  mkdirSync(dataDir, { recursive: true });
  const v = randomBytes(48).toString('base64url');
  writeFileSync(file, v, { mode: 0o600 });
  return v;
}
