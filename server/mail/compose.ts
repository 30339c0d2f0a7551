import type { MailBrand } from './brand.ts';
import {
  buttonHtml,
  columnsHtml,
  escapeHtml,
  factsHtml,
  footerText,
  linkHtml,
  listHtml,
  pageHtml,
  paragraphHtml,
  type MailLink,
} from './layout.ts';

/** A mail as the outbox keeps it: subject, plain text and HTML. */
export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** One line of text however it was typed: line breaks inside a value become spaces (subjects, names, list items). */
export const oneLine = (s: string) => s.replace(/[\r\n\u0085\u2028\u2029]+/g, ' ');

/** A sentence with parts set in bold in the HTML; the text part reads them as plain words. */
type Rich = string | readonly (string | { strong: string })[];

/** Label and value rows in a box; a value of several lines is a list of lines. */
export interface FactsBlock {
  kind: 'facts';
  rows: readonly (readonly [label: string, value: string | readonly string[]])[];
}

/** A bulleted list. */
interface ListBlock {
  kind: 'list';
  items: readonly string[];
}

/** Columns with a header and a total row (an order's products); `text` is how the text part lists the same rows. */
interface ColumnsBlock {
  kind: 'columns';
  head: readonly string[];
  align: readonly ('left' | 'right')[];
  rows: readonly (readonly string[])[];
  total: readonly [string, string];
  text: readonly string[];
}

/** One part of a mail's body: a paragraph, or a block. */
type MailBlock = Rich | FactsBlock | ListBlock | ColumnsBlock;

/** What a transactional mail says: a greeting, its body, one button, closing paragraphs, small print. */
export interface MailContent {
  subject: string;
  /** Whom the greeting names. */
  name: string;
  body: readonly MailBlock[];
  /** The button. */
  action: MailLink;
  /** A second link, under the button (a booking's "Manage this booking" beside "Book another time"). */
  also?: MailLink;
  /** Paragraphs after the button. */
  after?: readonly Rich[];
  /** Small print under the clinic's contact details: why this mail came and the link that stops it. */
  footnote?: { text: string; link: MailLink };
}

const isParagraph = (b: MailBlock): b is Rich => typeof b === 'string' || Array.isArray(b);

const richText = (r: Rich) =>
  typeof r === 'string' ? r : r.map((p) => (typeof p === 'string' ? p : p.strong)).join('');
const richHtml = (r: Rich) =>
  typeof r === 'string'
    ? escapeHtml(r)
    : r.map((p) => (typeof p === 'string' ? escapeHtml(p) : `<strong>${escapeHtml(p.strong)}</strong>`)).join('');

const linesOf = (v: string | readonly string[]) => (typeof v === 'string' ? [v] : v).map(oneLine);

/** A block as a text reader reads it: paragraphs as written, lists with dashes, facts as "Label: value". */
function blockText(b: MailBlock): string[] {
  if (isParagraph(b)) return [richText(b)];
  switch (b.kind) {
    case 'list':
      return b.items.map((i) => `- ${oneLine(i)}`);
    case 'columns':
      return b.text.map(oneLine);
    case 'facts':
      return b.rows.flatMap(([label, value]) => {
        const lines = linesOf(value);
        return lines.length === 1 ? [`${label}: ${lines[0]}`] : [`${label}:`, ...lines.map((l) => `  ${l}`)];
      });
  }
}

function blockHtml(b: MailBlock): string {
  if (isParagraph(b)) return paragraphHtml(richHtml(b));
  switch (b.kind) {
    case 'list':
      return listHtml(b.items.map(oneLine));
    case 'columns':
      return columnsHtml(b.head, b.align, b.rows, b.total);
    case 'facts':
      return factsHtml(b.rows.map(([label, value]) => [label, linesOf(value)] as const));
  }
}

/**
 * Builds the plain-text and HTML parts of a mail from the same content, in the clinic's brand. The text part is
 * written for reading as text: blank lines between parts, each link written out after its words, the clinic's
 * details (its signature) after a signature delimiter. The HTML is the shared layout (`pageHtml`) with every text escaped, so a
 * name or a product holding `<script>` or `&` reads as typed; the subject, the name and list items stay on one line.
 */
export function composeMail(brand: MailBrand, m: MailContent): ComposedMail {
  const name = oneLine(m.name);
  const after = m.after ?? [];
  const links = [m.action, ...(m.also ? [m.also] : [])];
  const text = [
    `Hello ${name},`,
    ...m.body.flatMap((b) => ['', ...blockText(b)]),
    '',
    ...links.map((l) => `${l.label}: ${l.href}`),
    ...after.flatMap((a) => ['', richText(a)]),
    '',
    ...footerText(brand),
    ...(m.footnote ? ['', m.footnote.text, `${m.footnote.link.label}: ${m.footnote.link.href}`] : []),
  ].join('\n');
  const firstParagraph = m.body.find(isParagraph);
  const body = [
    paragraphHtml(`Hello ${escapeHtml(name)},`),
    ...m.body.map(blockHtml),
    buttonHtml(brand, m.action),
    ...(m.also ? [paragraphHtml(linkHtml(brand, m.also))] : []),
    `<p style="margin:0 0 16px 0;font-size:12px;line-height:18px;color:#6b7280">If the button does not work, open this address: ${escapeHtml(m.action.href)}</p>`,
    ...after.map((a) => paragraphHtml(richHtml(a))),
  ].join('\n');
  const subject = oneLine(m.subject);
  const html = pageHtml(brand, {
    title: subject,
    preview: oneLine(firstParagraph ? richText(firstParagraph) : subject),
    body,
    footnote: m.footnote && `${escapeHtml(m.footnote.text)} ${linkHtml(brand, m.footnote.link)}.`,
  });
  return { subject, text, html };
}
