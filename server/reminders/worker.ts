import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Notification } from '#shared/notifications';
import { formatDateTime, zonedDateTime } from '#shared/dates';
import { todayIn } from '#shared/dates';
import type { Config } from '../config.ts';
import { rowsOf, type Db, type Executor } from '../db/client.ts';
import { reminders, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { readMailBrand, type MailBrand } from '../mail/brand.ts';
import { rebookUrl } from '../mail/booking-parts.ts';
import type { ComposedMail } from '../mail/compose.ts';
import { appointmentReminderMail, careReminderLine, careReminderMail } from '../mail/reminder-mails.ts';
import { createNotification, pushNotification } from '../notifications/service.ts';
import { enqueueMail, nudgeOutbox } from '../outbox/queue.ts';
import { hospitalInfoFor, mailFactsOf, recordOf, type BookingRecord } from '../bookings/records.ts';
import { unsubscribeToken } from './unsubscribe.ts';
import { periodicJob } from '../lib/periodic-job.ts';

/** Notification types of reminders (GET /api/notifications). */
const REMINDER_NOTIFICATION_TYPES = { appointment: 'appointment_reminder', care: 'care_reminder' } as const;

export interface ReminderWorkerOptions {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Pushes the in-app reminders live; without it they wait in the notification list. */
  io?: Deps['io'];
  /** How often it looks for due reminders. */
  pollMs?: number;
  /** Reminders handled per transaction. */
  batchSize?: number;
  /** false: only explicit runOnce() calls (tests, with their own clock). */
  autoStart?: boolean;
}

export interface ReminderWorker {
  /** Sends the reminders due at `now`; resolves with how many were sent. */
  runOnce(now?: Date): Promise<number>;
  stop(): Promise<void>;
}

interface DueRow extends Record<string, unknown> {
  id: string;
  kind: 'appointment' | 'care';
  booking_id: string;
  user_id: string;
  for_at: Date | string;
}

type Mail = ComposedMail & { ics?: string };

/** The customer's own link that turns reminder e-mails off without logging in. */
function unsubscribeUrl(config: Config, userId: string): string {
  return `${config.PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(config.UNSUBSCRIBE_SECRET, userId))}`;
}

function appointmentReminder(config: Config, brand: MailBrand, r: BookingRecord, userId: string) {
  const b = r.booking;
  const hospital = b.hospitalInfo ?? hospitalInfoFor(config, {});
  const mail = appointmentReminderMail(brand, {
    ...mailFactsOf(r, hospital, config),
    unsubscribeUrl: unsubscribeUrl(config, userId),
  });
  const notice = {
    title: 'Appointment reminder',
    body: `Reminder: ${b.petName}'s ${r.service.name} on ${formatDateTime(b.startsAt, config.CLINIC_TZ)}.`,
    data: { bookingId: b.id, link: '/slots' },
  };
  return { mail, notice };
}

function careReminder(config: Config, brand: MailBrand, r: BookingRecord, userId: string, forAt: Date) {
  const b = r.booking;
  const dueDate = zonedDateTime(forAt, config.CLINIC_TZ).date;
  const facts = { petName: b.petName, reason: r.visit?.nextDueReason ?? r.service.name, dueDate };
  const link = rebookUrl(config.PUBLIC_URL, { serviceId: b.serviceId, petId: b.petId, date: dueDate });
  const mail: Mail = careReminderMail(brand, {
    ...facts,
    ownerName: b.ownerName,
    rebookUrl: link,
    unsubscribeUrl: unsubscribeUrl(config, userId),
  });
  const notice = {
    title: 'Care reminder',
    body: `${careReminderLine(facts)} Book a time from the link.`,
    data: { bookingId: b.id, link: link.slice(config.PUBLIC_URL.length) },
  };
  return { mail, notice };
}

/**
 * Sends one batch of due reminders in one transaction: rows are claimed with `for update skip locked` (another
 * process's worker skips them), and each one's notification, queued mail and `sent_at` commit together, so a
 * reminder is sent exactly once whatever crashes or races. A reminder whose booking no longer fits is dropped.
 */
async function sendDue(db: Db, config: Config, now: Date, batchSize: number) {
  return db.transaction(async (tx: Executor) => {
    const due = rowsOf<DueRow>(
      await tx.execute(sql`
        select id, kind, booking_id, user_id, for_at from reminders
         where sent_at is null and due_at <= ${now.toISOString()}::timestamptz
         order by due_at
         limit ${batchSize}
         for update skip locked`),
    );
    const pushed: { userId: string; notification: Notification }[] = [];
    let mailed = false;
    let brand: MailBrand | undefined;
    for (const row of due) {
      const forAt = new Date(row.for_at);
      const record = await recordOf(tx, row.booking_id);
      const [user] = await tx
        .select({ emails: users.reminderEmails, email: users.email })
        .from(users)
        .where(eq(users.id, row.user_id));
      const b = record?.booking;
      const stillDue =
        !!b &&
        !!user &&
        (row.kind === 'appointment'
          ? b.status === 'confirmed' && b.startsAt.getTime() === forAt.getTime() && b.startsAt > now
          : b.status === 'completed' && todayIn(config.CLINIC_TZ, now) <= zonedDateTime(forAt, config.CLINIC_TZ).date);
      if (!stillDue) {
        await tx.delete(reminders).where(eq(reminders.id, row.id));
        continue;
      }
      brand ??= await readMailBrand(tx, config);
      const { mail, notice } =
        row.kind === 'appointment'
          ? appointmentReminder(config, brand, record, row.user_id)
          : careReminder(config, brand, record, row.user_id, forAt);
      const notification = await createNotification(
        { db: tx },
        { userId: row.user_id, type: REMINDER_NOTIFICATION_TYPES[row.kind], ...notice },
      );
      pushed.push({ userId: row.user_id, notification });
      if (user.emails) {
        await enqueueMail(tx, {
          kind: `${row.kind}_reminder`,
          to: user.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.ics
            ? [
                {
                  filename: 'appointment.ics',
                  contentType: 'text/calendar; charset=utf-8; method=REQUEST',
                  content: mail.ics,
                },
              ]
            : undefined,
        });
        mailed = true;
      }
      await tx.update(reminders).set({ sentAt: now }).where(eq(reminders.id, row.id));
    }
    return { claimed: due.length, pushed, mailed };
  });
}

/** Starts the reminder worker: it looks for due reminders every `pollMs` (one per process is safe). */
export function startReminderWorker(opts: ReminderWorkerOptions): ReminderWorker {
  const { db, config, log } = opts;
  const pollMs = opts.pollMs ?? 60_000;
  const batchSize = opts.batchSize ?? 20;
  async function run(now: Date, stopping: () => boolean): Promise<number> {
    let sent = 0;
    for (;;) {
      const { claimed, pushed, mailed } = await sendDue(db, config, now, batchSize);
      sent += pushed.length;
      if (opts.io) for (const p of pushed) pushNotification({ io: opts.io }, p.userId, p.notification);
      if (mailed) nudgeOutbox();
      if (claimed < batchSize || stopping()) return sent;
    }
  }

  return periodicJob({ name: 'reminders', log, pollMs, autoStart: opts.autoStart, run });
}
