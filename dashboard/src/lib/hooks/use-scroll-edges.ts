import { type RefObject, useEffect, useState } from 'react';

/** Whether a row that scrolls sideways has more to show before its visible part, and after it. */
export interface ScrollEdges {
  before: boolean;
  after: boolean;
}

/** Less than a pixel from an edge counts as at it: zoomed pages scroll by fractions. */
const SLACK_PX = 1;

/** Follows the sideways scroll of `row` (its scrolling, and its width or content changing). */
export function useScrollEdges(row: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ before: false, after: false });
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const measure = () => {
      const before = element.scrollLeft > SLACK_PX;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - SLACK_PX;
      setEdges((current) =>
        current.before === before && current.after === after ? current : { before, after },
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [row]);
  return edges;
}
