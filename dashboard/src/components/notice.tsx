import type { ReactNode } from 'react';

/** A short notice in a card or a form: success, information or a warning (read out as an alert). */
export function Notice({ tone, children }: { tone: 'success' | 'info' | 'warning'; children: ReactNode }) {
  return (
    <div className={`notice notice-${tone}`} role={tone === 'warning' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
