// Light, dark or the system's choice, kept in localStorage (a preference, not an identifier). The choice is
// written as `data-theme` on <html>; without one, the stylesheet follows `prefers-color-scheme`.

export type ThemeChoice = 'system' | 'light' | 'dark';
const STORAGE_KEY = 'footfall-theme';

export function storedTheme(): ThemeChoice {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(choice: ThemeChoice): void {
  if (choice === 'system') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.setAttribute('data-theme', choice);
  try {
    if (choice === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage can be refused (private modes); the choice then lasts for this page only.
  }
}

export function applyStoredTheme(): void {
  applyTheme(storedTheme());
}
