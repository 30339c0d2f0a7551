/** A value of one CSV cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

/** Text a spreadsheet would run as a formula (=, +, -, @, or a leading tab or return). */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: CsvCell): string {
  if (value === null) return '';
  let text = String(value);
  // A name such as "=HYPERLINK(...)" stays text when the file is opened in a spreadsheet (OWASP's advice).
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV: a header row, then one line per row, fields quoted when they need it, CRLF line ends. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A link target that downloads the CSV as a file (a byte-order mark first, so spreadsheets read it as UTF-8). */
export const csvHref = (csv: string) => `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${csv}`)}`;

/** The file name of a figure's CSV: 'pawcare-revenue-per-day-2026-03-01-to-2026-03-30.csv'. */
export const csvFileName = (figure: string, range: { from: string; to: string }) =>
  `pawcare-${figure}-${range.from}-to-${range.to}.csv`;

/** Rupees in a CSV: a plain number with two decimals, for spreadsheets to sum. */
export const csvRupees = (amount: number) => amount.toFixed(2);
