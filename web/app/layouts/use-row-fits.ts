import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** Room kept free between the links and the controls beside them, so a row that fits never looks jammed. */
const BREATHING_ROOM = 24;

/**
 * Whether the parts of a header fit side by side in one row of the element given `ref`: the elements inside it marked
 * `data-row-part`, each at its natural one-line width, plus the element's gaps between them, against its content
 * box. Measured before paint and again whenever the element or a part changes size (a resized window, a count badge,
 * one link more), so the answer follows the words actually drawn rather than a breakpoint guessed for them. Null
 * until measured (a prerendered page, or no layout at all as in jsdom): the caller falls back on a CSS breakpoint.
 */
export function useRowFits<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [fits, setFits] = useState<boolean | null>(null);

  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const parts = [...box.querySelectorAll<HTMLElement>('[data-row-part]')];
    const measure = () => {
      const style = getComputedStyle(box);
      const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (!(room > 0)) return setFits(null);
      const gaps = (parts.length - 1) * (parseFloat(style.columnGap) || 0);
      const needed = parts.reduce((sum, p) => sum + p.getBoundingClientRect().width, gaps + BREATHING_ROOM);
      setFits(needed <= room);
    };
    measure();
    // Drawn in the frame that measured it, so a resized window never shows a row that overflows, even for a frame.
    const observer = new ResizeObserver(() => flushSync(measure));
    for (const el of [box, ...parts]) observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return { ref, fits };
}
