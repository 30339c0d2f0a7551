import {
  CLINIC_TAX_KEYS,
  CLINIC_TAX_MSG,
  formatClinicDate,
  formatNotice,
  WEEKDAY_NAME,
  WEEKDAYS,
  type ClinicSettings,
  type ClinicSettingsBody,
  type ClinicSettingsSaved,
  type Closure,
} from '#shared/clinic-settings';
import { recordAudit } from '../audit/record.ts';
import type { Deps } from '../deps.ts';
import type { AuthUser } from '../lib/caller.ts';
import { countOutsideHours, outsideHoursPage } from '../bookings/outside-hours.ts';
import { withRetry } from '../db/retry.ts';
import { errors } from '../errors.ts';
import { readClinic, writeClinic, type ClinicDefaultsConfig } from '../clinic/settings.ts';

/** How many of the bookings outside the new hours the save's answer lists (the staff list has them all). */
const OUTSIDE_HOURS_SHOWN = 50;

const closureText = (c: Closure) =>
  `${formatClinicDate(c.from)}${c.to === c.from ? '' : ` to ${formatClinicDate(c.to)}`} (${c.reason})`;

/** One line for the audit log naming what changed, e.g. "Saturday 10:00-14:00; closed Mon, 30 Nov 2026 (Staff training)". */
function changeSummary(before: ClinicSettings, after: ClinicSettings): string {
  const parts: string[] = [];
  for (const day of WEEKDAYS) {
    const [b, a] = [before.hours[day], after.hours[day]];
    if (JSON.stringify(a) !== JSON.stringify(b))
      parts.push(`${WEEKDAY_NAME[day]} ${a ? `${a.open}-${a.close}` : 'closed'}`);
  }
  if (before.slotMinutes !== after.slotMinutes) parts.push(`slot length ${after.slotMinutes} minutes`);
  if (before.bookingWindowDays !== after.bookingWindowDays)
    parts.push(`booking window ${after.bookingWindowDays} days`);
  if (before.bookingNoticeMinutes !== after.bookingNoticeMinutes)
    parts.push(`booking notice ${formatNotice(after.bookingNoticeMinutes) || 'none'}`);
  if (before.changeNoticeMinutes !== after.changeNoticeMinutes)
    parts.push(`change notice ${formatNotice(after.changeNoticeMinutes) || 'none'}`);
  if (before.maxOpenBookings !== after.maxOpenBookings)
    parts.push(`upcoming bookings per customer ${after.maxOpenBookings}`);
  if (before.upiHoldMinutes !== after.upiHoldMinutes)
    parts.push(`UPI payment wait ${formatNotice(after.upiHoldMinutes)}`);
  if (before.maxUnpaidOrders !== after.maxUnpaidOrders)
    parts.push(`unpaid orders per customer ${after.maxUnpaidOrders}`);
  if (before.maxUnitsPerProduct !== after.maxUnitsPerProduct)
    parts.push(`units of a product per order ${after.maxUnitsPerProduct}`);
  if (before.legalName !== after.legalName) parts.push(`legal name ${after.legalName || '(the clinic name)'}`);
  if (before.gstin !== after.gstin) parts.push(`GSTIN ${after.gstin ?? 'none'}`);
  if (before.stateCode !== after.stateCode) parts.push(`state ${after.stateCode}`);
  if (before.invoicePrefix !== after.invoicePrefix) parts.push(`invoice prefix ${after.invoicePrefix}`);
  if (before.pricesIncludeTax !== after.pricesIncludeTax)
    parts.push(after.pricesIncludeTax ? 'prices include GST' : 'GST added to prices');
  const key = (c: Closure) => JSON.stringify(c);
  const had = new Set(before.closures.map(key));
  const has = new Set(after.closures.map(key));
  const added = after.closures.filter((c) => !had.has(key(c)));
  const removed = before.closures.filter((c) => !has.has(key(c)));
  if (added.length) parts.push(`closed ${added.map(closureText).join(', ')}`);
  if (removed.length) parts.push(`reopened ${removed.map(closureText).join(', ')}`);
  const line = `Changed the clinic settings: ${parts.join('; ')}`;
  return line.length > 500 ? `${line.slice(0, 497)}...` : line;
}

/** The body's settings with the tax fields it left out taken from the stored ones; 400 when the GSTIN is of another state. */
function completed(body: ClinicSettingsBody, current: ClinicSettings): ClinicSettings {
  const settings = { ...body } as ClinicSettings;
  for (const key of CLINIC_TAX_KEYS) {
    if (body[key] === undefined) Object.assign(settings, { [key]: current[key] });
  }
  if (settings.gstin && settings.gstin.slice(0, 2) !== settings.stateCode) {
    const message = CLINIC_TAX_MSG.gstinState(settings.stateCode);
    throw errors.validation(message, [{ path: 'gstin', message }]);
  }
  return settings;
}

/**
 * Stores the clinic's settings (admin), whole (the tax fields left out stay as they are), in ONE transaction with its audit entry: the settings row is locked
 * first (FOR UPDATE, which waits for bookings and moves holding it KEY SHARE, and holds off new ones until the commit),
 * bookings still holding seats are put on the new seat step, the row and the audit entry are written. The answer
 * lists the upcoming open bookings the new settings leave outside the hours or on a closed day; none is canceled.
 * Saving the same settings again changes nothing and writes no audit entry.
 */
export async function saveClinicSettings(
  { db, config }: Pick<Deps, 'db'> & { config: ClinicDefaultsConfig },
  me: AuthUser,
  body: ClinicSettingsBody,
  now = new Date(),
): Promise<ClinicSettingsSaved & { changed: boolean }> {
  // The first read stores the first settings when there are none yet, outside the save's transaction.
  await readClinic(db, config);
  return withRetry(() =>
    db.transaction(async (tx) => {
      const current = await readClinic(tx, config, { lock: 'update' });
      const settings = completed(body, current.settings);
      const changed = JSON.stringify(current.settings) !== JSON.stringify(settings);
      if (changed) {
        await writeClinic(tx, config.CLINIC_TZ, settings, current.revision + 1);
        await recordAudit(tx, me, {
          kind: 'settings.clinic_changed',
          subjectType: 'settings',
          subjectId: 'clinic',
          summary: changeSummary(current.settings, settings),
          before: current.settings,
          after: settings,
        });
      }
      const page = await outsideHoursPage(tx, settings, config.CLINIC_TZ, OUTSIDE_HOURS_SHOWN, undefined, now);
      return {
        settings,
        changed,
        outsideHours: page.slice(0, OUTSIDE_HOURS_SHOWN),
        outsideHoursTotal:
          page.length > OUTSIDE_HOURS_SHOWN
            ? await countOutsideHours(tx, settings, config.CLINIC_TZ, now)
            : page.length,
      };
    }),
  );
}
