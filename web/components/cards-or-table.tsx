import { Fragment, type ReactNode } from 'react';
import { DataTable, type Column } from './data-table.tsx';

export interface CardsOrTableProps<Row> {
  /** Names the list and the table for assistive technology. */
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** The top of a row's card: its name (a heading) and what stands beside it. */
  cardHeader: (row: Row) => ReactNode;
  /** The card's label and value pairs. */
  cardDetails: (row: Row) => [label: string, value: ReactNode][];
  /** The row's buttons, at the foot of its card. */
  cardActions: (row: Row) => ReactNode;
  /** From which breakpoint the table replaces the cards: `lg` for tables too wide for a tablet. */
  tableFrom?: 'md' | 'lg';
}

// Whole class names, so Tailwind finds them in the source.
const SHOW = {
  md: { cards: 'md:hidden', table: 'hidden md:block' },
  lg: { cards: 'lg:hidden', table: 'hidden lg:block' },
};

/** An admin list: one card per row on phones, a table on wider screens. */
export function CardsOrTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  cardHeader,
  cardDetails,
  cardActions,
  tableFrom = 'md',
}: CardsOrTableProps<Row>) {
  const show = SHOW[tableFrom];
  return (
    <>
      {/* Phones: one card per row. */}
      <ul className={`space-y-4 ${show.cards}`} aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-xl bg-white p-4 text-ink shadow-sm ring-1 ring-black/5">
            {cardHeader(row)}
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {cardDetails(row).map(([label, value]) => (
                <Fragment key={label}>
                  <dt className="text-ink-muted">{label}</dt>
                  <dd>{value}</dd>
                </Fragment>
              ))}
            </dl>
            <div className="mt-3">{cardActions(row)}</div>
          </li>
        ))}
      </ul>
      {/* Wide screens: a table. */}
      <div className={show.table}>
        <DataTable caption={caption} columns={columns} rows={rows} rowKey={rowKey} />
      </div>
    </>
  );
}
