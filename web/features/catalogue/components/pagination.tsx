import { Link } from 'react-router';
import { buttonClasses } from '../../../components/button.tsx';

export interface PaginationProps {
  page: number;
  pages: number;
  /** The address of a page, with the filters and order of this one. */
  hrefFor: (page: number) => string;
  /** Route state each page keeps (e.g. where to go back to). */
  state?: unknown;
}

/** Where there is no previous or next page: greyed, but still readable (WCAG contrast), and not a link. */
const off =
  'inline-flex items-center justify-center gap-2 rounded-md border border-gray-200 bg-gray-50 px-4 py-2 text-sm font-semibold text-gray-600 select-none';

/** Previous / "Page 2 of 3" / Next, as links: each page has its own address, so it can be shared or reopened. */
export function Pagination({ page, pages, hrefFor, state }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} state={state} className={buttonClasses('secondary')}>
          <span aria-hidden="true">←</span> Previous
        </Link>
      ) : (
        <span className={off}>
          <span aria-hidden="true">←</span> Previous
        </span>
      )}
      <p className="themed text-sm font-medium">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} state={state} className={buttonClasses('secondary')}>
          Next <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span className={off}>
          Next <span aria-hidden="true">→</span>
        </span>
      )}
    </nav>
  );
}
