import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CloseIcon, MenuIcon, PawIcon, UserIcon } from '../../components/icons.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useRowFits } from './use-row-fits.ts';

export interface NavItem {
  to: string;
  label: string;
  /** Match the path exactly (for home links such as "/"). */
  end?: boolean;
  /** Unread items behind the link (shown as a red count). */
  badge?: number;
  /** What the count counts, read after it (default "unread"). */
  badgeLabel?: string;
}

const badgeClass = 'ml-1 rounded-full px-1.5 text-xs font-bold';
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** A red count of unread items; with the label before it, read out as "Chat, 3 unread". */
function UnreadBadge({ count, label = 'unread' }: { count: number; label?: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span className="sr-only">, </span>
      <span className={`${badgeClass} bg-red-700 text-white no-underline`}>
        {badgeText(count)}
        <span className="sr-only"> {label}</span>
      </span>
    </>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-900 underline decoration-2 underline-offset-4' : 'text-ink hover:bg-gray-100'}`;

/**
 * Where the links go: in the header's row, behind the Menu button, or, before the row is measured (a prerendered
 * page), wherever the md breakpoint puts them.
 */
const layouts = {
  row: { list: 'flex-row items-center gap-1', controls: 'order-last', menu: 'hidden' },
  // Scrolls within itself where the window is too short for every link (a phone held sideways).
  menu: {
    list: 'max-h-[calc(100dvh-5rem)] w-full flex-col gap-1 overflow-y-auto pb-2',
    controls: '',
    menu: 'inline-flex',
  },
  unmeasured: {
    list: 'w-full flex-col gap-1 pb-2 md:flex md:w-auto md:flex-row md:items-center md:pb-0',
    controls: 'md:order-last',
    menu: 'inline-flex md:hidden',
  },
};

/**
 * The links as they would stand in the header's row, never seen: what the row is measured with while they are behind
 * the menu. Their words are drawn by CSS (`content: attr(...)`), so no search and no screen reader finds them twice.
 */
function LinksAsInRow({ items }: { items: NavItem[] }) {
  const drawn = 'before:content-[attr(data-text)]';
  return (
    <div aria-hidden="true" className="invisible absolute top-0 left-0 h-0 w-0 overflow-hidden">
      <div data-row-part className="flex w-max items-center gap-1">
        {items.map((item) => (
          <span key={item.to} data-text={item.label} className={`${linkClass({ isActive: false })} ${drawn}`}>
            {!!item.badge && item.badge > 0 && (
              <span data-text={badgeText(item.badge)} className={`${badgeClass} ${drawn}`} />
            )}
          </span>
        ))}
      </div>
    </div>
  );
}

/**
 * The site header: brand, links and extra controls (chat toggle, profile icon), on one row. When the links do not
 * fit beside the brand and the controls (measured, so a longer list or a narrower window is caught whatever its
 * width), they collapse behind a Menu button that leads the Tab order into them and closes again on navigation and
 * on Escape, which gives the focus back to it. `below` sits under the links inside the sticky header (the staff's
 * emergency banner), so it stays in view while the page scrolls.
 */
export function Navbar({
  brandTo,
  items,
  extra,
  below,
  label = 'Main',
}: {
  brandTo: string;
  items: NavItem[];
  extra?: ReactNode;
  below?: ReactNode;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const menuId = useId();
  const location = useLocation();
  const row = useRowFits<HTMLElement>();
  const layout = layouts[row.fits === null ? 'unmeasured' : row.fits ? 'row' : 'menu'];
  const menuButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => setOpen(false), [location.pathname, row.fits]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      // From inside the menu, back to its button rather than to the page's start once the links are hidden.
      const focused = document.activeElement;
      if (!focused || focused === document.body || list.current?.contains(focused)) menuButton.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-30 border-b border-black/10 bg-white/95 text-ink shadow-sm backdrop-blur">
      {/* Wider than the pages (max-w-6xl): a customer's links, with one more than today, still fit one row. */}
      <nav
        ref={row.ref}
        aria-label={label}
        className="relative mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 sm:px-6"
      >
        <Link
          to={brandTo}
          data-row-part
          className="flex shrink-0 items-center gap-2 rounded-md py-1 text-lg font-bold text-brand-800"
        >
          <PawIcon className="h-7 w-7" />
          {/* On the narrowest phones the mark alone, so the controls beside it keep one row; its name stays. */}
          <span className="max-[399px]:sr-only">Pawcare</span>
        </Link>
        <div className={`flex shrink-0 items-center gap-1 ${layout.controls}`}>
          <div data-row-part className="flex items-center gap-1">
            {extra}
          </div>
          <button
            ref={menuButton}
            type="button"
            className={`items-center gap-1 rounded-md p-2 text-ink hover:bg-gray-100 ${layout.menu}`}
            aria-expanded={open}
            aria-controls={menuId}
            // A prerendered page's menu opens once the app runs it.
            disabled={!hydrated}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
            <span className="sr-only">Menu</span>
          </button>
        </div>
        <ul ref={list} id={menuId} className={`${open || row.fits ? 'flex' : 'hidden'} ${layout.list}`}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={linkClass}>
                {item.label}
                {item.badge !== undefined && <UnreadBadge count={item.badge} label={item.badgeLabel} />}
              </NavLink>
            </li>
          ))}
        </ul>
        <LinksAsInRow items={items} />
      </nav>
      {below}
    </header>
  );
}

/** The round profile icon that leads to the signed-in user's profile page. */
export function ProfileLink({ to, name }: { to: string; name?: string }) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        `inline-flex h-10 w-10 items-center justify-center rounded-full ${isActive ? 'bg-brand-700 text-white' : 'bg-brand-50 text-brand-900 hover:bg-brand-100'}`
      }
    >
      <UserIcon className="h-5 w-5" />
      <span className="sr-only">Profile{name ? ` of ${name}` : ''}</span>
    </NavLink>
  );
}
