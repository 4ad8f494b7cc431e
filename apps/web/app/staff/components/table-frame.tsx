import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The frame of a table that may be wider than the page: a region named for screen readers that
 * scrolls sideways (the allocations grid, taller than the window, also down). It is a stop of
 * Tab, so the arrow keys can scroll it, only while it has something to scroll: a table that fits
 * (most of them on a laptop, every list of cards on a phone) would otherwise put a stop that does
 * nothing before each table's first link.
 */
export function TableFrame({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    // The frame narrows with the window; the table grows with its rows. An observer also reports
    // each element's size once when it starts, which is the first measurement.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={frame} className={className ? `staff-table-wrap ${className}` : 'staff-table-wrap'} role="region" aria-label={label} tabIndex={scrolls ? 0 : undefined}>
      {children}
    </div>
  );
}
