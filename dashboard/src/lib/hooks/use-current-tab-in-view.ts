import { type RefObject, useEffect, useRef } from 'react';

/**
 * A row of tabs that scrolls sideways on a phone keeps its current tab (`aria-current="page"`) in view, also
 * when the window narrows. Answers the ref to put on the row.
 */
export function useCurrentTabInView<T extends HTMLElement>(): RefObject<T | null> {
  const row = useRef<T>(null);
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const reveal = () => {
      const active = element.querySelector<HTMLElement>('[aria-current="page"]');
      if (active && element.scrollWidth > element.clientWidth) {
        element.scrollLeft = active.offsetLeft - (element.clientWidth - active.offsetWidth) / 2;
      }
    };
    reveal();
    const observer = new ResizeObserver(reveal);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return row;
}
