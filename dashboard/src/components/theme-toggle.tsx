import { useState } from 'react';
import { applyTheme, storedTheme, type ThemeChoice } from '../lib/browser/theme';

const NEXT: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Record<ThemeChoice, string> = {
  system: 'System theme',
  light: 'Light theme',
  dark: 'Dark theme',
};
const ICON: Record<ThemeChoice, string> = { system: '◐', light: '☀', dark: '☾' };

/** Cycles system → light → dark; the button says which theme is on and what a press does. */
export function ThemeToggle() {
  const [choice, setChoice] = useState(storedTheme);
  const next = NEXT[choice];
  return (
    <button
      type="button"
      className="button button-icon"
      title={`${LABEL[choice]} (switch to ${LABEL[next].toLowerCase()})`}
      aria-label={`${LABEL[choice]}. Switch to ${LABEL[next].toLowerCase()}`}
      onClick={() => {
        applyTheme(next);
        setChoice(next);
      }}
    >
      <span aria-hidden="true">{ICON[choice]}</span>
    </button>
  );
}
