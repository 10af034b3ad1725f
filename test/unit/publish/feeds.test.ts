import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { planFeeds } from '../../../src/publish/feeds.js';
import { post, siteConfig } from '../routes/fixtures.js';

/** xmllint's complaints about an XML text (empty when it is well-formed). */
function xmlProblems(xml: string): string {
  const result = spawnSync('xmllint', ['--noout', '-'], { input: xml, encoding: 'utf8' });
  return result.status === 0 ? '' : result.stderr || `xmllint exited with ${result.status}`;
}

describe('planFeeds', () => {
  it("resolves a post's relative links from its own address, the same HTML at another address included, plan after plan", async () => {
    const config = siteConfig();
    const html = '<h2 id="why">Why<a class="hash-link" href="#why">#</a></h2>\n<p>See <a href="../notes">the notes</a> and <img src="cover.png" alt=""></p>\n';
    const rendered = { html, headings: [], headingLines: [], excerptHtml: null, intro: '', sections: [], readingMinutes: 1, refs: [] };
    // One post in both locales, its English page a copy of the same HTML (an untranslated post) at /en/.
    const zh = post('2024/06/18/version-11', '第 11 版', { rendered });
    const en = post('2024/06/18/version-11', 'Version 11', { locale: 'en', permalink: '/en/blog/2024/06/18/version-11', rendered });
    const [zhLocale, enLocale] = config.locales;
    const contentOf = async (locale: typeof zhLocale, entries: typeof zh[]) => {
      const files = await planFeeds(config, locale!, entries).make();
      return JSON.parse(String(files.find((f) => f.path.endsWith('feed.json'))!.contents)).items[0].content_html as string;
    };
    // Resolved as a browser resolves them on the page (its address has no trailing slash).
    for (let round = 0; round < 2; round++) {
      const zhContent = await contentOf(zhLocale, [zh, en]);
      const enContent = await contentOf(enLocale, [zh, en]);
      expect(zhContent).toContain('href="https://glint.example/blog/2024/06/notes"');
      expect(zhContent).toContain('src="https://glint.example/blog/2024/06/18/cover.png"');
      expect(enContent).toContain('href="https://glint.example/en/blog/2024/06/notes"');
      expect(enContent).toContain('src="https://glint.example/en/blog/2024/06/18/cover.png"');
      // The heading's own `#` link is the page's, not the feed's.
      expect(zhContent).not.toContain('hash-link');
    }
  });

  it('writes feeds every reader parses: no control character, titles as Atom reads them, a term on each category, the language, an author for the feed', async () => {
    const config = siteConfig();
    const en = config.locales[1]!;
    // Terminal output pasted into a post: a vertical tab and an escape code, which XML 1.0 does not allow.
    const html = '<p>Run it:\u000b \u001b[31mred</p>\n<!-- truncate -->\n<p>More.</p>\n';
    const rendered = { html, headings: [], headingLines: [], excerptHtml: null, intro: '', sections: [], readingMinutes: 1, refs: [] };
    const item = post('2024/06/18/tabs', 'Using <Tabs> & more', { locale: 'en', permalink: '/en/blog/2024/06/18/tabs', rendered, description: 'On <Tabs>', tags: ['Guides'] });
    const files = await planFeeds(config, en, [item]).make();
    const text = (name: string) => String(files.find((f) => f.path.endsWith(name))!.contents);
    const [rss, atom, json] = [text('rss.xml'), text('atom.xml'), JSON.parse(text('feed.json'))];
    for (const xml of [rss, atom]) expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    // type="html": the title's `<` is text, escaped; RSS's and JSON's titles are text as written.
    expect(atom).toContain('<title type="html"><![CDATA[Using &lt;Tabs&gt; &amp; more]]></title>');
    expect(atom).toContain('<summary type="html"><![CDATA[On &lt;Tabs&gt;]]></summary>');
    expect(rss).toContain('<title><![CDATA[Using <Tabs> & more]]></title>');
    // RSS's description is HTML to its readers, as Atom's summary is: `<Tabs>` is escaped, shown as written.
    expect(rss).toContain('<description><![CDATA[On &lt;Tabs&gt;]]></description>');
    expect(json.items[0].title).toBe('Using <Tabs> & more');
    expect(json.items[0].summary).toBe('On <Tabs>');
    expect(atom).toMatch(/<category label="Guides" term="Guides"\/>/);
    expect(atom).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">');
    expect(json.language).toBe('en');
    // An entry without authors is covered by the feed's (RFC 4287 4.1.1).
    expect(atom).toMatch(/<feed[^]*?<author>\s*<name>/);
    expect(atom).toContain('<published>2024-06-18T00:00:00.000Z</published>');
    expect(json.items[0].date_published).toBe('2024-06-18T00:00:00.000Z');
    // The truncate marker is the page's.
    expect(json.items[0].content_html).not.toContain('<!--');
  });

  it("holds the locale's own posts: one it has no translation of is in its own language's feeds only", async () => {
    const config = siteConfig();
    const [zhLocale, enLocale] = config.locales;
    const zh = post('2024/06/18/version-11', '第 11 版');
    const copy = post('2024/06/18/version-11', '第 11 版', { locale: 'en', permalink: '/en/blog/2024/06/18/version-11', untranslated: true });
    const own = post('2024/06/01/hello', 'Hello', { locale: 'en', permalink: '/en/blog/2024/06/01/hello' });
    const titles = async (locale: typeof zhLocale) => JSON.parse(String((await planFeeds(config, locale!, [zh, copy, own]).make()).find((f) => f.path.endsWith('feed.json'))!.contents)).items.map((i: { title: string }) => i.title);
    expect(await titles(enLocale)).toEqual(['Hello']);
    expect(await titles(zhLocale)).toEqual(['第 11 版']);
  });

  it("dates an item by the time of day its date: gives, in every feed", async () => {
    const config = siteConfig();
    const rendered = { html: '<p>x</p>', headings: [], headingLines: [], excerptHtml: null, intro: '', sections: [], readingMinutes: 1, refs: [] };
    const item = post('2025/03/25/late', 'Late', { rendered, dateTime: '2025-03-25T23:30:00+08:00' });
    const files = await planFeeds(config, config.locales[0]!, [item]).make();
    const text = (name: string) => String(files.find((f) => f.path.endsWith(name))!.contents);
    // Before: midnight UTC of the day, in each.
    expect(text('rss.xml')).toContain('<pubDate>Tue, 25 Mar 2025 15:30:00 GMT</pubDate>');
    expect(text('atom.xml')).toContain('<published>2025-03-25T15:30:00.000Z</published>');
    expect(JSON.parse(text('feed.json')).items[0].date_published).toBe('2025-03-25T15:30:00.000Z');
  });

  it("lists a day's posts given a time before the one given its day alone, and is updated at the latest of them", async () => {
    const config = siteConfig();
    const rendered = { html: '<p>x</p>', headings: [], headingLines: [], excerptHtml: null, intro: '', sections: [], readingMinutes: 1, refs: [] };
    // 07:00 in Beijing, 23:00 UTC the day before; the other post of the day is dated 00:00 UTC.
    const early = post('2025/03/26/early', 'Early', { rendered, dateTime: '2025-03-26T07:00:00+08:00' });
    const day = post('2025/03/26/day', 'Day', { rendered });
    const files = await planFeeds(config, config.locales[0]!, [day, early]).make();
    const text = (name: string) => String(files.find((f) => f.path.endsWith(name))!.contents);
    expect(JSON.parse(text('feed.json')).items.map((item: { title: string }) => item.title)).toEqual(['Early', 'Day']);
    expect(text('rss.xml')).toContain('<lastBuildDate>Wed, 26 Mar 2025 00:00:00 GMT</lastBuildDate>');
    expect(text('atom.xml')).toMatch(/<feed [^>]*>\n\s*<id>[^<]*<\/id>\n\s*<title>[^<]*<\/title>\n\s*<updated>2025-03-26T00:00:00.000Z<\/updated>/);
  });

  it('writes a tag whose label holds & or < as a well-formed Atom category, and keeps the label as written in RSS and JSON', async () => {
    const config = siteConfig();
    const en = config.locales[1]!;
    const item = post('2024/06/18/tips', 'Tips', { locale: 'en', permalink: '/en/blog/2024/06/18/tips', tags: ['Tips & Tricks', 'A<B> "C"'] });
    const files = await planFeeds(config, en, [item]).make();
    const text = (name: string) => String(files.find((f) => f.path.endsWith(name))!.contents);
    const [rss, atom, json] = [text('rss.xml'), text('atom.xml'), JSON.parse(text('feed.json'))];
    expect(xmlProblems(atom)).toBe('');
    expect(xmlProblems(rss)).toBe('');
    expect(atom).toContain('<category label="Tips &amp; Tricks" term="Tips &amp; Tricks"/>');
    expect(atom).toContain('<category label="A&lt;B&gt; &quot;C&quot;" term="A&lt;B&gt; &quot;C&quot;"/>');
    expect(rss).toContain('<category>Tips &amp; Tricks</category>');
    expect(json.items[0].tags).toEqual(['Tips & Tricks', 'A<B> "C"']);
  });

  it('writes well-formed feeds when a title, a description or the content holds "]]>" more than once', async () => {
    const config = siteConfig();
    const en = config.locales[1]!;
    // A post about CDATA sections: the sequence in its title, its description and the attributes of its raw HTML.
    const html = '<p><abbr title="ends with ]]>">one</abbr> and <abbr title="also ]]>">two</abbr></p>\n';
    const rendered = { html, headings: [], headingLines: [], excerptHtml: null, intro: '', sections: [], readingMinutes: 1, refs: [] };
    const title = 'Why ]]> ends a CDATA section, and ]]> again';
    const description = 'On ]]> and ]]>';
    const item = post('2024/06/18/cdata', title, { locale: 'en', permalink: '/en/blog/2024/06/18/cdata', rendered, description });
    const files = await planFeeds(config, en, [item]).make();
    const text = (name: string) => String(files.find((f) => f.path.endsWith(name))!.contents);
    const [rss, atom, json] = [text('rss.xml'), text('atom.xml'), JSON.parse(text('feed.json'))];
    expect(xmlProblems(rss)).toBe('');
    expect(xmlProblems(atom)).toBe('');
    // What a reader gets back from the CDATA sections is the text as written.
    const cdata = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}[^>]*>((?:<!\\[CDATA\\[[\\s\\S]*?\\]\\]>)+)</${tag}>`, 'g'))].map((m) => m[1]!.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1'));
    expect(cdata(rss, 'title')).toEqual([title]);
    // RSS's description is HTML (escaped as Atom's summary is), which shows the text as written.
    expect(cdata(rss, 'description')).toEqual(['On ]]&gt; and ]]&gt;']);
    expect(cdata(rss, 'content:encoded')).toEqual([html]);
    expect(cdata(atom, 'content')).toEqual([html]);
    expect(json.items[0].content_html).toBe(html);
    expect(json.items[0].title).toBe(title);
  });

  it("makes raw HTML's links absolute however their attributes are written: in single quotes, unquoted, in capitals", async () => {
    const config = siteConfig();
    const html = `<p><a href='../notes'>single</a> <a href=more/x>unquoted</a> <A HREF="Up">capitals</A> <img src='a.png' srcset='a.png 1x, b.png 2x'> <a title="a > b" href="c">after a quoted &gt;</a></p>\n<p>Set href=plain in the config.</p>\n`;
    const rendered = { html, headings: [], headingLines: [], excerptHtml: null, intro: '', sections: [], readingMinutes: 1, refs: [] };
    const item = post('2024/06/18/raw', 'Raw', { rendered });
    const files = await planFeeds(config, config.locales[0]!, [item]).make();
    const content = JSON.parse(String(files.find((f) => f.path.endsWith('feed.json'))!.contents)).items[0].content_html as string;
    // Resolved from the post's address, as its page resolves them (feed readers would resolve them from the feed's).
    expect(content).toContain('<a href="https://glint.example/blog/2024/06/notes">single</a>');
    expect(content).toContain('<a href="https://glint.example/blog/2024/06/18/more/x">unquoted</a>');
    expect(content).toContain('<A HREF="https://glint.example/blog/2024/06/18/Up">capitals</A>');
    expect(content).toContain('<img src="https://glint.example/blog/2024/06/18/a.png" srcset="https://glint.example/blog/2024/06/18/a.png 1x, https://glint.example/blog/2024/06/18/b.png 2x">');
    expect(content).toContain('<a title="a > b" href="https://glint.example/blog/2024/06/18/c">');
    // Text that only looks like an attribute is text.
    expect(content).toContain('<p>Set href=plain in the config.</p>');
  });
});
