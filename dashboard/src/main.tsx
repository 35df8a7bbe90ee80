import { setReaderLocale } from '@footfall/contract/format';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installErrorAlerts } from './app/error-alerts';
import { auth } from './app/services';
import { applyStoredTheme } from './lib/browser/theme';
import { router } from './router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain an element with id "root"');

// Every figure and date is written the way the reader's own language writes it.
setReaderLocale(navigator.languages);
applyStoredTheme();
installErrorAlerts(router);
// With a token from an earlier visit, load the account (a user's or an admin's) at once, so the header knows
// who is signed in.
void auth.ensureAccount();

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
