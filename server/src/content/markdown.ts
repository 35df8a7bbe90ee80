import { Marked, type Token } from 'marked';
import sanitizeHtml from 'sanitize-html';

// Blog posts are written in Markdown by admins and read by every visitor, so their HTML is rendered once,
// when a post is saved, and sanitized with an allowlist: Markdown passes raw HTML through, and one careless
// or stolen admin account must not become a script on every visitor's page. Whatever is not listed here
// (scripts, styles, frames, forms, event handlers, style attributes, javascript: URLs) never reaches the
// stored HTML.

const markdown = new Marked({ gfm: true, breaks: false, async: false });

const ALIGN = { name: 'align', multiple: false, values: ['left', 'center', 'right'] };

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'strong', 'em', 'del', 'blockquote'],
    ...['ul', 'ol', 'li', 'code', 'pre', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'loading'],
    ol: ['start'],
    th: [ALIGN],
    td: [ALIGN],
  },
  // Marked marks a fenced block's language for syntax highlighters; nothing else may carry a class.
  allowedClasses: { code: [/^language-[a-z0-9_+-]{1,30}$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Removed tags keep their text (escaped), except these, whose content is code or markup, not prose.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
  transformTags: {
    // Links written in a post are not endorsements, and the opened page gets no handle on this one.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }),
    // An image written without alt text is taken as decorative (`alt=""`), so screen readers skip it rather
    // than read out its file name.
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' },
    }),
  },
};

/**
 * Markdown whose nesting (quotes in lists in quotes…, thousands deep) overflows the parser's stack: refused
 * as input rather than failing as a server error.
 */
export class MarkdownTooDeepError extends Error {
  override name = 'MarkdownTooDeepError';
  constructor() {
    super('The Markdown is nested too deeply to render.');
  }
}

// marked parses recursively; a stack overflow is a RangeError that leaves nothing behind, since each parse
// builds its own lexer and parser.
function guarded<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof RangeError) throw new MarkdownTooDeepError();
    throw error;
  }
}

/** The parsed Markdown: render it with `renderTokens`, read its text with `excerpt.ts`. */
export function lexMarkdown(source: string): Token[] {
  return guarded(() => markdown.lexer(source));
}

export function renderTokens(tokens: Token[]): string {
  return sanitizeHtml(
    guarded(() => markdown.parser(tokens)),
    SANITIZE,
  ).trim();
}

/** Markdown (GitHub flavour) to HTML that is safe to insert into a page as it is. */
export function renderMarkdown(source: string): string {
  return renderTokens(lexMarkdown(source));
}
