import { sql } from 'drizzle-orm';
import {
  ClinicSettingsSchema,
  SHOP_HOLD_DEFAULTS,
  WEEKDAYS,
  type ClinicSettings,
  type Weekday,
} from '#shared/clinic-settings';
import { BOOKING_HORIZON_DAYS } from '#shared/bookings';
import { stateCodeOfName, stateCodeOfPin } from '#shared/gst';
import type { Config } from '../config.ts';
import { rowsOf, type Executor } from '../db/client.ts';

/** The environment variables that give the clinic settings their first values, and the clinic's time zone. */
export type ClinicDefaultsConfig = Pick<
  Config,
  | 'SLOT_OPEN'
  | 'SLOT_CLOSE'
  | 'SLOT_MINUTES'
  | 'BOOKING_MAX_OPEN'
  | 'CLINIC_HOURS'
  | 'CLINIC_TZ'
  | 'CLINIC_NAME'
  | 'CLINIC_ADDRESS'
>;

/** The clinic's settings as stored (site_settings, key 'clinic'), with what bookings need beside them. */
export interface Clinic {
  settings: ClinicSettings;
  /** Raised by every save: a booking checks in its own statement that the settings it used are still these. */
  revision: number;
  /** New bookings take a seat at every this many minutes of their time (decision 026). */
  seatStepMinutes: number;
}

const KEY = 'clinic';

const DAY_NAMES: [string, Weekday][] = WEEKDAYS.map((d) => [d, d]);
/** A day's name as people write it: "Mon", "Tues", "Thursday" (three letters at least). */
function dayNamed(word: string): Weekday | undefined {
  const w = word.toLowerCase();
  if (w.length < 3) return undefined;
  return DAY_NAMES.find(([name]) => name.startsWith(w))?.[1];
}

/**
 * The weekdays an opening-hours text names before its first time ("Mon-Sat 09:00-18:00", "Mon-Fri, Sun 10:00-16:00",
 * "Daily 9-5"), or undefined when it names none that can be read.
 */
export function openDaysOf(text: string): Set<Weekday> | undefined {
  const head = (text.split(/\d/)[0] ?? '').trim();
  if (/^(daily|every ?day)$/i.test(head)) return new Set(WEEKDAYS);
  const days = new Set<Weekday>();
  for (const part of head.split(/\s*(?:,|&|\band\b)\s*/i).filter(Boolean)) {
    const m = /^([a-z]+)\.?(?:\s*(?:-|–|\bto\b)\s*([a-z]+)\.?)?$/i.exec(part);
    const from = m ? dayNamed(m[1]!) : undefined;
    const to = m?.[2] ? dayNamed(m[2]) : from;
    if (!from || !to) return undefined;
    for (let i = WEEKDAYS.indexOf(from); ; i = (i + 1) % WEEKDAYS.length) {
      days.add(WEEKDAYS[i]!);
      if (WEEKDAYS[i] === to) break;
    }
  }
  return days.size ? days : undefined;
}

/**
 * The tax setup a clinic starts with (decision 053): its trading name as the legal name, no GSTIN yet, the state its
 * address names (its PIN code, else a state's name in it; Delhi when neither reads), invoices PC/2627/000001 on,
 * prices that include GST (as the catalogue's prices always have).
 */
function defaultTaxSettings(config: Pick<ClinicDefaultsConfig, 'CLINIC_NAME' | 'CLINIC_ADDRESS'>) {
  const pin = /\b[1-9]\d{5}\b/.exec(config.CLINIC_ADDRESS)?.[0];
  const named = config.CLINIC_ADDRESS.split(/[,\n]/)
    .map((part) => stateCodeOfName(part.replace(/\d+/g, '')))
    .find(Boolean);
  return {
    legalName: config.CLINIC_NAME.slice(0, 120),
    gstin: null,
    stateCode: (pin && stateCodeOfPin(pin)) ?? named ?? '07',
    invoicePrefix: 'PC',
    pricesIncludeTax: true,
  };
}

/**
 * The settings a clinic starts with, from the environment: SLOT_OPEN to SLOT_CLOSE on the weekdays CLINIC_HOURS
 * names (every day when it names none that can be read), SLOT_MINUTES, BOOKING_MAX_OPEN, the default booking window,
 * no notice, the shop's default holds and caps, no closures.
 */
export function defaultClinicSettings(config: ClinicDefaultsConfig): ClinicSettings {
  const days = openDaysOf(config.CLINIC_HOURS) ?? new Set(WEEKDAYS);
  return ClinicSettingsSchema.parse({
    hours: Object.fromEntries(
      WEEKDAYS.map((d) => [d, days.has(d) ? { open: config.SLOT_OPEN, close: config.SLOT_CLOSE } : null]),
    ),
    slotMinutes: config.SLOT_MINUTES,
    bookingWindowDays: BOOKING_HORIZON_DAYS,
    bookingNoticeMinutes: 0,
    changeNoticeMinutes: 0,
    maxOpenBookings: config.BOOKING_MAX_OPEN,
    ...SHOP_HOLD_DEFAULTS,
    ...defaultTaxSettings(config),
    closures: [],
  });
}

const minuteOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The step every start time of every weekday lies on: the slot length's and the opening times' common divisor. */
function gridStep(settings: ClinicSettings): number {
  let step = settings.slotMinutes;
  for (const day of WEEKDAYS) {
    const h = settings.hours[day];
    if (h) step = gcd(step, minuteOfDay(h.open));
  }
  return step;
}

// Every seat-holding booking that has not ended yet (a service lasts at most 8 hours, so one day back is enough
// for the starts_at index to bound the scan).
const LIVE_BOOKINGS = sql`status <> 'canceled' and starts_at > now() - interval '1 day' and ends_at > now()`;

/**
 * The seat step for these settings: one that divides every start time they allow and the start of every booking
 * still holding seats, so two bookings that overlap always share the seat at the later one's start.
 */
async function seatStepFor(db: Executor, settings: ClinicSettings, timeZone: string): Promise<number> {
  const offsets = rowsOf<{ m: number }>(
    await db.execute(sql`
      select distinct (extract(hour from starts_at at time zone ${timeZone}) * 60
                       + extract(minute from starts_at at time zone ${timeZone}))::int as m
      from slot_bookings where ${LIVE_BOOKINGS}`),
  );
  return offsets.reduce((step, r) => gcd(step, Number(r.m)), gridStep(settings));
}

/**
 * Moves every booking still holding seats on a step that does not divide `step` onto `step`, in the caller's
 * transaction: the seat trigger gives back the seats it held, and the same statement takes one at every `step` of its
 * time. Counters stay equal to the bookings covering them; a booking is never refused or lost by this.
 */
async function reseat(db: Executor, step: number): Promise<void> {
  await db.execute(sql`
    with moved as (
      update slot_bookings set seat_step_minutes = ${step}::int
      where ${LIVE_BOOKINGS} and ${step}::int % seat_step_minutes <> 0
      returning service_id, starts_at, ends_at
    )
    insert into slot_seats (service_id, starts_at, booked)
    select service_id, t, count(*)::int
    from moved, generate_series(starts_at, ends_at - interval '1 microsecond', make_interval(mins => ${step}::int)) as t
    group by service_id, t
    on conflict (service_id, starts_at) do update set booked = slot_seats.booked + excluded.booked`);
}

/** Stores settings as the clinic's, in the caller's transaction, after putting every live booking on their seat step. */
export async function writeClinic(
  tx: Executor,
  timeZone: string,
  settings: ClinicSettings,
  revision: number,
): Promise<Clinic> {
  const seatStepMinutes = await seatStepFor(tx, settings, timeZone);
  await reseat(tx, seatStepMinutes);
  const value = JSON.stringify({ revision, seatStepMinutes, settings });
  await tx.execute(sql`
    insert into site_settings (key, value) values (${KEY}, ${value}::jsonb)
    on conflict (key) do update set value = excluded.value, updated_at = now()`);
  return { settings, revision, seatStepMinutes };
}

/**
 * Stores the first settings from the environment once, when the database has none (at start; also on the first read
 * of a database nobody started the app on). Several processes starting at once store them once.
 */
export async function ensureClinicSettings(db: Executor, config: ClinicDefaultsConfig): Promise<void> {
  await db.transaction(async (tx) => {
    const placeholder = JSON.stringify({ revision: 0 });
    const inserted = rowsOf(
      await tx.execute(
        sql`insert into site_settings (key, value) values (${KEY}, ${placeholder}::jsonb) on conflict (key) do nothing returning key`,
      ),
    );
    if (inserted.length) await writeClinic(tx, config.CLINIC_TZ, defaultClinicSettings(config), 1);
  });
}

/** How a read locks the settings row until the end of the caller's transaction. */
type ClinicLock = 'none' | 'key share' | 'update';

/**
 * The clinic's settings, read from the database on every call (one primary-key read), so a change saved by any
 * process applies to the next request everywhere. `key share` holds off a save until the caller's transaction ends;
 * `update` is the save's own lock.
 */
export async function readClinic(
  db: Executor,
  config: ClinicDefaultsConfig,
  { lock = 'none' }: { lock?: ClinicLock } = {},
): Promise<Clinic> {
  const clause = lock === 'key share' ? sql` for key share` : lock === 'update' ? sql` for update` : sql``;
  for (let attempt = 0; ; attempt++) {
    const [row] = rowsOf<{ value: unknown }>(
      await db.execute(sql`select value from site_settings where key = ${KEY}${clause}`),
    );
    if (row) return clinicOf(row.value, config);
    if (attempt > 0) throw new Error('The clinic settings could not be stored');
    await ensureClinicSettings(db, config);
  }
}

/** A stored value as the clinic's settings; a value that no longer fits (edited by hand) gives the first settings. */
function clinicOf(value: unknown, config: ClinicDefaultsConfig): Clinic {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  // Settings stored before the shop's holds (decision 038) or the tax setup (decision 053) read with their defaults.
  const stored =
    typeof v.settings === 'object' && v.settings !== null
      ? { ...SHOP_HOLD_DEFAULTS, ...defaultTaxSettings(config), ...v.settings }
      : v.settings;
  const parsed = ClinicSettingsSchema.safeParse(stored);
  const settings = parsed.success ? parsed.data : defaultClinicSettings(config);
  const step = Number(v.seatStepMinutes);
  return {
    settings,
    revision: Number.isInteger(v.revision) ? Number(v.revision) : 0,
    seatStepMinutes: Number.isInteger(step) && step > 0 ? step : gridStep(settings),
  };
}
