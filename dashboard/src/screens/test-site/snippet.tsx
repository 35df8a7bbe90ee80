import { type ReactNode, useState } from 'react';
import { CopyButton } from '../../components/copy-button';

/** The snippet's options (tracker README), each explained, toggled into the snippet shown. */
const OPTIONS = [
  { attribute: 'data-outbound-links', text: 'Count clicks on links to other sites (Outbound Link: Click).' },
  { attribute: 'data-file-downloads', text: 'Count clicks on links to files: PDF, ZIP, documents, media.' },
  {
    attribute: 'data-tagged-events',
    text: 'Count clicks on elements tagged data-footfall-event, no JavaScript needed.',
  },
  { attribute: 'data-hash', text: 'Hash-based routing: every #/route is a page.' },
  { attribute: 'data-respect-dnt', text: "Send nothing when the browser's Do Not Track is on." },
  {
    attribute: 'data-allow-localhost',
    text: 'Also track localhost and automated browsers, for development.',
  },
] as const;

const QUEUE_STUB =
  '<script>window.footfall=window.footfall||function(){(window.footfall.q=window.footfall.q||[]).push(arguments)}</script>';

/** The tag for the page's `<head>`, with the options chosen. */
export function snippetFor(origin: string, trackingKey: string, attributes: readonly string[]): string {
  const flags = attributes.map((attribute) => ` ${attribute}`).join('');
  return `<script defer src="${origin}/t.js" data-company="${trackingKey}"${flags}></script>`;
}

export function Snippet({
  trackingKey,
  title = '1. Add the snippet',
  children,
}: {
  trackingKey: string;
  /** The panel's heading: a step of the set-up by default. */
  title?: string;
  /** More of the panel, after the snippet's options and the custom events. */
  children?: ReactNode;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const snippet = snippetFor(window.location.origin, trackingKey, chosen);
  const toggle = (attribute: string, on: boolean) =>
    setChosen((current) => (on ? [...current, attribute] : current.filter((item) => item !== attribute)));

  return (
    <section className="panel" aria-labelledby="snippet-title">
      <header className="panel-head">
        <h2 id="snippet-title">{title}</h2>
      </header>
      <p className="muted">
        Paste this into the <code>&lt;head&gt;</code> of every page. It sets no cookies and stores nothing in
        the browser.
      </p>
      <div className="code-block">
        <pre data-testid="snippet">
          <code>{snippet}</code>
        </pre>
        <CopyButton text={snippet} label="Copy snippet" />
      </div>
      <fieldset className="options">
        <legend>Options</legend>
        {OPTIONS.map(({ attribute, text }) => (
          <label key={attribute} className="option">
            <input
              type="checkbox"
              checked={chosen.includes(attribute)}
              onChange={(event) => toggle(attribute, event.target.checked)}
            />
            <span>
              <code>{attribute}</code> <span className="muted">{text}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <details className="more">
        <summary>Custom events</summary>
        <p className="muted small">
          Call this anywhere after the snippet; props are optional (up to 30 strings, numbers or booleans).
        </p>
        <pre className="code-block">
          <code>{"window.footfall('signup', { props: { plan: 'pro', seats: 3 } });"}</code>
        </pre>
        <p className="muted small">To call it before the deferred script has loaded, add this stub first:</p>
        <pre className="code-block">
          <code>{QUEUE_STUB}</code>
        </pre>
      </details>
      {children}
    </section>
  );
}
