import type { ReactNode } from 'react';
import { LoadingState } from './states.tsx';

export interface Column<Row> {
  /** Unique among the table's columns. */
  id: string;
  header: string;
  /** The header is read out but not shown (e.g. the column of row actions). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** This column names the row: its cells are row headers, which screen readers announce with every cell. */
  rowHeader?: boolean;
  align?: 'left' | 'right';
  /** Extra classes for this column's cells (wrapping, weight). */
  className?: string;
}

export interface DataTableProps<Row> {
  /** Names the table for assistive technology (shown only to them). */
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Shown instead of the table while the rows are loading. */
  loading?: boolean;
  loadingLabel?: string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** A last row (e.g. a total), under the others. */
  footer?: ReactNode;
  /** `card`: a table of its own on the page; `plain`: inside a card that is already there. */
  variant?: 'card' | 'plain';
}

const cellPadding = { card: 'px-4 py-3', plain: 'py-2' };

/** The app's table for lists of records: a caption, column headers, row headers, and its loading and empty states. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  loadingLabel,
  empty,
  footer,
  variant = 'card',
}: DataTableProps<Row>) {
  if (loading) return <LoadingState label={loadingLabel} />;
  if (rows.length === 0 && empty) return <>{empty}</>;
  const pad = cellPadding[variant];
  const alignOf = (c: Column<Row>) => (c.align === 'right' ? 'text-right' : '');

  const table = (
    <table
      className={
        variant === 'card' ? 'min-w-full divide-y divide-gray-200 text-left text-sm' : 'mt-3 w-full text-left text-sm'
      }
    >
      <caption className="sr-only">{caption}</caption>
      <thead className={variant === 'card' ? 'bg-gray-50 text-ink-muted' : 'text-ink-muted'}>
        <tr>
          {columns.map((c) => (
            <th key={c.id} scope="col" className={`${pad} font-semibold ${alignOf(c)}`}>
              {c.hideHeader ? <span className="sr-only">{c.header}</span> : c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={variant === 'card' ? 'divide-y divide-gray-100' : undefined}>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={variant === 'plain' ? 'border-t border-gray-100' : undefined}>
            {columns.map((c) => {
              const className = `${pad} ${alignOf(c)} ${c.className ?? ''}`;
              return c.rowHeader ? (
                <th key={c.id} scope="row" className={`${className} font-medium`}>
                  {c.cell(row)}
                </th>
              ) : (
                <td key={c.id} className={className}>
                  {c.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
      {footer && <tfoot className="border-t border-gray-200">{footer}</tfoot>}
    </table>
  );

  return variant === 'card' ? (
    <div className="overflow-x-auto rounded-xl bg-white text-ink shadow-sm ring-1 ring-black/5">{table}</div>
  ) : (
    table
  );
}
