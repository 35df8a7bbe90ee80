import { useSelector } from '@tanstack/react-store';
import { useEffect, useId, useRef } from 'react';
import { alertStore, type QueuedAlert } from '../state/alerts';

/** Shows the first queued alert as a modal dialog: Ok and Cancel, focus on Ok, Escape cancels. */
export function AlertHost() {
  const current = useSelector(alertStore, (state) => state.queue[0]);
  return current ? <AlertDialog key={current.id} alert={current} /> : null;
}

function AlertDialog({ alert }: { alert: QueuedAlert }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    // showModal makes the rest of the page inert and traps focus, which a div with a role cannot do.
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="alert-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        alert.settle('cancel');
      }}
    >
      <h2 id={titleId} className="alert-title">
        {alert.title}
      </h2>
      <p id={textId} className="alert-text">
        {alert.text}
      </p>
      <div className="alert-actions">
        <button type="button" className="button" onClick={() => alert.settle('cancel')}>
          Cancel
        </button>
        {/* biome-ignore lint/a11y/noAutofocus: an alert's default action takes focus, as a native alert's does. */}
        <button type="button" className="button button-primary" autoFocus onClick={() => alert.settle('ok')}>
          Ok
        </button>
      </div>
    </dialog>
  );
}
