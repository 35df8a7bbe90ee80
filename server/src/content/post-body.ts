import { fieldError } from '../errors';
import { excerptOf } from './excerpt';
import { lexMarkdown, MarkdownTooDeepError, renderTokens } from './markdown';

export interface RenderedPostBody {
  /** Sanitized HTML, stored with the post and served as it is. */
  bodyHtml: string;
  /** The excerpt made from the post's text, used when the editor gives none. */
  derivedExcerpt: string;
}

/** Renders a post's Markdown once for both its HTML and its excerpt; too deep a nesting is 422. */
export function renderPostBody(markdown: string): RenderedPostBody {
  try {
    const tokens = lexMarkdown(markdown);
    // The excerpt first: it only reads the tokens, whatever rendering does to them.
    const derivedExcerpt = excerptOf(tokens);
    return { bodyHtml: renderTokens(tokens), derivedExcerpt };
  } catch (error) {
    if (error instanceof MarkdownTooDeepError) {
      throw fieldError('body_markdown', 'The body markdown field is nested too deeply to render.');
    }
    throw error;
  }
}
