import { describe, expect, it } from 'vitest';
import { MarkdownTooDeepError, renderMarkdown } from './markdown';

const REL = 'rel="noopener noreferrer nofollow"';

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists, quotes, rules and inline code', () => {
    const html = renderMarkdown(
      '# Title\n\n## Part\n\nSome **bold**, *italic*, ~~gone~~ and `code`.\n\n- one\n- two\n\n3. three\n4. four\n\n> quoted\n\n---',
    );
    expect(html).toBe(
      [
        '<h1>Title</h1>',
        '<h2>Part</h2>',
        '<p>Some <strong>bold</strong>, <em>italic</em>, <del>gone</del> and <code>code</code>.</p>',
        '<ul>\n<li>one</li>\n<li>two</li>\n</ul>',
        '<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>',
        '<blockquote>\n<p>quoted</p>\n</blockquote>',
        '<hr />',
      ].join('\n'),
    );
  });

  it('escapes code blocks and keeps their language class', () => {
    expect(renderMarkdown('```js\nif (a < b && c) alert("x");\n```')).toBe(
      '<pre><code class="language-js">if (a &lt; b &amp;&amp; c) alert("x");\n</code></pre>',
    );
  });

  it('renders tables with their column alignment', () => {
    expect(renderMarkdown('| a | b |\n|:--|--:|\n| 1 | 2 |')).toBe(
      '<table>\n<thead>\n<tr>\n<th align="left">a</th>\n<th align="right">b</th>\n</tr>\n</thead>\n' +
        '<tbody><tr>\n<td align="left">1</td>\n<td align="right">2</td>\n</tr>\n</tbody></table>',
    );
  });

  it('keeps http, https, mailto and relative links, each with rel="noopener noreferrer nofollow"', () => {
    expect(
      renderMarkdown(
        '[a](https://a.example "Title") [b](http://b.example) [c](mailto:c@example.com) [d](/blogs/2)',
      ),
    ).toBe(
      `<p><a href="https://a.example" title="Title" ${REL}>a</a> <a href="http://b.example" ${REL}>b</a> ` +
        `<a href="mailto:c@example.com" ${REL}>c</a> <a href="/blogs/2" ${REL}>d</a></p>`,
    );
  });

  it('makes images lazy and keeps their alt and title', () => {
    expect(renderMarkdown('![A chart](https://img.example/c.png "Visitors")')).toBe(
      '<p><img src="https://img.example/c.png" alt="A chart" title="Visitors" loading="lazy" /></p>',
    );
  });

  it.each([
    ['a script block', '<script>alert(1)</script>'],
    ['a script inside a paragraph', 'Hello <script>alert(1)</script> there'],
    ['a script inside SVG', '<svg><script>alert(1)</script></svg>'],
    ['a script with odd casing', '<ScRiPt>alert(1)</sCrIpT>'],
  ])('drops %s with its content', (_case, source) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('alert(1)');
  });

  it.each([
    ['a javascript: link', '[x](javascript:alert(1))'],
    ['a javascript: link in capitals', '[x](JAVASCRIPT:alert(1))'],
    ['an entity-encoded javascript: link', '<a href="java&#x73;cript:alert(1)">x</a>'],
    ['a data: link', '[x](data:text/html;base64,PHNjcmlwdD4=)'],
    ['a vbscript: link', '[x](vbscript:msgbox(1))'],
    ['a protocol-relative link', '[x](//evil.example/)'],
  ])('removes the href of %s', (_case, source) => {
    expect(renderMarkdown(source)).toBe(`<p><a ${REL}>x</a></p>`);
  });

  it('removes event handlers and keeps the image, as decorative when it has no alt text', () => {
    expect(renderMarkdown('<img src=x onerror=alert(1)>')).toBe('<img src="x" alt="" loading="lazy" />');
  });

  it('removes image sources that are not http(s)', () => {
    expect(renderMarkdown('![a](javascript:alert(1)) ![b](data:image/png;base64,AAAA)')).toBe(
      '<p><img alt="a" loading="lazy" /> <img alt="b" loading="lazy" /></p>',
    );
  });

  it('drops style attributes, style elements, iframes, objects and forms', () => {
    const html = renderMarkdown(
      '<p style="color:red" onclick="steal()" class="x" id="y">Styled</p>\n\n<style>body{display:none}</style>\n\n' +
        '<iframe src="https://evil.example"></iframe><object data="x"></object>\n\n<form action="/x"><input name="a"></form>',
    );
    expect(html).toBe('<p>Styled</p>');
  });

  it('keeps the text of tags outside the allowlist, escaped', () => {
    expect(renderMarkdown('<div><span>inside</span> <b>bold</b> 1 &lt; 2</div>')).toBe(
      'inside bold 1 &lt; 2',
    );
  });

  it('refuses Markdown nested too deeply to parse, rather than failing', () => {
    expect(() => renderMarkdown('>'.repeat(100_000))).toThrow(MarkdownTooDeepError);
  });
});
