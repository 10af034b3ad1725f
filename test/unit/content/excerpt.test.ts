import { describe, expect, it } from 'vitest';
import { listedHtml } from '../../../src/content/excerpt.js';

describe('listedHtml', () => {
  it("leads raw HTML's relative links where they lead from the post's page, however their attributes are written", () => {
    const html = `<p><a href='../notes'>single</a> <a href=more/x>unquoted</a> <a HREF="Up">capitals</a> <img src='a.png'></p>\n`;
    // On the blog's list (/en/blog) they would have led to /en/notes, /en/more/x and /en/Up.
    expect(listedHtml(html, '/en/blog/2025/01/08/raw')).toBe(
      '<p><a href="/en/blog/2025/01/notes">single</a> <a href="/en/blog/2025/01/08/more/x">unquoted</a> <a HREF="/en/blog/2025/01/08/Up">capitals</a> <img src="/en/blog/2025/01/08/a.png"></p>\n',
    );
  });

  it('keeps markup shown in a code block as written', () => {
    const html = `<pre><code>&lt;a href='x'&gt;</code></pre>\n<pre class="shiki"><code><a href='y'>y</a></code></pre>\n`;
    expect(listedHtml(html, '/blog/2025/01/08/raw')).toBe(html);
  });
});
