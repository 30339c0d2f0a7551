import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, formatDay, todayIn } from '#shared/dates';
import type { Notification } from '#shared/notifications';
import { doseLabel } from '#shared/vaccines';
import type { Config } from '../config.ts';
import { rowsOf, type Db, type Executor } from '../db/client.ts';
import { careReminders, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { periodicJob, type PeriodicJob } from '../lib/periodic-job.ts';
import { readMailBrand } from '../mail/brand.ts';
import { rebookUrl } from '../mail/booking-parts.ts';
import { composeMail } from '../mail/compose.ts';
import { createNotification, pushNotification } from '../notifications/service.ts';
import { bookableOffering } from '../offerings/service.ts';
import { enqueueMail, nudgeOutbox } from '../outbox/queue.ts';
import { unsubscribeToken } from '../reminders/unsubscribe.ts';

/** The notification type of these reminders (GET /api/notifications). */
export const VACCINE_REMINDER_TYPE = 'vaccination_reminder';

/** An advisory-lock namespace of its own: one worker at a time sends one household's reminders. */
const OWNER_LOCK_SPACE = 28_004;

export interface CareReminderWorkerOptions {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  io?: Deps['io'];
  pollMs?: number;
  /** Households handled per pass. */
  batchSize?: number;
  autoStart?: boolean;
}

interface ReminderRow extends Record<string, unknown> {
  id: string;
  pet_id: string;
  vaccine_id: string;
  overdue_days: number;
  for_on: string | Date;
  due_at: Date | string;
  pet_name: string;
  archived: boolean;
  next_due_on: string | Date | null;
  next_dose_number: number | null;
  vaccine_name: string;
  vaccine_active: boolean;
  series_doses: number;
}

const dateText = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

/** Monday of the week of a 'YYYY-MM-DD' day: pets due in the same week are reminded together. */
function weekOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** Still worth sending: the pet is not archived, the protocol is in use and its due date is still this one. */
const stillDue = (r: ReminderRow) =>
  !r.archived && r.vaccine_active && r.next_due_on !== null && dateText(r.next_due_on) === dateText(r.for_on);

/** One line of the household's message: "Bruno: DHPPi, dose 2 of 3, due on Tue, 5 May 2026". */
function lineOf(r: ReminderRow, today: string): string {
  const due = dateText(r.for_on);
  const what = `${r.vaccine_name} (${doseLabel(Number(r.next_dose_number ?? 1), Number(r.series_doses)).toLowerCase()})`;
  return due < today
    ? `${r.pet_name}: ${what}, overdue since ${formatDay(due)}`
    : `${r.pet_name}: ${what}, due on ${formatDay(due)}`;
}

/**
 * One household's reminders in one transaction: under a per-owner advisory lock (another worker skips the owner), the
 * owner's due rows, and with them the owner's reminders before a due date in the same week (so several pets due the
 * same week get one message); rows that no longer fit (a dose given, the pet archived) are dropped. One notification
 * and one mail list them all with a link to book, and every row's `sent_at` is set in the same transaction: each is
 * sent once, whatever crashes or races.
 */
async function sendForOwner(
  db: Db,
  config: Config,
  ownerId: string,
  now: Date,
): Promise<{ notification?: Notification; mailed: boolean }> {
  return db.transaction(async (tx: Executor) => {
    const [lock] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${OWNER_LOCK_SPACE}, hashtext(${ownerId})) as ok`),
    );
    if (!lock?.ok) return { mailed: false };
    const select = (where: ReturnType<typeof sql>) =>
      tx.execute(sql`
        select r.id, r.pet_id, r.vaccine_id, r.overdue_days, r.for_on, r.due_at, p.name as pet_name,
               p.archived_at is not null as archived, d.next_due_on, d.next_dose_number,
               v.name as vaccine_name, v.active as vaccine_active, v.series_doses
          from care_reminders r
          join pets p on p.id = r.pet_id
          join vaccines v on v.id = r.vaccine_id
          left join pet_care_due d on d.pet_id = r.pet_id and d.vaccine_id = r.vaccine_id
         where r.owner_id = ${ownerId}::uuid and r.sent_at is null and ${where}
         order by r.for_on, p.name, v.name
           for update of r`);
    const due = rowsOf<ReminderRow>(await select(sql`r.due_at <= ${now.toISOString()}::timestamptz`));
    const weeks = [
      ...new Set(due.filter((r) => r.overdue_days === 0 && stillDue(r)).map((r) => weekOf(dateText(r.for_on)))),
    ];
    const early = weeks.length
      ? rowsOf<ReminderRow>(
          await select(
            sql`r.overdue_days = 0 and r.due_at > ${now.toISOString()}::timestamptz and r.for_on between ${weeks.sort()[0]}::date and ${addDays(weeks.sort().at(-1)!, 6)}::date`,
          ),
        ).filter((r) => weeks.includes(weekOf(dateText(r.for_on))))
      : [];
    const rows = [...due, ...early];
    const stale = rows.filter((r) => !stillDue(r));
    for (const r of stale) await tx.delete(careReminders).where(eq(careReminders.id, r.id));
    // One line per pet and protocol: an overdue step and the step before may both be due after a pause.
    const send = rows.filter(stillDue);
    if (!send.length) return { mailed: false };
    const lines = [...new Map(send.map((r) => [`${r.pet_id}:${r.vaccine_id}`, r])).values()];
    const [owner] = await tx
      .select({ name: users.name, email: users.email, emails: users.reminderEmails })
      .from(users)
      .where(eq(users.id, ownerId));
    if (!owner) return { mailed: false };
    const today = todayIn(config.CLINIC_TZ, now);
    const first = lines[0]!;
    const earliest = lines.map((r) => dateText(r.for_on)).sort()[0]!;
    const checkup = await bookableOffering(tx, null).catch(() => undefined);
    const bookDate = earliest > today ? earliest : addDays(today, 1);
    const link = checkup
      ? rebookUrl(config.PUBLIC_URL, {
          serviceId: checkup.id,
          petId: lines.length === 1 ? first.pet_id : null,
          date: bookDate,
        })
      : `${config.PUBLIC_URL}/slots`;
    const pets = [...new Set(lines.map((r) => r.pet_name))];
    const overdue = lines.some((r) => dateText(r.for_on) < today);
    const who = pets.length === 1 ? pets[0]! : `${pets.slice(0, -1).join(', ')} and ${pets.at(-1)!}`;
    const title = overdue ? `${who}: vaccinations overdue` : `${who}: vaccinations due soon`;
    const items = lines.map((r) => lineOf(r, today));
    const notification = await createNotification(
      { db: tx },
      {
        userId: ownerId,
        type: VACCINE_REMINDER_TYPE,
        title: overdue ? 'Vaccination overdue' : 'Vaccination due',
        body: `${items.join('. ')}. Book a visit from the link.`,
        data: { link: link.slice(config.PUBLIC_URL.length), petIds: [...new Set(lines.map((r) => r.pet_id))] },
      },
    );
    let mailed = false;
    if (owner.emails) {
      const brand = await readMailBrand(tx, config);
      const unsubscribe = `${config.PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(config.UNSUBSCRIBE_SECRET, ownerId))}`;
      const mail = composeMail(brand, {
        subject: title,
        name: owner.name,
        body: [
          lines.length === 1
            ? 'This is a reminder of the preventive care below.'
            : 'This is a reminder of the preventive care below. One visit can take care of them all.',
          { kind: 'list', items },
        ],
        action: { label: lines.length === 1 ? 'Book a visit' : 'Book a visit for them', href: link },
        footnote: {
          text: 'You get reminder e-mails because they are on in your profile.',
          link: { label: 'Turn them off', href: unsubscribe },
        },
      });
      await enqueueMail(tx, { kind: VACCINE_REMINDER_TYPE, to: owner.email, ...mail });
      mailed = true;
    }
    await tx.execute(
      sql`update care_reminders set sent_at = ${now.toISOString()}::timestamptz where id in (${sql.join(
        send.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      )})`,
    );
    return { notification, mailed };
  });
}

/**
 * Starts the vaccination reminder worker (one per process is safe): every `pollMs` it finds the households with
 * reminders due and sends each one message.
 */
export function startCareReminderWorker(opts: CareReminderWorkerOptions): PeriodicJob {
  const { db, config, log } = opts;
  const batchSize = opts.batchSize ?? 20;
  async function run(now: Date, stopping: () => boolean): Promise<number> {
    let sent = 0;
    const skipped = new Set<string>();
    for (;;) {
      const owners = rowsOf<{ owner_id: string }>(
        await db.execute(sql`
          select owner_id from care_reminders
           where sent_at is null and due_at <= ${now.toISOString()}::timestamptz
             ${
               skipped.size
                 ? sql`and owner_id <> all(${sql`array[${sql.join(
                     [...skipped].map((id) => sql`${id}::uuid`),
                     sql`, `,
                   )}]`})`
                 : sql``
             }
           group by owner_id
           order by min(due_at)
           limit ${batchSize}`),
      );
      let mailed = false;
      for (const { owner_id } of owners) {
        const result = await sendForOwner(db, config, owner_id, now);
        if (result.notification) {
          sent += 1;
          if (opts.io) pushNotification({ io: opts.io }, owner_id, result.notification);
        } else skipped.add(owner_id);
        mailed ||= result.mailed;
      }
      if (mailed) nudgeOutbox();
      if (owners.length < batchSize || stopping()) return sent;
    }
  }
  return periodicJob({
    name: 'vaccination-reminders',
    log,
    pollMs: opts.pollMs ?? 60_000,
    autoStart: opts.autoStart,
    run,
  });
}
