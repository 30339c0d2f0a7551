import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Notification } from '#shared/notifications';
import { formatDateTime, formatDay, zonedDateTime } from '#shared/dates';
import { todayIn } from '#shared/dates';
import type { Config } from '../config.ts';
import { rowsOf, type Db, type Executor } from '../db/client.ts';
import { reminders, users } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { bookingIcs, escapeHtml } from '../mail/booking-confirmed.ts';
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

type Mail = { subject: string; text: string; html: string; ics?: string };

/** The lines every reminder e-mail ends with: why it came and how to stop it, without logging in. */
function footer(config: Config, userId: string) {
  const link = `${config.PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(config.UNSUBSCRIBE_SECRET, userId))}`;
  return {
    text: ['', '--', 'You get reminder e-mails because they are on in your profile.', `Turn them off: ${link}`],
    html: `<p style="color:#6b7280;font-size:12px">You get reminder e-mails because they are on in your profile. <a href="${escapeHtml(link)}">Turn reminder e-mails off</a>.</p>`,
  };
}

function page(lines: string[], footerHtml: string) {
  return `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937">
${lines.join('\n')}
${footerHtml}
</body></html>`;
}

/** The link that rebooks a visit's service for its pet, with the due date's week on the calendar. */
function rebookLink(config: Pick<Config, 'PUBLIC_URL'>, r: BookingRecord, dueDate: string): string {
  const q = new URLSearchParams({ serviceId: r.booking.serviceId, date: dueDate });
  if (r.booking.petId) q.set('petId', r.booking.petId);
  return `${config.PUBLIC_URL}/slots?${q.toString()}`;
}

function appointmentReminder(config: Config, r: BookingRecord, userId: string) {
  const b = r.booking;
  const hospital = b.hospitalInfo ?? hospitalInfoFor(config, {});
  const what = `${b.petName}'s ${r.service.name} on ${formatDateTime(b.startsAt, config.CLINIC_TZ)}`;
  const manage = `${config.PUBLIC_URL}/slots`;
  const f = footer(config, userId);
  const e = escapeHtml;
  const mail: Mail = {
    subject: `Reminder: ${what.replace(/[\r\n]+/g, ' ')}`,
    text: [
      `Hello ${b.ownerName},`,
      '',
      `This is a reminder of ${what} (${config.CLINIC_TZ}) at ${hospital.name}, ${hospital.address}.`,
      `To move or cancel it: ${manage}`,
      '',
      config.CLINIC_NAME,
      ...f.text,
    ].join('\n'),
    html: page(
      [
        `<p>Hello ${e(b.ownerName)},</p>`,
        `<p>This is a reminder of <strong>${e(what)}</strong> (${e(config.CLINIC_TZ)}) at ${e(hospital.name)}, ${e(hospital.address)}.</p>`,
        `<p><a href="${e(manage)}">Move or cancel it</a></p>`,
        `<p>${e(config.CLINIC_NAME)}</p>`,
      ],
      f.html,
    ),
    ics: bookingIcs(mailFactsOf(b, hospital, config.CLINIC_TZ)),
  };
  const notice = {
    title: 'Appointment reminder',
    body: `Reminder: ${what}.`,
    data: { bookingId: b.id, link: '/slots' },
  };
  return { mail, notice };
}

function careReminder(config: Config, r: BookingRecord, userId: string, forAt: Date) {
  const b = r.booking;
  const dueDate = zonedDateTime(forAt, config.CLINIC_TZ).date;
  const reason = r.visit?.nextDueReason ?? r.service.name;
  const link = rebookLink(config, r, dueDate);
  const f = footer(config, userId);
  const e = escapeHtml;
  const line = `${b.petName} is due for ${reason} on ${formatDay(dueDate)}.`;
  const mail: Mail = {
    subject: `${b.petName.replace(/[\r\n]+/g, ' ')} is due for ${reason.replace(/[\r\n]+/g, ' ')} on ${formatDay(dueDate)}`,
    text: [
      `Hello ${b.ownerName},`,
      '',
      line,
      `Book a time in one tap: ${link}`,
      '',
      config.CLINIC_NAME,
      ...f.text,
    ].join('\n'),
    html: page(
      [
        `<p>Hello ${e(b.ownerName)},</p>`,
        `<p>${e(line)}</p>`,
        `<p><a href="${e(link)}">Book a time</a></p>`,
        `<p>${e(config.CLINIC_NAME)}</p>`,
      ],
      f.html,
    ),
  };
  const path = link.slice(config.PUBLIC_URL.length);
  const notice = {
    title: 'Care reminder',
    body: `${line} Book a time from the link.`,
    data: { bookingId: b.id, link: path },
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
      const { mail, notice } =
        row.kind === 'appointment'
          ? appointmentReminder(config, record, row.user_id)
          : careReminder(config, record, row.user_id, forAt);
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
