import { escapeHtml } from './booking-confirmed.ts';

/** A mail as the outbox keeps it: subject, plain text and HTML. */
export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** One line of text however it was typed: line breaks inside a value become spaces (subjects, names, list items). */
export const oneLine = (s: string) => s.replace(/[\r\n\u0085\u2028\u2029]+/g, ' ');

/** What a short transactional mail says: a greeting, paragraphs, an optional list, one action link, closing lines. */
export interface MailContent {
  subject: string;
  /** Whom the greeting names. */
  name: string;
  lines: string[];
  /** Shown as a bulleted list after the paragraphs (an order's items). */
  list?: string[];
  /** The button's words and where it leads. */
  action: string;
  link: string;
  after?: string[];
  /** The closing line: the clinic's or the shop's name. */
  signature: string;
}

/**
 * Builds the plain-text and HTML parts of a mail from the same content. Every text goes into the HTML escaped, so a
 * name or a product holding `<script>` or `&` reads as typed; the subject, the name and list items stay on one line.
 */
export function composeMail(m: MailContent): ComposedMail {
  const name = oneLine(m.name);
  const list = (m.list ?? []).map(oneLine);
  const after = m.after ?? [];
  const text = [
    `Hello ${name},`,
    '',
    ...m.lines,
    ...(list.length ? ['', ...list.map((l) => `- ${l}`)] : []),
    '',
    `${m.action}: ${m.link}`,
    ...(after.length ? ['', ...after] : []),
    '',
    m.signature,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>Hello ${e(name)},</p>
${m.lines.map((l) => `<p>${e(l)}</p>`).join('\n')}
${list.length ? `<ul>\n${list.map((l) => `<li>${e(l)}</li>`).join('\n')}\n</ul>\n` : ''}<p><a href="${e(m.link)}" style="display:inline-block;padding:8px 16px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">${e(m.action)}</a></p>
<p style="color:#6b7280;font-size:12px">If the button does not work, open this address: ${e(m.link)}</p>
${after.map((l) => `<p>${e(l)}</p>`).join('\n')}${after.length ? '\n' : ''}<p>${e(m.signature)}</p>
</body></html>`;
  return { subject: oneLine(m.subject), text, html };
}
