import { describe, expect, it } from 'vitest';
import { embedSnippet } from './embed-snippet';

describe('the embed snippet', () => {
  it("frames the link's embedded view, titled with its name", () => {
    expect(embedSnippet({ url: 'https://stats.example/share/abc', name: 'Board' })).toBe(
      '<iframe src="https://stats.example/share/abc?embed=true" title="Board" width="100%" height="900" style="border:0" loading="lazy"></iframe>',
    );
  });

  it('escapes a name that would end the attribute or open a tag', () => {
    const snippet = embedSnippet({
      url: 'https://stats.example/share/abc',
      name: 'A "quoted" <b>bold</b> & co',
    });
    expect(snippet).toContain('title="A &quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt; &amp; co"');
    expect(snippet.match(/"/g)?.length).toBe(12);
  });
});
