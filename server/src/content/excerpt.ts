import type { Token, Tokens } from 'marked';
import { lexMarkdown } from './markdown';

/** The length of an excerpt made from a post's text. */
export const EXCERPT_LENGTH = 200;

/** Tokens whose text is not prose: raw HTML, code blocks, link definitions, images. */
const SKIPPED = new Set(['html', 'code', 'def', 'image', 'space', 'hr', 'checkbox']);

function collectText(tokens: Token[], out: string[]): void {
  for (const token of tokens) {
    if (SKIPPED.has(token.type)) continue;
    if (token.type === 'list') {
      for (const item of (token as Tokens.List).items) {
        collectText(item.tokens, out);
        out.push(' ');
      }
    } else if (token.type === 'table') {
      const table = token as Tokens.Table;
      for (const cell of [...table.header, ...table.rows.flat()]) collectText(cell.tokens, out);
    } else if ('tokens' in token && token.tokens) {
      collectText(token.tokens, out);
    } else if (token.type === 'br') {
      out.push(' ');
    } else if ('text' in token && typeof token.text === 'string') {
      out.push(token.text);
    }
    // Blocks end with a space, so a heading and the paragraph after it do not run together.
    if (token.type === 'heading' || token.type === 'paragraph') out.push(' ');
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
  const out: string[] = [];
  collectText(tokens, out);
  return decodeEntities(out.join('')).replace(/\s+/g, ' ').trim();
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
