// Blog authors and tags as a team moving from Docusaurus has them: blog/authors.yml and blog/tags.yml in each
// locale, authors written out in a post, tags nothing declares (blog.onInlineTags), author pages, the feeds'
// author fields, the files' problems at their lines, and warm builds, the dev server and `sitegen new post`
// following an edit of the files.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitegen } from '../helpers/build';
import { startDevServer, type DevServer } from '../../src/serve/runServe';
import { poll } from '../e2e/helpers/site';
import { builtOnce, configSource, md, REPO, writeSite } from '../helpers/site';

/** The default theme, links to pages left unjudged (its home page links to the bundled site's docs). */
const config = (blog = '') => configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off' }, ${blog}`);
/** A 1 × 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const ZH_AUTHORS = `jane:
  name: 简·多伊
  title: 产品经理
  email: jane@example.org
  image_url: /img/jane.png
  page: true
  socials:
    github: janedoe
    x: jane
li:
  name: 李雷
  title: 工程师
  page: { permalink: /li-lei }
wang:
  name: 王五
`;
const EN_AUTHORS = 'jane:\n  name: Jane Doe\n  title: Product manager\n  email: jane@example.org\n  image_url: /img/jane.png\n  page: true\n  socials: { github: janedoe, x: jane }\nli:\n  name: Li Lei\n  title: Engineer\n  page: { permalink: /li-lei }\nwang:\n  name: Wang Wu\n';
const TAGS = 'releases:\n  label: 版本发布\n  permalink: /release\n  description: 每个新版本的说明。\n';
const GUEST = { name: '访客', title: '客座作者', url: 'https://guest.example', socials: { github: 'guest' } };

const SITE: Record<string, string | Uint8Array> = {
  'site.config.ts': config("blog: { postsPerPage: 2, onInlineTags: 'ignore', tags: { news: { 'zh-Hans': '新闻', en: 'News' } }, authors: { team: { name: 'Team' } } },"),
  'content/zh-Hans/blog/authors.yml': ZH_AUTHORS,
  'content/en/blog/authors.yml': EN_AUTHORS,
  'content/zh-Hans/blog/tags.yml': TAGS,
  'content/static/img/jane.png': PNG,
  'content/zh-Hans/blog/2024-01-01-a.md': md({ title: '甲', description: 'a', tags: ['news', 'releases'], authors: ['jane', 'li'] }),
  'content/zh-Hans/blog/2024-01-02-b.md': md({ title: '乙', description: 'b', tags: ['releases', 'Product News'], authors: ['jane'] }),
  'content/zh-Hans/blog/2024-01-03-c.md': md({ title: '丙', description: 'c', tags: ['Product News'], authors: ['jane', GUEST, 'wang'] }),
  'content/en/blog/2024-01-03-c.md': md({ title: 'C', description: 'c', tags: ['Product News'], authors: ['jane', GUEST, 'wang'] }),
};

/** `sitegen build` of the site in `dir`, or the `sitegen new …` that `args` give. */
function build(dir: string, args: string[] = []) {
  return sitegen([...(args[0] === 'new' ? args : ['build', ...args]), '--config', join(dir, 'site.config.ts')]);
}

/** Each problem the build printed, its hint after a `|`. */
const problems = (output: string) => output.split('\n').filter((l) => /^\S+ (error|warning)\[|^\s+hint:/.test(l)).reduce<string[]>((out, l) => (/^\s+hint:/.test(l) ? [...out.slice(0, -1), `${out.at(-1)} |${l.replace(/^\s+hint:/, '')}`] : [...out, l]), []);
const read = (dir: string, path: string) => readFileSync(join(dir, 'dist', path), 'utf8');
const page = (dir: string, path: string) => parse(read(dir, join(path, 'index.html')));
/** A post's or a list entry's authors: `name → link (title) [socials]`, its avatar's attributes when it has one. */
const authorsOf = (root: HTMLElement) =>
  root.querySelectorAll('.post-authors > li').map((li) => {
    const name = li.querySelector('.post-author-name')!;
    const img = li.querySelector('img');
    const socials = li.querySelectorAll('.author-socials a').map((a) => `${a.text} ${a.getAttribute('href')}`);
    return [`${name.text} → ${name.getAttribute('href') ?? '-'}`, li.querySelector('.post-author-title')?.text, img && `img ${['src', 'alt', 'width', 'height', 'loading'].map((k) => img.getAttribute(k)).join(' ')}`, socials.length ? `[${socials.join(', ')}]` : undefined].filter(Boolean).join(' ');
  });

describe('blog authors and tags from authors.yml and tags.yml', () => {
  const site = builtOnce(SITE, (dir) => build(dir));

  it("shows a post's authors with their title, face and page, their socials on the post's page, in each locale's words", () => {
    expect(site.result.code, site.result.output).toBe(0);
    expect(problems(site.result.output)).toEqual([]);
    expect(authorsOf(page(site.dir, 'blog/2024/01/03/c'))).toEqual([
      '简·多伊 → /blog/authors/jane 产品经理 img /img/jane.png 简·多伊 40 40 lazy [GitHub https://github.com/janedoe, X https://x.com/jane]',
      '访客 → https://guest.example 客座作者 [GitHub https://github.com/guest]',
      '王五 → -',
    ]);
    // English: its own authors.yml; the fallback copy of a post only zh-Hans has reads it too.
    expect(authorsOf(page(site.dir, 'en/blog/2024/01/03/c'))[0]).toBe('Jane Doe → /en/blog/authors/jane Product manager img /img/jane.png Jane Doe 40 40 lazy [GitHub https://github.com/janedoe, X https://x.com/jane]');
    expect(authorsOf(page(site.dir, 'en/blog/2024/01/01/a'))).toEqual(['Jane Doe → /en/blog/authors/jane Product manager img /img/jane.png Jane Doe 40 40 lazy [GitHub https://github.com/janedoe, X https://x.com/jane]', 'Li Lei → /en/blog/authors/li-lei Engineer']);
    // A list shows names, titles and faces, not the socials.
    expect(authorsOf(page(site.dir, 'blog'))[0]).toBe('简·多伊 → /blog/authors/jane 产品经理 img /img/jane.png 简·多伊 40 40 lazy');
  });

  it('lists the authors who have a page, and pages each one\'s posts as a tag\'s, in both locales', () => {
    const index = page(site.dir, 'blog/authors');
    expect(index.querySelector('h1')!.text).toBe('作者');
    expect(index.querySelectorAll('.author-card').map((c) => `${c.querySelector('.author-card-name')!.text} ${c.querySelector('a')!.getAttribute('href')} ${c.querySelector('.author-card-count')!.text}`)).toEqual(['简·多伊 /blog/authors/jane 3 篇', '李雷 /blog/authors/li-lei 1 篇']);
    const jane = page(site.dir, 'blog/authors/jane');
    expect(jane.querySelector('h1')!.text).toBe('简·多伊');
    expect(jane.querySelector('.author-header .author-avatar')!.getAttribute('width')).toBe('96');
    expect(jane.querySelectorAll('.post-card-title').map((h) => h.text)).toEqual(['丙', '乙']);
    expect(jane.querySelector('meta[name=description]')!.getAttribute('content')).toBe('产品经理');
    expect(page(site.dir, 'blog/authors/jane/page/2').querySelectorAll('.post-card-title').map((h) => h.text)).toEqual(['甲']);
    expect(page(site.dir, 'en/blog/authors/li-lei').querySelector('h1')!.text).toBe('Li Lei');
    expect(existsSync(join(site.dir, 'dist/blog/authors/wang'))).toBe(false);
    const sitemap = read(site.dir, 'sitemap.xml');
    for (const path of ['/blog/authors', '/blog/authors/jane', '/blog/authors/jane/page/2', '/en/blog/authors/li-lei']) expect(sitemap).toContain(`<loc>https://test.example${path}</loc>`);
    // The phone's menu lists every post on the authors' pages too, as on the blog's other pages.
    for (const path of ['blog/authors', 'blog/authors/jane', 'blog', 'blog/2024/01/01/a']) {
      expect(page(site.dir, path).querySelectorAll('.navbar-mobile .navbar-blog-posts a').map((a) => a.text), path).toEqual(['丙', '乙', '甲']);
    }
  });

  it("puts a declared tag at its permalink with its description, and a tag nothing declares at its words made a slug", () => {
    const release = page(site.dir, 'blog/tags/release');
    expect(release.querySelector('.blog-header-lead')!.text).toBe('每个新版本的说明。');
    expect(release.querySelector('meta[name=description]')!.getAttribute('content')).toBe('每个新版本的说明。');
    expect(page(site.dir, 'blog/tags').querySelectorAll('.tag-cloud a').map((a) => `${a.querySelector('span')!.text} ${a.getAttribute('href')}`)).toEqual(['新闻 /blog/tags/news', 'Product News /blog/tags/product-news', '版本发布 /blog/tags/release']);
    expect(existsSync(join(site.dir, 'dist/en/blog/tags/release/index.html'))).toBe(true);
  });

  it("names the authors in each feed's author fields: Atom's name, email and address, RSS's email and dc:creator, JSON Feed 1.1's authors", () => {
    const atom = read(site.dir, 'blog/atom.xml');
    expect(atom).toMatch(/<author>\s*<name>简·多伊<\/name>\s*<email>jane@example\.org<\/email>\s*<uri>https:\/\/test\.example\/blog\/authors\/jane<\/uri>\s*<\/author>/);
    expect(atom).toMatch(/<name>访客<\/name>\s*<uri>https:\/\/guest\.example<\/uri>/);
    const rss = read(site.dir, 'en/blog/rss.xml');
    expect(rss).toContain('<author>jane@example.org (Jane Doe)</author>');
    expect(rss).toContain('<dc:creator>Jane Doe</dc:creator>');
    expect(rss).toContain('<dc:creator>Wang Wu</dc:creator>');
    const json = JSON.parse(read(site.dir, 'en/blog/feed.json')) as { version: string; items: { authors: unknown[] }[] };
    expect(json.version).toBe('https://jsonfeed.org/version/1.1');
    expect(json.items[0]!.authors).toEqual([{ name: 'Jane Doe', url: 'https://test.example/en/blog/authors/jane', avatar: 'https://test.example/img/jane.png' }, { name: '访客', url: 'https://guest.example' }, { name: 'Wang Wu' }]);
  });

  it("gives search engines each author's page and face as absolute addresses in a post's schema.org data: their url, else their page on the blog", () => {
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(read(site.dir, 'blog/2024/01/03/c/index.html'))![1]!) as { author: unknown[] };
    expect(ld.author).toEqual([
      { '@type': 'Person', name: '简·多伊', url: 'https://test.example/blog/authors/jane', image: 'https://test.example/img/jane.png' },
      { '@type': 'Person', name: '访客', url: 'https://guest.example' },
      { '@type': 'Person', name: '王五' },
    ]);
  });

  it('publishes neither file', () => {
    expect(existsSync(join(site.dir, 'dist/blog/index.html'))).toBe(true);
    for (const path of ['blog/authors.yml', 'blog/tags.yml', 'en/blog/authors.yml']) expect(existsSync(join(site.dir, 'dist', path)), path).toBe(false);
  });
});

describe('authors as Docusaurus 3 sites also write them: a declared author changed in one post, and the legacy author keys', () => {
  const site = builtOnce(
    {
      'site.config.ts': config("blog: { onInlineTags: 'ignore' },"),
      'content/zh-Hans/blog/authors.yml': 'jmarcey:\n  name: Joel Marcey\n  title: Docusaurus maintainer\n  url: https://github.com/JoelMarcey\n  page: true\n  socials: { github: JoelMarcey }\n',
      'content/zh-Hans/blog/2024-01-01-a.md': md({ title: '甲', description: 'a', authors: ['jmarcey'] }),
      'content/zh-Hans/blog/2024-01-02-b.md': '---\ntitle: 乙\ndescription: b\nauthors:\n  - key: jmarcey\n    title: Co-creator of Docusaurus 1\n    socials: { x: joelmarcey }\n---\n\nText.\n',
      'content/zh-Hans/blog/2024-01-03-c.md': '---\ntitle: 丙\ndescription: c\nauthor: Sébastien Lorber\nauthor_title: Docusaurus maintainer\nauthorURL: https://sebastienlorber.com\nauthor_image_url: https://github.com/slorber.png\n---\n\nText.\n',
    },
    (dir) => build(dir),
  );

  it("shows the post's changes to a declared author on that post alone: the author's page and other posts keep what authors.yml says", () => {
    expect(site.result.code, site.result.output).toBe(0);
    expect(problems(site.result.output)).toEqual([]);
    expect(authorsOf(page(site.dir, 'blog/2024/01/02/b'))).toEqual(['Joel Marcey → /blog/authors/jmarcey Co-creator of Docusaurus 1 [X https://x.com/joelmarcey]']);
    expect(authorsOf(page(site.dir, 'blog/2024/01/01/a'))).toEqual(['Joel Marcey → /blog/authors/jmarcey Docusaurus maintainer [GitHub https://github.com/JoelMarcey]']);
    // The post is on the author's page, whose head shows the author as declared, whichever post is newest.
    const author = page(site.dir, 'blog/authors/jmarcey');
    expect(author.querySelector('.author-header-title')!.text).toBe('Docusaurus maintainer');
    expect(author.querySelectorAll('.author-header .author-socials a').map((a) => a.getAttribute('href'))).toEqual(['https://github.com/JoelMarcey', 'https://github.com/JoelMarcey']);
    expect(author.querySelectorAll('.post-card-title').map((h) => h.text)).toEqual(['乙', '甲']);
    expect(page(site.dir, 'blog/authors').querySelector('.author-card-title')!.text).toBe('Docusaurus maintainer');
  });

  it('makes the legacy keys one author written out, the older camelCase spelling read as Docusaurus reads it', () => {
    expect(authorsOf(page(site.dir, 'blog/2024/01/03/c'))).toEqual(['Sébastien Lorber → https://sebastienlorber.com Docusaurus maintainer img https://github.com/slorber.png Sébastien Lorber 40 40 lazy']);
    const atom = read(site.dir, 'blog/atom.xml');
    expect(atom).toMatch(/<name>Sébastien Lorber<\/name>\s*<uri>https:\/\/sebastienlorber\.com<\/uri>/);
  });

  it("names the changed author in the feeds of that post", () => {
    const json = JSON.parse(read(site.dir, 'blog/feed.json')) as { items: { title: string; authors: unknown[] }[] };
    expect(json.items.map((item) => [item.title, item.authors])).toEqual([
      ['丙', [{ name: 'Sébastien Lorber', url: 'https://sebastienlorber.com', avatar: 'https://github.com/slorber.png' }]],
      ['乙', [{ name: 'Joel Marcey', url: 'https://github.com/JoelMarcey' }]],
      ['甲', [{ name: 'Joel Marcey', url: 'https://github.com/JoelMarcey' }]],
    ]);
  });

  it("gives search engines each author's address and face in the post's schema.org data", () => {
    const ld = (path: string) => JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(read(site.dir, join(path, 'index.html')))![1]!) as { author: unknown[] };
    expect(ld('blog/2024/01/03/c').author).toEqual([{ '@type': 'Person', name: 'Sébastien Lorber', url: 'https://sebastienlorber.com', image: 'https://github.com/slorber.png' }]);
    expect(ld('blog/2024/01/02/b').author).toEqual([{ '@type': 'Person', name: 'Joel Marcey', url: 'https://github.com/JoelMarcey' }]);
  });
});

describe("an author's avatar written imageURL, as Docusaurus 3 also takes image_url", () => {
  const site = builtOnce(
    {
      'site.config.ts': config("blog: { onInlineTags: 'ignore' },"),
      'content/zh-Hans/blog/authors.yml': 'slorber:\n  name: Sébastien Lorber\n  imageURL: https://github.com/slorber.png\n',
      'content/zh-Hans/blog/2024-01-01-a.md': md({ title: '甲', description: 'a', authors: ['slorber'] }),
      'content/zh-Hans/blog/2024-01-02-b.md': '---\ntitle: 乙\ndescription: b\nauthors:\n  - name: Guest\n    imageURL: https://example.org/guest.png\n  - key: slorber\n    imageURL: https://example.org/other.png\n---\n\nText.\n',
    },
    (dir) => build(dir),
  );

  it('shows it, in authors.yml, written out in a post and changed in one', () => {
    expect(site.result.code, site.result.output).toBe(0);
    expect(problems(site.result.output)).toEqual([]);
    expect(authorsOf(page(site.dir, 'blog/2024/01/01/a'))).toEqual(['Sébastien Lorber → - img https://github.com/slorber.png Sébastien Lorber 40 40 lazy']);
    expect(authorsOf(page(site.dir, 'blog/2024/01/02/b'))).toEqual(['Guest → - img https://example.org/guest.png Guest 40 40 lazy', 'Sébastien Lorber → - img https://example.org/other.png Sébastien Lorber 40 40 lazy']);
  });
});

describe('the problems of a changed author and of the legacy keys', () => {
  it('are errors at their lines with a hint: an unknown key, an unknown field, a page, the legacy keys beside authors:, a legacy avatar that is not there', async () => {
    const dir = writeSite({
      'site.config.ts': config(),
      'content/zh-Hans/blog/authors.yml': 'jane:\n  name: Jane\n',
      'content/zh-Hans/blog/2024-01-01-a.md': '---\ntitle: 甲\ndescription: a\nauthors:\n  - key: jnae\n    title: Editor\n---\n\nText.\n',
      'content/zh-Hans/blog/2024-01-02-b.md': '---\ntitle: 乙\ndescription: b\nauthors:\n  - key: jane\n    titel: Editor\n    page: true\n---\n\nText.\n',
      'content/zh-Hans/blog/2024-01-03-c.md': '---\ntitle: 丙\ndescription: c\nauthors: [jane]\nauthor: Jane\n---\n\nText.\n',
      'content/zh-Hans/blog/2024-01-04-d.md': '---\ntitle: 丁\ndescription: d\nauthor: Guest\nauthor_image_url: /img/guest.png\n---\n\nText.\n',
      'content/zh-Hans/docs/intro.md': '---\ntitle: 介绍\ndescription: i\nauthor: Jane\n---\n\nText.\n',
    });
    const { code, output } = await build(dir);
    expect(code, output).toBe(1);
    expect(problems(output).map((p) => p.replace(/ \(on .*\)/, ''))).toEqual([
      'content/zh-Hans/blog/2024-01-01-a.md:5 error[front-matter] authors: key: "jnae" is not declared in site.config.ts (blog.authors) or content/zh-Hans/blog/authors.yml | did you mean "jane"?',
      'content/zh-Hans/blog/2024-01-02-b.md:6:5 error[front-matter] authors[0].titel: unknown key | did you mean "title"?',
      "content/zh-Hans/blog/2024-01-02-b.md:7:5 error[front-matter] authors[0].page: unknown key | an author's page is declared with the author, in authors.yml or the config's blog.authors (page: true)",
      'content/zh-Hans/blog/2024-01-03-c.md:5 error[front-matter] author: written with authors:, which Docusaurus refuses: a post names its authors in authors: or in the legacy author keys (author), not both | write this author in authors: (- name: …, title: …, url: …, image_url: …, or the key of a declared author) and delete author',
      'content/zh-Hans/blog/2024-01-04-d.md:5 error[broken-image] author_image_url: image /img/guest.png does not exist',
      'content/zh-Hans/docs/intro.md:4 warning[front-matter] author: only blog posts use it; on a doc it is ignored | delete it, or move the file to blog/',
    ]);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('tags nothing declares (blog.onInlineTags)', () => {
  const posts = { 'content/zh-Hans/blog/2024-01-01-a.md': md({ title: '甲', description: 'a', tags: ['newz', 'Product News'] }) };
  const run = async (blog: string, files: Record<string, string> = {}) => {
    const dir = writeSite({ 'site.config.ts': config(blog), ...posts, ...files });
    const result = await build(dir);
    const made = existsSync(join(dir, 'dist/blog/tags/product-news/index.html'));
    rmSync(dir, { recursive: true, force: true });
    return { code: result.code, problems: problems(result.output), made };
  };

  it('are errors by default where the site declares tags, as they were, and pages of their own where it declares none', async () => {
    expect(await run("blog: { tags: { news: 'News' } },")).toEqual({
      code: 1,
      made: false,
      problems: [
        'content/zh-Hans/blog/2024-01-01-a.md:4 error[front-matter] tags: "newz" is not declared in site.config.ts (blog.tags) | did you mean "news"?',
        'content/zh-Hans/blog/2024-01-01-a.md:4 error[front-matter] tags: "Product News" is not declared in site.config.ts (blog.tags) | declare it, or let posts use tags nothing declares: blog.onInlineTags: \'ignore\' (declared: news)',
      ],
    });
    expect(await run('blog: {},')).toEqual({ code: 0, made: true, problems: [] });
    expect((await run('blog: {},', { 'content/en/blog/tags.yml': 'news:\n' })).code).toBe(1);
  });

  it("are warnings with 'warn' and nothing with 'ignore', a page of their own either way; 'error' holds where nothing is declared", async () => {
    const warned = await run("blog: { onInlineTags: 'warn', tags: { news: 'News' } },");
    expect(warned.code).toBe(0);
    expect(warned.made).toBe(true);
    expect(warned.problems.map((p) => p.split(' |')[0])).toEqual(['content/zh-Hans/blog/2024-01-01-a.md:4 warning[front-matter] tags: "newz" is not declared in site.config.ts (blog.tags)', 'content/zh-Hans/blog/2024-01-01-a.md:4 warning[front-matter] tags: "Product News" is not declared in site.config.ts (blog.tags)']);
    expect(await run("blog: { onInlineTags: 'ignore', tags: { news: 'News' } },")).toEqual({ code: 0, made: true, problems: [] });
    expect((await run("blog: { onInlineTags: 'error' },")).code).toBe(1);
  });
});

describe('tags in other words that make one address', () => {
  it("are a warning at the later ones (C, C++ and C#: one page, one name), in a post or across posts of a locale; the same words in another case are not", async () => {
    const dir = writeSite({
      'site.config.ts': config("blog: { onInlineTags: 'ignore' },"),
      'content/zh-Hans/blog/2024-01-01-a.md': md({ title: '甲', description: 'a', tags: ['C++', 'Product News'] }),
      'content/zh-Hans/blog/2024-01-02-b.md': '---\ntitle: 乙\ndescription: b\ntags:\n  - product news\n  - C\n  - C#\n---\nBody\n',
      'content/en/blog/2024-01-03-c.md': md({ title: 'C', description: 'c', tags: ['C#'] }),
    });
    const { code, output } = await build(dir);
    expect(code, output).toBe(0);
    // The tag's page is named as the newest post names it, and told so at the others.
    expect(problems(output)).toEqual([
      'content/zh-Hans/blog/2024-01-01-a.md:4 warning[front-matter] tags: "C++" makes the same address as "C" (content/zh-Hans/blog/2024-01-02-b.md:6), so the two are one tag, with one page and one name | write it "C", or declare each in content/zh-Hans/blog/tags.yml with a permalink of its own',
      'content/zh-Hans/blog/2024-01-02-b.md:7 warning[front-matter] tags: "C#" makes the same address as "C" (content/zh-Hans/blog/2024-01-02-b.md:6), so the two are one tag, with one page and one name | write it "C", or declare each in content/zh-Hans/blog/tags.yml with a permalink of its own',
    ]);
    expect(page(dir, 'blog/tags/c').querySelector('h1')!.text).toContain('“C”');
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("a tag's or an author's page at another address in a translation's file", () => {
  it('is a warning at the entry: the language menu pairs pages by address, and led from one to the home page', async () => {
    const dir = writeSite({
      'site.config.ts': config("blog: { onInlineTags: 'ignore' },"),
      'content/zh-Hans/blog/tags.yml': 'news:\n  label: 新闻\n  permalink: /xinwen\ntips:\n  label: 技巧\n',
      'content/en/blog/tags.yml': 'news:\n  label: News\n  permalink: /news\ntips:\n  label: Tips\n',
      'content/zh-Hans/blog/authors.yml': 'jane:\n  name: 简\n  page: { permalink: /jian }\nli:\n  name: 李雷\n  page: true\n',
      'content/en/blog/authors.yml': 'jane:\n  name: Jane\n  page:\n    permalink: /jane\nli:\n  name: Li Lei\n  page: true\n',
      'content/zh-Hans/blog/2024-01-01-a.md': md({ title: '甲', description: 'a', tags: ['news', 'tips'], authors: ['jane', 'li'] }),
      'content/en/blog/2024-01-01-a.md': md({ title: 'A', description: 'a', tags: ['news', 'tips'], authors: ['jane', 'li'] }),
    });
    const { code, output } = await build(dir);
    expect(code, output).toBe(0);
    // Before: no word, and the language menu of /blog/tags/xinwen led to /en/, its page's translation being /en/blog/tags/news.
    expect(problems(output)).toEqual([
      "content/en/blog/authors.yml:4 warning[blog] jane: its page is /blog/authors/jane here and /blog/authors/jian in content/zh-Hans/blog/authors.yml, so the two are not each other's translation (the language menu leads to the home page, and search engines are told of no alternate) | give it the same page permalink in both files",
      "content/en/blog/tags.yml:1 warning[blog] news: its page is /blog/tags/news here and /blog/tags/xinwen in content/zh-Hans/blog/tags.yml, so the two are not each other's translation (the language menu leads to the home page, and search engines are told of no alternate) | give it the same permalink in both files",
    ]);
    const menu = (path: string) => page(dir, path).querySelectorAll('a[hreflang]').map((a) => a.getAttribute('href'));
    expect(menu('blog/tags/xinwen')).toEqual(['/blog/tags/xinwen', '/en/']);
    expect(menu('blog/tags/tips')).toEqual(['/blog/tags/tips', '/en/blog/tags/tips']);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("the files' problems", () => {
  it('are errors at their lines: YAML that does not parse, an unknown key, a wrong type, a key the config declares too, an author key nothing declares', async () => {
    const dir = writeSite({
      'site.config.ts': config("blog: { tags: { news: 'News' }, authors: { team: { name: 'Team' } } },"),
      'content/zh-Hans/blog/authors.yml': 'jane:\n  name: Jane\n  imag_url: /img/j.png\nteam:\n  name: Other team\nli:\n  name: Li\n  page: yes\n',
      'content/zh-Hans/blog/tags.yml': 'news:\n  label: "News\n',
      'content/en/blog/tags.yml': 'tips:\n  label: [Tips]\n',
      'content/zh-Hans/blog/2024-01-01-a.md': md({ title: '甲', description: 'a', authors: ['jnae'] }),
    });
    const { code, output } = await build(dir);
    expect(code, output).toBe(1);
    expect(problems(output)).toEqual([
      'content/en/blog/tags.yml:2:10 error[blog] tips.label: expected a string, got a list',
      'content/zh-Hans/blog/2024-01-01-a.md:4 error[front-matter] authors: "jnae" is not declared in site.config.ts (blog.authors) or content/zh-Hans/blog/authors.yml | did you mean "jane"?',
      'content/zh-Hans/blog/authors.yml:3:3 error[blog] jane.imag_url: unknown key | did you mean "image_url"?',
      'content/zh-Hans/blog/authors.yml:4 error[blog] team: declared in site.config.ts:7 too (blog.authors.team), so one of the two would be lost | declare the author in one place: here, or in the config',
      'content/zh-Hans/blog/authors.yml:8:9 error[blog] li.page: expected true, false or { permalink: /… }, got the string "yes"',
      'content/zh-Hans/blog/tags.yml:2:10 error[blog] invalid YAML: the double-quoted value that starts here is never closed | end it with " (a quoted value runs on over line ends until its closing quote)',
    ]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("tell an authors.yml or tags.yml that cannot be read once, at its line, and not each post's authors and tags as undeclared besides", async () => {
    const dir = writeSite({
      'site.config.ts': config(),
      'content/zh-Hans/blog/authors.yml': 'jane:\n  name: [Jane\n',
      'content/zh-Hans/blog/tags.yml': '- releases\n',
      'content/zh-Hans/blog/2024-01-01-a.md': md({ title: '甲', description: 'a', tags: ['releases'], authors: ['jane'] }),
      'content/zh-Hans/blog/2024-01-02-b.md': md({ title: '乙', description: 'b', authors: ['jane'] }),
    });
    const { code, output } = await build(dir);
    expect(code, output).toBe(1);
    expect(problems(output)).toEqual([
      'content/zh-Hans/blog/authors.yml:2:9 error[blog] invalid YAML: the [ … ] list that starts here is never closed | end it with ] (on the same line, or on a later line indented more than its key)',
      'content/zh-Hans/blog/tags.yml:1:1 error[blog] expected one entry per tag, by key (releases: { label: Releases, … })',
    ]);
    rmSync(dir, { recursive: true, force: true });
    // A locale's own file unreadable: its posts read the default locale's, which is not said to declare what the broken one lacks.
    const own = writeSite({ ...SITE, 'content/en/blog/authors.yml': 'jane:\n  name: [Jane\n', 'content/en/blog/2024-01-04-d.md': md({ title: 'D', description: 'd', authors: ['jnae'] }) });
    const o = await build(own);
    expect(problems(o.output)).toEqual([
      'content/en/blog/2024-01-04-d.md:4 error[front-matter] authors: "jnae" is not declared in site.config.ts (blog.authors) or content/zh-Hans/blog/authors.yml | did you mean "jane"?',
      'content/en/blog/authors.yml:2:9 error[blog] invalid YAML: the [ … ] list that starts here is never closed | end it with ] (on the same line, or on a later line indented more than its key)',
    ]);
    rmSync(own, { recursive: true, force: true });
  });

  it("tell an avatar that is not there as a broken image at its line: an authors.yml entry's, and an author's written out in a post", async () => {
    const dir = writeSite({
      'site.config.ts': config("blog: { tags: { news: 'News' }, authors: { team: { name: 'Team', image_url: '/img/team.png' } } },"),
      'content/zh-Hans/blog/authors.yml': 'jane:\n  name: Jane\n  image_url: /img/missing.png\n',
      'content/zh-Hans/blog/2024-01-01-a.md': '---\ntitle: 甲\ndescription: a\nauthors:\n  - jane\n  - team\n  - name: Guest\n    image_url: /img/guest.png\n---\n\nText.\n',
    });
    const { code, output } = await build(dir);
    expect(code, output).toBe(1);
    expect(problems(output).map((p) => p.replace(/ \(on .*\)/, ''))).toEqual([
      'content/zh-Hans/blog/2024-01-01-a.md:7 error[broken-image] authors[2].image_url: image /img/guest.png does not exist',
      'content/zh-Hans/blog/authors.yml:3 error[broken-image] jane.image_url: image /img/missing.png does not exist',
      'site.config.ts:7 error[broken-image] blog.authors.team.image_url: image /img/team.png does not exist',
    ]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("tells an author's address on the site's own origin that leads nowhere at its line, as a site path is told", async () => {
    const dir = writeSite({
      // The link check on, as by default (the other sites here leave it off).
      'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, blog: { tags: { news: 'News' } },`),
      'content/zh-Hans/blog/authors.yml': 'jane:\n  name: Jane\n  page: true\n  url: https://test.example/team/jane\n',
      'content/zh-Hans/blog/2024-01-01-a.md': '---\ntitle: 甲\ndescription: a\nauthors: [jane]\n---\n\nText.\n',
    });
    const { code, output } = await build(dir);
    expect(code, output).toBe(1);
    expect(problems(output).map((p) => p.replace(/ \(on .*\)/, '').split(' |')[0])).toEqual([
      'content/zh-Hans/blog/authors.yml:4 error[broken-link] jane.url: link https://test.example/team/jane points to /team/jane, which does not exist',
    ]);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('an edit of authors.yml', () => {
  it('shows on the post pages in the next warm build', async () => {
    const dir = writeSite(SITE);
    expect((await build(dir)).code).toBe(0);
    const title = () => page(dir, 'en/blog/2024/01/01/a').querySelector('.post-author-title')!.text;
    expect(title()).toBe('Product manager');
    writeFileSync(join(dir, 'content/en/blog/authors.yml'), EN_AUTHORS.replace('Product manager', 'Head of product'));
    const warm = await build(dir, ['--verbose']);
    expect(warm.code, warm.output).toBe(0);
    expect(title()).toBe('Head of product');
    expect(read(dir, 'en/blog/authors/index.html')).toContain('Head of product');
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});

describe('sitegen serve: authors.yml edited', () => {
  let dir: string;
  let server: DevServer;
  const printed: string[] = [];
  const io = { out: () => {}, err: (text: string) => void printed.push(text), interactive: false };
  const get = async (path: string) => parse(await (await fetch(`http://127.0.0.1:${server.port}${path}`)).text());
  beforeAll(async () => {
    dir = writeSite(SITE);
    server = await startDevServer({ port: '0', host: '127.0.0.1', watch: true, config: join(dir, 'site.config.ts') }, io);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("rebuilds the pages that show its authors, and a locale's file removed has its pages read the default locale's", async () => {
    writeFileSync(join(dir, 'content/zh-Hans/blog/authors.yml'), ZH_AUTHORS.replace('name: 李雷', 'name: 李蕾'));
    await poll(async () => authorsOf(await get('/blog/2024/01/01/a'))[1]?.startsWith('李蕾'), { timeout: 20_000, message: 'the new name' });
    rmSync(join(dir, 'content/en/blog/authors.yml'));
    await poll(async () => authorsOf(await get('/en/blog/2024/01/01/a'))[0]?.startsWith('简·多伊'), { timeout: 20_000, message: "the default locale's authors in English" });
  }, 60_000);

  it('tells an authors.yml saved broken once, as its own error, and shows the fix', async () => {
    printed.length = 0;
    writeFileSync(join(dir, 'content/zh-Hans/blog/authors.yml'), ZH_AUTHORS.replace('name: 王五', 'name: [王五'));
    await poll(() => printed.some((line) => line.includes('build failed')), { timeout: 20_000, message: 'the failed build' });
    expect(printed.join('').split('\n').filter((line) => / error\[/.test(line))).toEqual(['content/zh-Hans/blog/authors.yml:15:9 error[blog] invalid YAML: the [ … ] list that starts here is never closed']);
    writeFileSync(join(dir, 'content/zh-Hans/blog/authors.yml'), ZH_AUTHORS.replace('name: 王五', 'name: 王六'));
    await poll(async () => authorsOf(await get('/blog/2024/01/03/c')).some((a) => a.startsWith('王六')), { timeout: 20_000, message: 'the fixed name' });
  }, 60_000);
});

describe('sitegen new post', () => {
  it('takes a tag of tags.yml and authors of authors.yml, and the post builds; an unknown one is refused with the nearest', async () => {
    const dir = writeSite(SITE);
    const made = await build(dir, ['new', 'post', 'Hello', '--tags', 'releases,news', '--author', 'li,jane', '--date', '2024-02-01', '--description', 'd']);
    expect(made.code, made.output).toBe(0);
    const file = join(dir, 'content/zh-Hans/blog/2024-02-01-hello.md');
    expect(readFileSync(file, 'utf8')).toContain('tags:\n  - releases\n  - news\nauthors:\n  - li\n  - jane\n');
    writeFileSync(file, readFileSync(file, 'utf8').replace('在这里写摘要，它会显示在文章列表里。', '你好。'));
    const built = await build(dir);
    expect(built.code, built.output).toBe(0);
    expect(authorsOf(page(dir, 'blog/2024/02/01/hello')).map((a) => a.split(' →')[0])).toEqual(['李雷', '简·多伊']);
    expect(await build(dir, ['new', 'post', 'X', '--author', 'jnae'])).toMatchObject({ code: 2, output: expect.stringContaining('--author jnae error[usage] unknown author "jnae"\n  hint: did you mean "jane"?') });
    // A tag nothing declares is taken where the build takes it (blog.onInlineTags: 'ignore' here), and refused where it would fail.
    expect((await build(dir, ['new', 'post', 'Y', '--tags', 'relases'])).code).toBe(0);
    writeFileSync(join(dir, 'site.config.ts'), config("blog: { tags: { news: 'News' } },"));
    expect(await build(dir, ['new', 'post', 'X', '--tags', 'relases'])).toMatchObject({ code: 2, output: expect.stringContaining('--tags relases error[usage] unknown tag "relases"\n  hint: did you mean "releases"?') });
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
