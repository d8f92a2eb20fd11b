import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/** Whether the element is wider inside than it shows (it scrolls sideways), kept up as either resizes. */
export function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) {
      return;
    }
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) {
      observer.observe(el.firstElementChild);
    }
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

/**
 * The line above a table that scrolls sideways, since a shadow at its edge is easy to miss: for
 * ScrollArea and the data grid alike. Hidden from screen readers, whom the table's name tells.
 */
export function ScrollHint() {
  return (
    <p className="scroll-area__hint" aria-hidden="true">
      Scroll the table sideways for more columns.
    </p>
  );
}

/**
 * A table's wrapper that scrolls sideways when the table is wider than the screen (a phone). Only
 * then is it a named, focusable region, so keyboard users can scroll it (WCAG 2.1.1) without
 * adding a tab stop where nothing scrolls, and only then does a line under it say so.
 */
export function ScrollArea({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(ref);
  return (
    <>
      {/* On a phone the columns past the edge held the figures (Proposed, Variance, Available)
          and nothing said they were there. Said above the table, where a long one is first seen;
          hidden from screen readers, whom the region's name tells. */}
      {scrolls ? <ScrollHint /> : null}
      <div
        ref={ref}
        className={`table-wrap scroll-area${className ? ` ${className}` : ''}`}
        {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrolls sideways` } : {})}
      >
        {children}
      </div>
    </>
  );
}
