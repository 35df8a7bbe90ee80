import { describe, expect, it } from 'vitest';
import { EXCERPT_LENGTH, markdownExcerpt } from './excerpt';

describe('markdownExcerpt', () => {
  it('is the plain text of the Markdown, without markup, code blocks, images or raw HTML tags', () => {
    const source =
      '# Why **no** cookies\n\nTom &amp; Jerry use [links](https://x.example) and `code`.\n\n' +
      '![chart](https://x.example/c.png)\n\n```\nhidden code\n```\n\n- one\n- two\n\n<b>bold</b> \\*stars\\*';
    expect(markdownExcerpt(source)).toBe(
      'Why no cookies. Tom & Jerry use links and code. one, two. bold *stars*',
    );
  });

  it('keeps a heading, its paragraph and the items of a list apart as sentences, and leaves tables out', () => {
    const source =
      '## How a source is chosen\n\nThe first page view has it\n\n## Which one wins?\n\n' +
      '| Source | Visits |\n| --- | --- |\n| Google | 12 |\n\n* Fast\n* Small.\n* Private\n\nThat is all';
    expect(markdownExcerpt(source)).toBe(
      'How a source is chosen. The first page view has it. Which one wins? Fast, Small. Private. That is all',
    );
  });

  it('keeps short text whole', () => {
    expect(markdownExcerpt('Just a line.')).toBe('Just a line.');
  });

  it('cuts long text at a word boundary and marks the cut', () => {
    const excerpt = markdownExcerpt(`${'word '.repeat(100)}end`);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_LENGTH + 1);
    expect(excerpt).toMatch(/^(word )+word…$/);
  });

  it('cuts a single endless word where it must', () => {
    expect(markdownExcerpt('x'.repeat(500))).toBe(`${'x'.repeat(EXCERPT_LENGTH)}…`);
  });

  it('drops punctuation left at the cut', () => {
    expect(markdownExcerpt('Alpha beta, gamma delta.', 12)).toBe('Alpha beta…');
  });
});
