import { Store } from '@tanstack/react-store';

// Modal alerts (docs/architecture.md "The dashboard": every alert has Ok and Cancel). Alerts queue: one shows at a time, and an alert
// identical to one already waiting is not queued twice (ten failed requests are one problem to the reader).

export type AlertChoice = 'ok' | 'cancel';

export interface AlertRequest {
  title: string;
  text: string;
}

export interface QueuedAlert extends AlertRequest {
  id: number;
  settle: (choice: AlertChoice) => void;
  /** Everyone who asked for this same alert while it waited. */
  waiting: ((choice: AlertChoice) => void)[];
}

export const alertStore = new Store<{ queue: QueuedAlert[] }>({ queue: [] });

let nextId = 1;

/** Shows an alert and settles with the button that closed it (Escape counts as Cancel). */
export function showAlert(request: AlertRequest): Promise<AlertChoice> {
  return new Promise((resolve) => {
    const same = alertStore.state.queue.find(
      (alert) => alert.title === request.title && alert.text === request.text,
    );
    if (same) {
      same.waiting.push(resolve);
      return;
    }
    const id = nextId++;
    const alert: QueuedAlert = {
      ...request,
      id,
      waiting: [resolve],
      settle: (choice) => {
        alertStore.setState((state) => ({ queue: state.queue.filter((queued) => queued.id !== id) }));
        for (const waiter of alert.waiting) waiter(choice);
      },
    };
    alertStore.setState((state) => ({ queue: [...state.queue, alert] }));
  });
}
