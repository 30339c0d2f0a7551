import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Spinner } from './states.tsx';

export interface RowMenuItem {
  /** What the menu shows ('Delete'). */
  label: string;
  /** What is read out, when the label alone does not say whose row it is ('Delete Meera'). */
  ariaLabel?: string;
  onSelect: () => void;
  /** Drawn in red: it deletes, deactivates or takes something away (and asks first). */
  danger?: boolean;
  disabled?: boolean;
}

export interface RowMenuProps {
  /** Names the button for assistive technology: 'More actions for Meera'. */
  label: string;
  items: RowMenuItem[];
  /** One of the row's actions is in flight: the button waits, with a spinner. */
  busy?: boolean;
}

const GAP = 4;

/** Where the open menu goes: under the button, its right edge on the button's, above it when there is no room below. */
function place(button: HTMLElement, menu: HTMLElement): { top: number; left: number } {
  const b = button.getBoundingClientRect();
  const m = menu.getBoundingClientRect();
  const below = b.bottom + GAP + m.height <= window.innerHeight || b.top - GAP - m.height < 0;
  return {
    top: below ? b.bottom + GAP : b.top - GAP - m.height,
    left: Math.max(GAP, Math.min(b.right - m.width, window.innerWidth - m.width - GAP)),
  };
}

/**
 * A row's actions behind one button (the menu button pattern): the button says whose row it is, the menu lists the
 * actions. Arrow keys, Home and End move between them; Escape closes the menu and gives the focus back to the
 * button, as does choosing an action, so a question the action asks returns there too. The menu is fixed to the
 * window, so a table's scrolling box never cuts it off.
 */
export function RowMenu({ label, items, busy = false }: RowMenuProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const [at, setAt] = useState<{ top: number; left: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const entries = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not(:disabled)') ?? [])];
  const close = (refocus: boolean) => {
    setOpen(false);
    setAt(null);
    if (refocus) buttonRef.current?.focus();
  };

  // Placed before it is painted (measured unseen, still focusable), then the first (or last) action takes the focus.
  useLayoutEffect(() => {
    if (!open || !buttonRef.current || !menuRef.current) return;
    setAt(place(buttonRef.current, menuRef.current));
    const list = entries();
    (open === 'last' ? list.at(-1) : list[0])?.focus({ preventScroll: true });
  }, [open]);

  // A click elsewhere closes it; scrolling or a new window size takes it along.
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    const follow = () => {
      if (buttonRef.current && menuRef.current) setAt(place(buttonRef.current, menuRef.current));
    };
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [open]);

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const list = entries();
    const now = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (e.key === 'ArrowDown') go(now + 1);
    else if (e.key === 'ArrowUp') go(now - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') {
      // The focus moves on from the button, as if the menu had not been there.
      close(true);
      return;
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const choose = (item: RowMenuItem) => {
    close(true);
    item.onSelect();
  };

  return (
    <div className="inline-block">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={!!open}
        aria-controls={open ? menuId : undefined}
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKey}
        className="inline-flex items-center gap-1.5 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-ink shadow-sm hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy && <Spinner className="h-4 w-4" />}
        Actions
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKey}
          style={at ? { top: at.top, left: at.left } : { top: 0, left: 0, opacity: 0 }}
          className="fixed z-50 min-w-44 rounded-md bg-white py-1 text-sm text-ink shadow-lg ring-1 ring-black/10"
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-label={item.ariaLabel}
              disabled={item.disabled}
              onClick={() => choose(item)}
              className={`block w-full px-4 py-2 text-left font-medium hover:bg-gray-100 focus:bg-gray-100 focus-visible:-outline-offset-4 disabled:cursor-not-allowed disabled:opacity-60 ${item.danger ? 'text-red-800' : ''}`}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
