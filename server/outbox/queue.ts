import { EventEmitter } from 'node:events';
import type { Executor } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

/** An attachment kept in the outbox row; text/calendar ones are sent as the mail's calendar invite. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OutboxMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: OutboxAttachment[];
}

const signal = new EventEmitter();
signal.setMaxListeners(50);

/** Queues a mail. Call inside the transaction of the change it reports, so both commit or neither does. */
export async function enqueueMail(tx: Executor, mail: OutboxMail): Promise<string> {
  const [row] = await tx.insert(outbox).values(mail).returning({ id: outbox.id });
  return row!.id;
}

/** Wakes the outbox worker of this process after a commit, so mail goes out without waiting for the next poll. */
export function nudgeOutbox(): void {
  signal.emit('nudge');
}

/** Subscribes to nudges; returns the unsubscribe function. */
export function onOutboxNudge(listener: () => void): () => void {
  signal.on('nudge', listener);
  return () => signal.off('nudge', listener);
}
