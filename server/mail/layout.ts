import type { MailBrand } from './brand.ts';

/* The HTML every e-mail is set in: tables and inline styles only, as mail clients render them (no <style>, no CSS file). */

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const e = escapeHtml;

/** A link of a mail: its words and where it leads. */
export interface MailLink {
  label: string;
  href: string;
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#e5e7eb';
const PAGE = '#f3f4f6';
/** A layout table: no spacing or border of its own (attributes as well as CSS, for Outlook). */
const TABLE = 'role="presentation" border="0" cellpadding="0" cellspacing="0"';

/** A paragraph of already escaped HTML. */
export function paragraphHtml(html: string): string {
  return `<p style="margin:0 0 16px 0">${html}</p>`;
}

/**
 * A button in the clinic's colour that every client draws: a table cell with the fill (bgcolor for Outlook) holding
 * a padded link, so the whole button is the link and it still shows as a coloured block with images off.
 */
export function buttonHtml(brand: MailBrand, link: MailLink): string {
  return `<table ${TABLE} style="margin:8px 0 16px 0"><tr><td align="center" bgcolor="${brand.color}" style="border-radius:6px;background-color:${brand.color}"><a href="${e(link.href)}" target="_blank" style="display:inline-block;padding:12px 24px;border:1px solid ${brand.color};border-radius:6px;${FONT};font-size:16px;font-weight:bold;line-height:20px;color:${brand.onColor};text-decoration:none">${e(link.label)}</a></td></tr></table>`;
}

/** A plain link in the clinic's colour. */
export function linkHtml(brand: MailBrand, link: MailLink): string {
  return `<a href="${e(link.href)}" style="color:${brand.color};text-decoration:underline">${e(link.label)}</a>`;
}

/** Label and value rows in a light box (a booking's service, pet and time; the clinic's contact details). */
export function factsHtml(rows: readonly (readonly [string, string[]])[]): string {
  const cells = rows
    .map(
      ([label, lines]) =>
        `<tr><th align="left" valign="top" style="padding:6px 12px;width:35%;font-weight:normal;color:${MUTED}">${e(label)}</th><td valign="top" style="padding:6px 12px;color:${INK}">${lines.map(e).join('<br>')}</td></tr>`,
    )
    .join('\n');
  return `<table ${TABLE} width="100%" style="width:100%;margin:0 0 16px 0;border:1px solid ${RULE};border-radius:6px;border-collapse:separate">\n${cells}\n</table>`;
}

/** A table of columns (an order's products): a header row, the rows, and a total row in bold. */
export function columnsHtml(
  head: readonly string[],
  align: readonly ('left' | 'right')[],
  rows: readonly (readonly string[])[],
  total: readonly [string, string],
): string {
  const cell = (tag: 'td' | 'th', text: string, i: number) =>
    `<${tag} align="${align[i] ?? 'left'}" style="padding:6px 12px 6px 0;border-bottom:1px solid ${RULE}">${e(text)}</${tag}>`;
  const line = (tag: 'td' | 'th', cells: readonly string[]) =>
    `<tr>${cells.map((c, i) => cell(tag, c, i)).join('')}</tr>`;
  return `<table ${TABLE} width="100%" style="width:100%;margin:0 0 16px 0;border-collapse:collapse">
${line('th', head)}
${rows.map((r) => line('td', r)).join('\n')}
<tr><th align="left" colspan="${head.length - 1}" style="padding:6px 12px 6px 0">${e(total[0])}</th><td align="right" style="padding:6px 12px 6px 0"><strong>${e(total[1])}</strong></td></tr>
</table>`;
}

/** A bulleted list. */
export function listHtml(items: readonly string[]): string {
  return `<ul style="margin:0 0 16px 0;padding:0 0 0 20px">\n${items.map((i) => `<li style="margin:0 0 4px 0">${e(i)}</li>`).join('\n')}\n</ul>`;
}

/** The header: the logo (when it can be fetched) beside the clinic's name in its colour. */
function headerHtml(brand: MailBrand): string {
  const name = `<span style="${FONT};font-size:20px;font-weight:bold;line-height:28px;color:${brand.color}">${e(brand.name)}</span>`;
  if (!brand.logoUrl) return name;
  return `<table ${TABLE}><tr><td valign="middle" style="padding:0 12px 0 0"><img src="${e(brand.logoUrl)}" width="40" height="40" alt="" style="display:block;border:0;outline:none;text-decoration:none"></td><td valign="middle">${name}</td></tr></table>`;
}

/** The footer: who sent it and how to reach the clinic, then the mail's own small print (an unsubscribe link). */
function footerHtml(brand: MailBrand, footnote: string | undefined): string {
  const contact = [
    `<strong>${e(brand.name)}</strong>`,
    e(brand.address),
    `Phone: ${e(brand.phone)} &middot; E-mail: <a href="mailto:${e(brand.email)}" style="color:${MUTED}">${e(brand.email)}</a>`,
  ].join('<br>');
  return `<p style="margin:0">${contact}</p>${footnote ? `\n<p style="margin:12px 0 0 0">${footnote}</p>` : ''}`;
}

/** What goes into the page: the subject (the document's title), the inbox preview, the body and the small print. */
export interface PageParts {
  title: string;
  /** The line inboxes show beside the subject (hidden in the mail itself). */
  preview: string;
  /** The body's HTML, every typed text already escaped. */
  body: string;
  /** Escaped HTML of the small print under the contact details. */
  footnote?: string;
}

/**
 * The whole HTML document of a mail: a grey page with a white card at most 600 px wide, topped by a rule in the
 * clinic's colour, its logo and name; the body; the footer with the clinic's address and contact.
 */
export function pageHtml(brand: MailBrand, parts: PageParts): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(parts.title)}</title>
</head>
<body style="margin:0;padding:0;background-color:${PAGE}">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${e(parts.preview)}</div>
<table ${TABLE} width="100%" bgcolor="${PAGE}" style="width:100%;background-color:${PAGE}">
<tr><td align="center" style="padding:24px 12px">
<table ${TABLE} width="600" bgcolor="#ffffff" style="width:100%;max-width:600px;background-color:#ffffff;border-top:4px solid ${brand.color};border-radius:8px">
<tr><td style="padding:24px 32px 8px 32px">${headerHtml(brand)}</td></tr>
<tr><td style="padding:8px 32px 16px 32px;${FONT};font-size:16px;line-height:24px;color:${INK}">
${parts.body}
</td></tr>
<tr><td style="padding:16px 32px 24px 32px;border-top:1px solid ${RULE};${FONT};font-size:12px;line-height:18px;color:${MUTED}">
${footerHtml(brand, parts.footnote)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** The plain-text footer: a signature delimiter, then the clinic's name, address and contact. */
export function footerText(brand: MailBrand): string[] {
  return ['-- ', brand.name, brand.address, `Phone: ${brand.phone}`, `E-mail: ${brand.email}`];
}
