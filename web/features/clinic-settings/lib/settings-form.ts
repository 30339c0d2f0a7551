import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  CLINIC_TAX_KEYS,
  ClinicSettingsBodySchema,
  WEEKDAYS,
  type ClinicSettings,
  type ClinicSettingsInput,
  type Weekday,
} from '#shared/clinic-settings';

/** One weekday in the form: open or not, and its times (kept while closed, so reopening restores them). */
interface DayValues {
  isOpen: boolean;
  open: string;
  close: string;
}

/** The form's values: numbers as typed text, closures as rows. */
export interface SettingsFormValues {
  hours: Record<Weekday, DayValues>;
  slotMinutes: string;
  bookingWindowDays: string;
  bookingNoticeMinutes: string;
  changeNoticeMinutes: string;
  maxOpenBookings: string;
  upiHoldMinutes: string;
  maxUnpaidOrders: string;
  maxUnitsPerProduct: string;
  legalName: string;
  /** Empty while the clinic has none. */
  gstin: string;
  stateCode: string;
  invoicePrefix: string;
  pricesIncludeTax: 'yes' | 'no';
  closures: { from: string; to: string; reason: string }[];
}

const NUMBER_FIELDS = [
  'slotMinutes',
  'bookingWindowDays',
  'bookingNoticeMinutes',
  'changeNoticeMinutes',
  'maxOpenBookings',
  'upiHoldMinutes',
  'maxUnpaidOrders',
  'maxUnitsPerProduct',
] as const;

/** The form showing stored settings; a closed day offers the first open day's times when it is opened. */
export function formValuesOf(s: ClinicSettings): SettingsFormValues {
  const first = WEEKDAYS.map((d) => s.hours[d]).find((h) => h !== null) ?? { open: '09:00', close: '18:00' };
  return {
    hours: Object.fromEntries(
      WEEKDAYS.map((d) => {
        const h = s.hours[d];
        return [d, { isOpen: h !== null, open: (h ?? first).open, close: (h ?? first).close }];
      }),
    ) as Record<Weekday, DayValues>,
    slotMinutes: String(s.slotMinutes),
    bookingWindowDays: String(s.bookingWindowDays),
    bookingNoticeMinutes: String(s.bookingNoticeMinutes),
    changeNoticeMinutes: String(s.changeNoticeMinutes),
    maxOpenBookings: String(s.maxOpenBookings),
    upiHoldMinutes: String(s.upiHoldMinutes),
    maxUnpaidOrders: String(s.maxUnpaidOrders),
    maxUnitsPerProduct: String(s.maxUnitsPerProduct),
    legalName: s.legalName,
    gstin: s.gstin ?? '',
    stateCode: s.stateCode,
    invoicePrefix: s.invoicePrefix,
    pricesIncludeTax: s.pricesIncludeTax ? 'yes' : 'no',
    closures: s.closures.map((c) => ({ ...c })),
  };
}

/** Typed text as a number for the schema: a blank field is not a number (the schema says so), not zero. */
const numberOf = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/** What the form sends: the whole settings object, as GET returns it. */
export function settingsOf(v: SettingsFormValues): ClinicSettingsInput {
  return {
    hours: Object.fromEntries(
      WEEKDAYS.map((d) => [d, v.hours[d].isOpen ? { open: v.hours[d].open, close: v.hours[d].close } : null]),
    ) as ClinicSettingsInput['hours'],
    slotMinutes: numberOf(v.slotMinutes),
    bookingWindowDays: numberOf(v.bookingWindowDays),
    bookingNoticeMinutes: numberOf(v.bookingNoticeMinutes),
    changeNoticeMinutes: numberOf(v.changeNoticeMinutes),
    maxOpenBookings: numberOf(v.maxOpenBookings),
    upiHoldMinutes: numberOf(v.upiHoldMinutes),
    maxUnpaidOrders: numberOf(v.maxUnpaidOrders),
    maxUnitsPerProduct: numberOf(v.maxUnitsPerProduct),
    legalName: v.legalName,
    gstin: v.gstin.trim() === '' ? null : v.gstin,
    stateCode: v.stateCode,
    invoicePrefix: v.invoicePrefix,
    pricesIncludeTax: v.pricesIncludeTax === 'yes',
    closures: v.closures.map((c) => ({ from: c.from, to: c.to, reason: c.reason })),
  };
}

/**
 * Every path of the form a message can sit on, for these values: the server's details name the same paths
 * ('hours.saturday.close', 'closures.0.reason', 'slotMinutes').
 */
export function formPaths(v: SettingsFormValues): Set<string> {
  // In the page's order: the week, the booking rules, the shop's limits, the tax setup, the closed days.
  const paths = new Set<string>();
  for (const d of WEEKDAYS) paths.add(`hours.${d}.open`).add(`hours.${d}.close`);
  for (const f of NUMBER_FIELDS) paths.add(f);
  for (const f of CLINIC_TAX_KEYS) paths.add(f);
  v.closures.forEach((_c, i) => {
    for (const f of ['from', 'to', 'reason']) paths.add(`closures.${i}.${f}`);
  });
  return paths;
}

/** The form path a message about `path` belongs on (a weekday as a whole goes on its opening time). */
function fieldOf(path: PropertyKey[]): string {
  const p = path.map(String);
  if (p[0] === 'hours' && p.length === 2) return `hours.${p[1]}.open`;
  if (p[0] === 'closures' && p.length === 1) return 'closures.0.from';
  return p.join('.');
}

function setAt(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let at = target;
  for (const k of keys.slice(0, -1)) at = (at[k] ??= {}) as Record<string, unknown>;
  at[keys.at(-1)!] ??= value;
}

/** Checks the form with the server's own schema, so each field shows the message the server would give. */
export const settingsResolver: Resolver<SettingsFormValues> = (values) => {
  const parsed = ClinicSettingsBodySchema.safeParse(settingsOf(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    setAt(errors, fieldOf(issue.path), { type: 'validate', message: issue.message });
  }
  return { values: {}, errors: errors as FieldErrors<SettingsFormValues> };
};
