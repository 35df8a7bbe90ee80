import { useLocation } from '@tanstack/react-router';
import { type RefObject, useEffect, useRef, useState } from 'react';

export interface Disclosure<Root extends HTMLElement> {
  open: boolean;
  toggle: () => void;
  close: () => void;
  /** The element that holds the button and what it reveals: a press outside it closes. */
  root: RefObject<Root | null>;
  button: RefObject<HTMLButtonElement | null>;
}

/**
 * A button that shows and hides a part of the page (the WAI-ARIA disclosure pattern, which gives the button
 * `aria-expanded` and `aria-controls`). It closes on Escape, which gives the focus back to the button when it
 * was inside; on a press outside `root`; and when the page changes, so a link in it closes it too.
 */
export function useDisclosure<Root extends HTMLElement>(): Disclosure<Root> {
  const [open, setOpen] = useState(false);
  const root = useRef<Root>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Adjusted while rendering, as React advises for state that follows a value: no frame shows the old page
  // with the menu still open.
  const href = useLocation({ select: (location) => location.href });
  const [openedOn, setOpenedOn] = useState(href);
  if (openedOn !== href) {
    setOpenedOn(href);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    // A modal dialog opened from what is revealed (an alert asking to confirm) is above it, not outside it:
    // its keys and presses are its own.
    const inOtherDialog = (target: EventTarget | null) =>
      target instanceof Element && target.closest('dialog') !== null && !root.current?.contains(target);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || inOtherDialog(event.target)) return;
      setOpen(false);
      if (root.current?.contains(document.activeElement)) button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (inOtherDialog(event.target)) return;
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return { open, toggle: () => setOpen((value) => !value), close: () => setOpen(false), root, button };
}
