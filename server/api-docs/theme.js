// The reference's theme, chosen before the first paint: the reader's choice in the dashboard if they made
// one (the same `footfall-theme` key as dashboard/src/lib/theme.ts, same origin), else the system's.
// Swagger UI draws its dark palette under `html.dark-mode`; footfall-api.css reads `color-scheme`.
(() => {
  const root = document.documentElement;
  const system = window.matchMedia('(prefers-color-scheme: dark)');
  function storedChoice() {
    try {
      return localStorage.getItem('footfall-theme');
    } catch {
      return null; // Storage can be refused (private modes): follow the system.
    }
  }
  function apply() {
    const choice = storedChoice();
    const dark = choice === 'dark' || (choice !== 'light' && system.matches);
    root.classList.toggle('dark-mode', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  }
  apply();
  system.addEventListener('change', apply);
  window.addEventListener('storage', (event) => {
    if (event.key === 'footfall-theme') apply();
  });
})();
