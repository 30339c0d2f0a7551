import { useId, useMemo, type ReactNode } from 'react';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { csvFileName, csvHref, toCsv, type CsvCell } from '../lib/csv.ts';

/** A column of a figure's table: what the table shows, and what its CSV holds, from the same row. */
export interface FigureColumn<Row> extends Column<Row> {
  /** The CSV's header of this column (default: the table's). */
  csvHeader?: string;
  csv: (row: Row) => CsvCell;
}

export interface FigureProps<Row> {
  title: string;
  /** What the figure counts and how, in a sentence. */
  description: ReactNode;
  /** The chart in words, for screen readers (the chart itself is an image to them). */
  summary: string;
  chart: ReactNode;
  /** Shown instead of the chart and the table when the range holds nothing to draw. */
  empty?: string;
  /** Controls above the chart (how it is split). */
  controls?: ReactNode;
  columns: FigureColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Names the CSV file: pawcare-<csvName>-<from>-to-<to>.csv. */
  csvName: string;
  range: { from: string; to: string };
  className?: string;
}

/**
 * One figure of the analytics page: a heading, the chart (an image with a summary to assistive technology), its
 * table behind "Show table", and the same table as a CSV file.
 */
export function Figure<Row>({
  title,
  description,
  summary,
  chart,
  empty,
  controls,
  columns,
  rows,
  rowKey,
  csvName,
  range,
  className = '',
}: FigureProps<Row>) {
  const id = useId();
  const href = useMemo(
    () =>
      csvHref(
        toCsv(
          columns.map((c) => c.csvHeader ?? c.header),
          rows.map((r) => columns.map((c) => c.csv(r))),
        ),
      ),
    [columns, rows],
  );
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`min-w-0 rounded-xl bg-white p-4 text-ink shadow-sm ring-1 ring-black/5 sm:p-6 ${className}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">{description}</p>
        </div>
        {controls}
      </div>
      {empty ? (
        <div className="mt-4">
          <EmptyState title={empty} />
        </div>
      ) : (
        <>
          <div role="img" aria-label={summary} className="mt-4 h-64 w-full">
            {chart}
          </div>
          <div className="mt-4 flex flex-wrap items-start justify-between gap-3">
            <details className="min-w-0 flex-1 basis-full sm:basis-auto">
              <summary
                aria-label={`Show table of ${title.toLowerCase()}`}
                className="cursor-pointer font-semibold text-brand-800 hover:underline"
              >
                Show table
              </summary>
              {/* A long table scrolls in its box: focusable, so the keyboard can scroll it too. */}
              <div
                role="region"
                aria-label={`Table of ${title.toLowerCase()}`}
                tabIndex={0}
                className="mt-2 max-h-96 overflow-auto rounded-md focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <DataTable variant="plain" caption={title} columns={columns} rows={rows} rowKey={rowKey} />
              </div>
            </details>
            <a
              href={href}
              download={csvFileName(csvName, range)}
              aria-label={`Download CSV of ${title.toLowerCase()}`}
              className="font-semibold text-brand-800 underline-offset-2 hover:underline"
            >
              Download CSV
            </a>
          </div>
        </>
      )}
    </section>
  );
}
