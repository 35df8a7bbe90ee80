import { useCallback, useState } from 'react';
import { isApiError } from '../../api/api-error';

export interface RowMessage {
  tone: 'success' | 'error';
  text: string;
}

/**
 * The changes made from a table's rows (a plan, a suspension): which rows have one under way (their
 * controls wait), and the last outcome, said above the table. Server faults, lost connections and refusals
 * (401, 403) are already alerts (the error catalogue), so only the other refusals are said here.
 */
export function useRowActions() {
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [message, setMessage] = useState<RowMessage | undefined>();

  const run = useCallback(async (id: number, work: () => Promise<string>, what: string) => {
    setBusy((current) => new Set(current).add(id));
    setMessage(undefined);
    try {
      setMessage({ tone: 'success', text: await work() });
    } catch (error) {
      if (
        isApiError(error) &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 401 &&
        error.status !== 403
      ) {
        const detail = Object.values(error.errors)[0]?.[0] ?? error.message;
        setMessage({ tone: 'error', text: `${what} failed: ${detail}` });
      } else if (!isApiError(error)) {
        setMessage({ tone: 'error', text: `${what} failed. Reload the page and try again.` });
      }
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  }, []);

  return { busy, message, run };
}
