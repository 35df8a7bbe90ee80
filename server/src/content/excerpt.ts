import type { Token, Tokens } from 'marked';
import { lexMarkdown } from './markdown';

/** The length of an excerpt made from a post's text. */
export const EXCERPT_LENGTH = 200;

/**
 * Tokens whose text is not prose: raw HTML, code blocks, link definitions, images, and tables, whose cells
 * are data that reads as nonsense run together in a sentence.
 */
const SKIPPED = new Set(['html', 'code', 'def', 'image', 'space', 'hr', 'checkbox', 'table']);

/** Punctuation that already ends a block's text, so that nothing is added before the next. */
const ENDS_SENTENCE = /[.!?:;…,]["'”’)\]]*$/u;

/**
 * The words of a Markdown document in reading order. Blocks are kept apart as a reader hears them: a
 * heading or a paragraph ends with a full stop and a list item with a comma (the list's last with a full
 * stop) unless their own punctuation ends them, so "## How a source is chosen" and the paragraph after it
 * do not run into one sentence.
 */
class PlainText {
  private readonly parts: string[] = [];
  private pending: '' | '.' | ',' = '';

  add(text: string): void {
    if (text.trim() === '') {
      this.parts.push(text);
      return;
    }
    if (this.pending) {
      while (this.parts.length > 0 && (this.parts.at(-1) ?? '').trim() === '') this.parts.pop();
      const last = this.parts.pop()?.trimEnd();
      if (last) this.parts.push(ENDS_SENTENCE.test(last) ? last : `${last}${this.pending}`, ' ');
      this.pending = '';
    }
    this.parts.push(text);
  }

  /** The block just read is over: the next text starts after `mark`, unless it ended itself. */
  endBlock(mark: '.' | ','): void {
    if (this.parts.length > 0) this.pending = mark;
  }

  toString(): string {
    return this.parts.join('');
  }
}

function collectText(tokens: Token[], out: PlainText): void {
  for (const token of tokens) {
    if (SKIPPED.has(token.type)) continue;
    if (token.type === 'list') {
      const items = (token as Tokens.List).items;
      items.forEach((item, index) => {
        collectText(item.tokens, out);
        out.endBlock(index === items.length - 1 ? '.' : ',');
      });
    } else if ('tokens' in token && token.tokens) {
      collectText(token.tokens, out);
    } else if (token.type === 'br') {
      out.add(' ');
    } else if ('text' in token && typeof token.text === 'string') {
      out.add(token.text);
    }
    if (token.type === 'heading' || token.type === 'paragraph' || token.type === 'blockquote')
      out.endBlock('.');
  }
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Markdown text keeps the entities its author typed (`&amp;`); plain text wants the characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (entity, name: string) => {
    if (name[0] !== '#') return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    const code =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** A post's plain text: the words of its Markdown without markup, code blocks or images. */
export function plainTextOf(tokens: Token[]): string {
  const out = new PlainText();
  collectText(tokens, out);
  return decodeEntities(out.toString()).replace(/\s+/g, ' ').trim();
}

/** The first ~`length` characters of the post's text, cut at a word boundary, with `…` when cut. */
export function excerptOf(tokens: Token[], length = EXCERPT_LENGTH): string {
  const text = plainTextOf(tokens);
  if (text.length <= length) return text;
  const cut = text.slice(0, length + 1);
  const boundary = cut.lastIndexOf(' ');
  // A single word longer than the whole excerpt is cut where it must be.
  const kept = boundary > length / 2 ? cut.slice(0, boundary) : text.slice(0, length);
  return `${kept.replace(/[\s.,;:!?-]+$/, '')}…`;
}

export const markdownExcerpt = (source: string, length = EXCERPT_LENGTH): string =>
  excerptOf(lexMarkdown(source), length);
