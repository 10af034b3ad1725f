import { describe, expect, it } from 'vitest';
import { planFeeds } from '../../../src/publish/feeds.js';
import { post, siteConfig } from '../routes/fixtures.js';

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
});
