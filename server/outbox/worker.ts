import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Config } from '../config.ts';
import { rowsOf, type Db } from '../db/client.ts';
import { onOutboxNudge, type OutboxAttachment } from './queue.ts';

/** One claimed outbox row. */
interface OutboxRow {
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
  /** Longest wait between looks for due mail when nobody nudges the worker (it wakes earlier for a row due sooner). */
  pollMs?: number;
  /**
   * How long a claimed row stays hidden from other workers; renewed every third of it while its mail is being
   * sent, so it only runs out when the worker died, and then another worker sends the mail this soon.
   */
  leaseMs?: number;
  /** Rows claimed at once: every row of a batch waits for the lease after a crash, so keep it small. */
  batchSize?: number;
  /** After this many failed attempts a row stays unsent, with its last error, for a person to look at. */
  maxAttempts?: number;
  /** false: no polling and no nudges, only explicit runOnce() calls (tests). */
  autoStart?: boolean;
}

export interface OutboxWorker {
  /** Claims and sends one batch of due mail now; resolves with the number of rows handled. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the mail in progress to finish; the rest of its batch is handed back at once. */
  stop(): Promise<void>;
}

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 6 * 60 * 60_000;
/** Floor of the wake-up delay, so rows another worker is claiming right now do not make this one spin. */
const MIN_WAKE_MS = 200;

/** Delay before retry number `attempts` (1-based): 30 s, 1 min, 2 min, ... capped at 6 h, with 10% jitter. */
export function backoffMs(attempts: number): number {
  const base = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

/** Sends through SMTP_URL when set; otherwise renders the complete message and writes it as an .eml file. */
function defaultSender(config: Config): { send: MailSender; close(): void } {
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
      const stamp = row.createdAt
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}Z$/, 'Z');
      const file = path.join(dir, `${stamp}-${row.kind}-${row.id}.eml`);
      // Write then rename: a reader never sees half a message, and a retry simply replaces the file.
      await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
    },
    close: () => stream.close(),
  };
}

/** The nodemailer message of a row; a text/calendar attachment becomes the mail's calendar invite. */
function toMessage(row: OutboxRow, from: string): Mail.Options {
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
    attachments: attachments
      .filter((a) => a !== invite)
      .map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
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

const errorText = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'unknown error';
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts the outbox worker: it polls for due mail (and wakes when the next row falls due), is nudged after
 * commits that queued some, claims rows with `for update skip locked` under a short lease that it renews while
 * sending (several server processes may run one each), records each mail as sent as soon as the mail server has
 * accepted it, and retries failures with exponential backoff, recording the last error. Delivery is at least
 * once: see docs/decisions/011-outbox-short-leases.md for the window that remains.
 */
export function startOutboxWorker(opts: OutboxWorkerOptions): OutboxWorker {
  const { db, config, log } = opts;
  const pollMs = opts.pollMs ?? 10_000;
  const leaseMs = opts.leaseMs ?? 30_000;
  const batchSize = opts.batchSize ?? 1;
  const maxAttempts = opts.maxAttempts ?? 10;
  const fallback = opts.send ? undefined : defaultSender(config);
  const send = opts.send ?? fallback!.send;
  const lease = `${leaseMs} milliseconds`;
  let stopped = false;

  // Each claim adds one to `attempts`, so (id, attempts) names this claim: a worker whose lease ran out (and
  // whose row someone else claimed since) can neither renew that lease nor overwrite the new claim's state.
  async function claim(): Promise<OutboxRow[]> {
    const result = await db.execute(sql`
      update outbox set attempts = attempts + 1, next_attempt_at = now() + ${lease}::interval
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
      attachments:
        typeof r.attachments === 'string' ? (JSON.parse(r.attachments) as OutboxAttachment[]) : r.attachments,
      attempts: Number(r.attempts),
      createdAt: new Date(r.created_at),
    }));
  }

  /** Keeps the leases of the claimed rows not yet finished alive until end(); remembers rows whose lease was lost. */
  function holdLeases(rows: OutboxRow[]) {
    const held = new Map(rows.map((r) => [r.id, r.attempts]));
    const lost = new Set<string>();
    let renewing: Promise<void> | undefined;
    const renew = async () => {
      for (const [id, claimNo] of held) {
        try {
          const result = await db.execute(
            sql`update outbox set next_attempt_at = now() + ${lease}::interval where id = ${id} and attempts = ${claimNo} and sent_at is null returning id`,
          );
          if (rowsOf(result).length === 0 && held.has(id)) {
            held.delete(id);
            lost.add(id);
          }
        } catch (err) {
          log.warn({ outboxId: id, err: errorText(err) }, 'could not renew the lease of a mail being sent');
        }
      }
    };
    const timer = setInterval(
      () => {
        renewing ??= renew().finally(() => (renewing = undefined));
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    timer.unref();
    return {
      finished: (id: string) => held.delete(id),
      lost: (id: string) => lost.has(id),
      async end() {
        clearInterval(timer);
        await renewing;
      },
    };
  }

  /**
   * Records a mail the server has accepted. A failure here must not count as a failed send (that would send it
   * again), so the UPDATE is retried until it lands; only a stop gives up, leaving the row to be sent again.
   */
  async function recordSent(row: OutboxRow): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await db.execute(
          sql`update outbox set sent_at = now(), last_error = null where id = ${row.id} and sent_at is null`,
        );
        return;
      } catch (err) {
        if (stopped && attempt > 0) {
          log.error(
            { outboxId: row.id, kind: row.kind, err: errorText(err) },
            'mail sent but not recorded; it will be sent again',
          );
          return;
        }
        log.warn({ outboxId: row.id, kind: row.kind, err: errorText(err) }, 'mail sent; recording it failed, retrying');
        await pause(Math.min(100 * 2 ** attempt, 2000));
      }
    }
  }

  async function deliver(row: OutboxRow): Promise<void> {
    try {
      await send(toMessage(row, config.MAIL_FROM), row);
    } catch (err) {
      const message = errorText(err);
      const delay = backoffMs(row.attempts);
      await db.execute(
        sql`update outbox set last_error = ${message}, next_attempt_at = now() + ${`${delay} milliseconds`}::interval
            where id = ${row.id} and attempts = ${row.attempts} and sent_at is null`,
      );
      if (row.attempts >= maxAttempts)
        log.error({ outboxId: row.id, kind: row.kind, err: message }, 'mail failed too often; giving up');
      else
        log.warn(
          { outboxId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: delay, err: message },
          'mail failed; will retry',
        );
      return;
    }
    await recordSent(row);
    log.info({ outboxId: row.id, kind: row.kind }, 'mail sent');
  }

  /** Gives a claimed row back at once (on stop), so another worker need not wait for its lease. */
  async function release(row: OutboxRow): Promise<void> {
    await db.execute(
      sql`update outbox set attempts = attempts - 1, next_attempt_at = now() where id = ${row.id} and attempts = ${row.attempts} and sent_at is null`,
    );
  }

  async function runOnce(): Promise<number> {
    const rows = await claim();
    if (rows.length === 0) return 0;
    const leases = holdLeases(rows);
    try {
      for (const row of rows) {
        if (leases.lost(row.id)) continue;
        if (stopped) await release(row);
        else await deliver(row);
        leases.finished(row.id);
      }
    } finally {
      await leases.end();
    }
    return rows.length;
  }

  /** Milliseconds until the next unsent row falls due (a retry, or the lease of a worker that died), capped at pollMs. */
  async function untilNextDue(): Promise<number> {
    const [row] = rowsOf<{ ms: number | string | null }>(
      await db.execute(
        sql`select extract(epoch from min(next_attempt_at) - now()) * 1000 as ms from outbox where sent_at is null and attempts < ${maxAttempts}`,
      ),
    );
    if (row?.ms === null || row?.ms === undefined) return pollMs;
    return Math.min(pollMs, Math.max(MIN_WAKE_MS, Math.ceil(Number(row.ms))));
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };

  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      let wait = pollMs;
      try {
        do {
          again = false;
          // A full batch probably means more is waiting: keep going without waiting for the timer.
          if ((await runOnce()) === batchSize) again = true;
          else if (!again) wait = await untilNextDue();
        } while (again && !stopped);
      } catch (err) {
        log.error({ err: errorText(err) }, 'outbox poll failed; retrying on the next poll');
      } finally {
        running = undefined;
        schedule(wait);
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
