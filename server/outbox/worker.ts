import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Config } from '../config';
import { rowsOf, type Db } from '../db/client';
import { onOutboxNudge, type OutboxAttachment } from './queue';

/** One claimed outbox row. */
export interface OutboxRow {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: OutboxAttachment[] | null;
  attempts: number;
  createdAt: Date;
}

/** Delivers one message; throwing marks the row for a later retry. */
export type MailSender = (message: Mail.Options, row: OutboxRow) => Promise<void>;

export interface OutboxWorkerOptions {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Replaces the SMTP / .eml delivery (tests use it to simulate a failing server). */
  send?: MailSender;
  /** How often to look for due mail when nobody nudges the worker. */
  pollMs?: number;
  batchSize?: number;
  /** After this many failed attempts a row stays unsent, with its last error, for a person to look at. */
  maxAttempts?: number;
  /** false: no polling and no nudges, only explicit runOnce() calls (tests). */
  autoStart?: boolean;
}

export interface OutboxWorker {
  /** Claims and sends one batch of due mail now; resolves with the number of rows handled. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the batch in progress to finish. */
  stop(): Promise<void>;
}

/** A claimed row is hidden from other workers this long; if its process dies mid-send it is retried after. */
const LEASE = '5 minutes';
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 6 * 60 * 60_000;

/** Delay before retry number `attempts` (1-based): 30 s, 1 min, 2 min, ... capped at 6 h, with 10% jitter. */
export function backoffMs(attempts: number): number {
  const base = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

/** Sends through SMTP_URL when set; otherwise renders the complete message and writes it as an .eml file. */
export function defaultSender(config: Config): { send: MailSender; close(): void } {
  if (config.SMTP_URL) {
    const smtp = nodemailer.createTransport(config.SMTP_URL);
    return {
      send: async (message) => {
        await smtp.sendMail(message);
      },
      close: () => smtp.close(),
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const dir = path.join(config.dataDir, 'outbox');
  return {
    send: async (message, row) => {
      const info = await stream.sendMail(message);
      await mkdir(dir, { recursive: true });
      const stamp = row.createdAt.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
      const file = path.join(dir, `${stamp}-${row.kind}-${row.id}.eml`);
      // Write then rename: a reader never sees half a message, and a retry simply replaces the file.
      await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
    },
    close: () => stream.close(),
  };
}

/** The nodemailer message of a row; a text/calendar attachment becomes the mail's calendar invite. */
export function toMessage(row: OutboxRow, from: string): Mail.Options {
  const attachments = row.attachments ?? [];
  const invite = attachments.find((a) => a.contentType.startsWith('text/calendar'));
  return {
    from,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html ?? undefined,
    // A stable id lets receiving servers drop a duplicate when a send is retried after a crash.
    messageId: `<outbox-${row.id}@pawcare.local>`,
    icalEvent: invite ? { method: 'REQUEST', filename: invite.filename, content: invite.content } : undefined,
    attachments: attachments.filter((a) => a !== invite).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
  };
}

interface RawRow {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: OutboxAttachment[] | string | null;
  attempts: number;
  created_at: Date | string;
}

/**
 * Starts the outbox worker: it polls for due mail, is nudged after commits that queued some, claims rows
 * with `for update skip locked` (several server processes may run one each), sends them, and retries
 * failures with exponential backoff, recording the last error.
 */
export function startOutboxWorker(opts: OutboxWorkerOptions): OutboxWorker {
  const { db, config, log } = opts;
  const pollMs = opts.pollMs ?? 10_000;
  const batchSize = opts.batchSize ?? 20;
  const maxAttempts = opts.maxAttempts ?? 10;
  const fallback = opts.send ? undefined : defaultSender(config);
  const send = opts.send ?? fallback!.send;

  async function claim(): Promise<OutboxRow[]> {
    const result = await db.execute(sql`
      update outbox set attempts = attempts + 1, next_attempt_at = now() + ${LEASE}::interval
      where id in (
        select id from outbox
        where sent_at is null and next_attempt_at <= now() and attempts < ${maxAttempts}
        order by next_attempt_at
        limit ${batchSize}
        for update skip locked
      )
      returning id, kind, "to", subject, text, html, attachments, attempts, created_at`);
    return rowsOf<RawRow>(result).map((r) => ({
      id: r.id,
      kind: r.kind,
      to: r.to,
      subject: r.subject,
      text: r.text,
      html: r.html,
      attachments: typeof r.attachments === 'string' ? (JSON.parse(r.attachments) as OutboxAttachment[]) : r.attachments,
      attempts: Number(r.attempts),
      createdAt: new Date(r.created_at),
    }));
  }

  async function deliver(row: OutboxRow): Promise<void> {
    try {
      await send(toMessage(row, config.MAIL_FROM), row);
      await db.execute(sql`update outbox set sent_at = now(), last_error = null where id = ${row.id}`);
      log.info({ outboxId: row.id, kind: row.kind }, 'mail sent');
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'unknown error';
      const delay = backoffMs(row.attempts);
      await db.execute(
        sql`update outbox set last_error = ${message}, next_attempt_at = now() + ${`${delay} milliseconds`}::interval where id = ${row.id}`,
      );
      if (row.attempts >= maxAttempts) log.error({ outboxId: row.id, kind: row.kind, err }, 'mail failed too often; giving up');
      else log.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: delay, err: message }, 'mail failed; will retry');
    }
  }

  async function runOnce(): Promise<number> {
    const rows = await claim();
    for (const row of rows) await deliver(row);
    return rows.length;
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const schedule = () => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(tick, pollMs);
    timer.unref();
  };

  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          // A full batch probably means more is waiting: keep going without waiting for the timer.
          if ((await runOnce()) === batchSize) again = true;
        } while (again && !stopped);
      } catch (err) {
        log.error({ err }, 'outbox poll failed; retrying on the next poll');
      } finally {
        running = undefined;
        schedule();
      }
    })();
  }

  const auto = opts.autoStart ?? true;
  const unsubscribe = auto ? onOutboxNudge(tick) : () => {};
  if (auto) setImmediate(tick);

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      await running;
      fallback?.close();
    },
  };
}
