import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page's heading is waited for after a navigation (its code and data may still be loading). */
const HEADING_WAIT_MS = 10_000;

const lost = () => !document.activeElement || document.activeElement === document.body;

/**
 * After a navigation that left the focus nowhere (the control that had it went with the old page: a login form, a
 * finished checkout), the focus moves to the new page's main heading once it is on screen, so keyboard and
 * screen-reader users carry on from the top of what they came for, not from the start of the document. A page that
 * placed the focus itself, and a link in a navbar that stays, keep it.
 */
export function FocusAfterNavigation() {
  const { key } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const focusHeading = (): boolean => {
      if (!lost()) return true;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [key]);
  return null;
}
