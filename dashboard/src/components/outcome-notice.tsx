import { Notice } from './notice';

/** What the last action of a panel came to: a success to read, or a failure announced at once. */
export type Outcome = { tone: 'success' | 'error'; text: string };

export function OutcomeNotice({ outcome }: { outcome: Outcome | undefined }) {
  if (!outcome) return null;
  if (outcome.tone === 'success') return <Notice tone="success">{outcome.text}</Notice>;
  return (
    <p className="form-error" role="alert">
      {outcome.text}
    </p>
  );
}
