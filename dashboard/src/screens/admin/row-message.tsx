import type { RowMessage } from './use-row-actions';

/** The outcome of the last change made from a table, announced as it appears. */
export function RowMessageLine({ message }: { message: RowMessage | undefined }) {
  return (
    <div aria-live="polite" className="row-message">
      {message ? (
        <p className={message.tone === 'error' ? 'form-error' : 'notice notice-success'}>{message.text}</p>
      ) : null}
    </div>
  );
}
