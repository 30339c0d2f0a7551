import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CloseIcon, MenuIcon, PawIcon, UserIcon } from '../../components/icons.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';

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

/** A red count of unread items; with the label before it, read out as "Chat, 3 unread". */
function UnreadBadge({ count, label = 'unread' }: { count: number; label?: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span className="sr-only">, </span>
      <span className="ml-1 rounded-full bg-red-700 px-1.5 text-xs font-bold text-white no-underline">
        {count > 99 ? '99+' : count}
        <span className="sr-only"> {label}</span>
      </span>
    </>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-900 underline decoration-2 underline-offset-4' : 'text-ink hover:bg-gray-100'}`;

/**
 * The site header: brand, links and extra controls (chat toggle, profile icon). Below the md breakpoint the
 * links collapse behind a Menu button that closes again on navigation and on Escape. `below` sits under the links
 * inside the sticky header (the staff's emergency banner), so it stays in view while the page scrolls.
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

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-30 border-b border-black/10 bg-white/95 text-ink shadow-sm backdrop-blur">
      <nav
        aria-label={label}
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2 sm:px-6"
      >
        <Link to={brandTo} className="flex items-center gap-2 rounded-md py-1 text-lg font-bold text-brand-800">
          <PawIcon className="h-7 w-7" />
          <span>Pawcare</span>
        </Link>
        <div className="flex items-center gap-1 md:order-last">
          {extra}
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-md p-2 text-ink hover:bg-gray-100 md:hidden"
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
        <ul
          id={menuId}
          className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-1 pb-2 md:flex md:w-auto md:flex-row md:items-center md:pb-0`}
        >
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={linkClass}>
                {item.label}
                {item.badge !== undefined && <UnreadBadge count={item.badge} label={item.badgeLabel} />}
              </NavLink>
            </li>
          ))}
        </ul>
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
