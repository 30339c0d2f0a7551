import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from './fixtures.ts';

/* A server's mail as the browser specs read it: with SMTP_URL unset it writes every mail as an .eml file to
 * DATA_DIR/outbox. */

/** The .eml files of an outbox folder (none while no mail was written). */
export async function outboxFiles(outbox: string): Promise<string[]> {
  try {
    return (await readdir(outbox)).filter((f) => f.endsWith('.eml'));
  } catch {
    return []; // No mail written yet.
  }
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return body;
}

/** The decoded text of every leaf part of a MIME message (a small reader: enough for the server's own mails). */
function mimeTexts(message: string): string[] {
  const split = message.search(/\r?\n\r?\n/);
  const head = split < 0 ? message : message.slice(0, split);
  const body = split < 0 ? '' : message.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const boundary = /content-type:\s*multipart\/[^\n]*boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => mimeTexts(part.replace(/^\r?\n/, '')));
  }
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase() ?? '7bit';
  return [decodeBody(body, encoding)];
}

/**
 * Waits for a mail to `to` in `outbox` that was not there before (`before`, from {@link outboxFiles}) and carries a
 * link matching `link` (an absolute http(s) address); answers that link's path and query, to open on the server, and
 * the mail's texts.
 */
export async function linkFromNewMail(
  outbox: string,
  to: string,
  link: RegExp,
  before: string[],
): Promise<{ link: string; texts: string[] }> {
  let found: { link: string; texts: string[] } | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await outboxFiles(outbox)).filter((f) => !before.includes(f)).sort();
        for (const file of fresh.reverse()) {
          const raw = await readFile(path.join(outbox, file), 'utf8');
          const headers = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
          const recipient = /^to:(.*)$/im.exec(headers)?.[1] ?? '';
          if (!recipient.toLowerCase().includes(to.toLowerCase())) continue;
          const texts = mimeTexts(raw);
          for (const text of texts) {
            const hit = link.exec(text)?.[0];
            if (hit) {
              const url = new URL(hit.replace(/&amp;/g, '&'));
              found = { link: `${url.pathname}${url.search}`, texts };
              return found.link;
            }
          }
        }
        return undefined;
      },
      { message: `a mail to ${to} with a link like ${String(link)}`, timeout: 20_000 },
    )
    .toBeDefined();
  return found!;
}
