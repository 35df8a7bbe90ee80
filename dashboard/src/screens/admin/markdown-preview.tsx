import { useEffect, useState } from 'react';
import { previewBlogPost } from '../../api/admin-content';
import { isApiError } from '../../api/api-error';
import { http } from '../../app/services';

/** How long typing must pause before the preview is asked for again. */
export const PREVIEW_DELAY_MS = 300;

type PreviewState =
  | { status: 'empty' }
  | { status: 'loading'; html: string }
  | { status: 'ready'; html: string }
  | { status: 'failed'; html: string; message: string };

/**
 * The post as visitors will see it: the Markdown rendered by the server (`previewBlogPost`),
 * by the same code and allowlist that render it on save, a moment after typing stops.
 */
export function MarkdownPreview({ markdown }: { markdown: string }) {
  const [state, setState] = useState<PreviewState>({ status: 'empty' });
  const empty = markdown.trim() === '';

  useEffect(() => {
    if (empty) {
      setState({ status: 'empty' });
      return;
    }
    setState((current) => ({ status: 'loading', html: 'html' in current ? current.html : '' }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // In the background: no full-page loader at every pause in typing.
      previewBlogPost(http, { body_markdown: markdown }, { background: true, signal: controller.signal })
        .then(({ data }) => setState({ status: 'ready', html: data.body_html }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const message =
            isApiError(error) && error.status === 422
              ? (Object.values(error.errors)[0]?.[0] ?? error.message)
              : 'The server did not answer.';
          setState((current) => ({ status: 'failed', html: 'html' in current ? current.html : '', message }));
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [markdown, empty]);

  return (
    <section
      className="panel blog-preview"
      aria-labelledby="blog-preview-title"
      aria-busy={state.status === 'loading'}
    >
      <header className="panel-head">
        <h2 id="blog-preview-title">Preview</h2>
        <span className="muted small" role="status">
          {state.status === 'loading'
            ? 'Updating…'
            : state.status === 'ready'
              ? 'As visitors will see it'
              : ''}
        </span>
      </header>
      {state.status === 'failed' ? (
        <p className="form-error" role="alert">
          The preview could not be updated: {state.message} Your text is kept; keep typing or save it.
        </p>
      ) : null}
      {state.status === 'empty' ? (
        <p className="muted blog-preview-empty">Write the post in the editor: it appears here as you type.</p>
      ) : (
        <div
          className="blog-preview-body prose"
          data-testid="blog-preview"
          // The server renders the Markdown and sanitizes the result with its allowlist (no scripts, no event
          // handlers, no javascript: URLs), as it does for the published post.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitized HTML, see above.
          dangerouslySetInnerHTML={{ __html: state.html }}
        />
      )}
    </section>
  );
}
