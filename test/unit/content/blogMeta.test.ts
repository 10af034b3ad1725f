// The blog's authors and tags as Docusaurus declares them: blog/authors.yml and blog/tags.yml (parsed, each
// problem at its line), an author's socials, authors written out in a post, and a post's keys against them.
import { describe, expect, it } from 'vitest';
import { parseBlogFile } from '../../../src/content/blogMetaFile.js';
import { socialUrl } from '../../../src/content/blogMetaSocials.js';
import { loadBlogMeta, type BlogMetaFile } from '../../../src/content/blogMeta.js';
import { postAuthors, postRefProblems } from '../../../src/content/blogMetaPosts.js';
import { legacyAuthor } from '../../../src/content/legacyAuthor.js';
import type { Entry, FrontMatter } from '../../../src/types.js';
import { parseFrontMatter } from '../../../src/content/frontMatter.js';
import { siteConfig } from '../routes/fixtures.js';
import type { UserConfig } from '../../../src/config/userConfig.js';
import { configSchema } from '../../../src/config/configSchema.js';
import { formatKeyPath, validate } from '../../../src/config/schema.js';

const AUTHORS = 'content/zh-Hans/blog/authors.yml';
/** Each problem as `line message | hint`. */
const told = (diagnostics: { line?: number; column?: number; message: string; hint?: string }[]) => diagnostics.map((d) => `${d.line} ${d.message}${d.hint ? ` | ${d.hint}` : ''}`);
const file = (path: string, text: string): BlogMetaFile => ({ path, file: `content/${path}`, text });

describe('socialUrl', () => {
  it("makes a handle the profile address of each platform Docusaurus knows, as it does", () => {
    const urls = Object.fromEntries(
      (['x', 'twitter', 'github', 'linkedin', 'stackoverflow', 'bluesky', 'mastodon', 'threads', 'instagram', 'twitch', 'youtube', 'email'] as const).map((p) => [p, (socialUrl(p, p === 'email' ? 'jane@example.org' : 'jane') as { url: string }).url]),
    );
    expect(urls).toEqual({
      x: 'https://x.com/jane',
      twitter: 'https://twitter.com/jane',
      github: 'https://github.com/jane',
      linkedin: 'https://www.linkedin.com/in/jane/',
      stackoverflow: 'https://stackoverflow.com/users/jane',
      bluesky: 'https://bsky.app/profile/jane',
      mastodon: 'https://mastodon.social/@jane',
      threads: 'https://www.threads.net/@jane',
      instagram: 'https://www.instagram.com/jane',
      twitch: 'https://twitch.tv/jane',
      youtube: 'https://youtube.com/@jane',
      email: 'mailto:jane@example.org',
    });
  });

  it('keeps a whole address, reads a number (a Stack Overflow id) as written, leaves out an @ and names a known platform in lower case', () => {
    expect(socialUrl('github', 'https://github.com/jane')).toEqual({ platform: 'github', url: 'https://github.com/jane' });
    expect(socialUrl('stackoverflow', 82609)).toEqual({ platform: 'stackoverflow', url: 'https://stackoverflow.com/users/82609' });
    expect(socialUrl('GitHub', '@jane')).toEqual({ platform: 'github', url: 'https://github.com/jane' });
    expect(socialUrl('newsletter', 'https://jane.example/news')).toEqual({ platform: 'newsletter', url: 'https://jane.example/news' });
  });

  it('tells a value that is neither a handle nor an address, and a handle on a platform that takes none', () => {
    expect(socialUrl('github', 'jane/repo')).toEqual({ problem: '"jane/repo" is neither a github handle nor an address', hint: 'write the handle alone (github: jane), or the whole address (https://…)' });
    expect(socialUrl('newsletter', 'jane')).toMatchObject({ problem: expect.stringMatching(/^"jane" is not an address: only x, twitter, github/) });
    expect(socialUrl('x', true)).toMatchObject({ problem: 'expected a handle or an address, got true' });
  });
});

describe('parseBlogFile: authors.yml', () => {
  it('reads each author with its socials made addresses, its page, and the line of each key', () => {
    const parsed = parseBlogFile('authors', 'jane:\n  name: Jane Doe\n  title: Product lead\n  url: https://jane.example\n  image_url: /img/jane.png\n  email: jane@example.org\n  page: true\n  socials:\n    github: jane\n    newsletter: https://jane.example/news\nli:\n  name: Li Lei\n  page: { permalink: /li-lei/ }\n', AUTHORS);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.authors).toEqual([
      {
        key: 'jane',
        name: 'Jane Doe',
        title: 'Product lead',
        url: 'https://jane.example',
        imageUrl: '/img/jane.png',
        email: 'jane@example.org',
        socials: [
          { platform: 'github', url: 'https://github.com/jane' },
          { platform: 'newsletter', url: 'https://jane.example/news' },
        ],
        page: 'jane',
        file: AUTHORS,
        lines: { key: 1, name: 2, title: 3, url: 4, image_url: 5, email: 6, page: 7, socials: 9 },
      },
      { key: 'li', name: 'Li Lei', socials: [], page: 'li-lei', file: AUTHORS, lines: { key: 11, name: 12, page: 13 } },
    ]);
  });

  it('tells an unknown key (with the nearest), a wrong type, a missing name, a bad address and a bad social at their lines, and declares each author all the same, by its key and name', () => {
    const parsed = parseBlogFile('authors', 'jane:\n  name: Jane\n  imag_url: /img/j.png\nli:\n  title: 7\nwang:\n  name: Wang\n  url: jane.example\n  socials:\n    github: wang/repo\nok:\n  name: Ok\n', AUTHORS);
    expect(told(parsed.diagnostics)).toEqual([
      '3 jane.imag_url: unknown key | did you mean "image_url"?',
      '5 li.title: expected a string, got number 7',
      '5 li.name: "name" is required',
      '8 wang.url: "jane.example" is not valid | an http(s):// address, a site path (/docs/team) or mailto:…',
      '10 wang.socials.github: "wang/repo" is neither a github handle nor an address | write the handle alone (github: jane), or the whole address (https://…)',
    ]);
    // The posts that name them are not told that they are not declared besides.
    expect(parsed.authors.map((a) => `${a.key} ${a.name} ${a.url ?? '-'} ${a.socials.length}`)).toEqual(['jane Jane - 0', 'li li - 0', 'wang Wang - 0', 'ok Ok - 0']);
  });

  it('tells YAML that does not parse at its line and column, and a file that is no mapping of authors', () => {
    expect(told(parseBlogFile('authors', 'jane:\n  name: "Jane\n  title: x\n', AUTHORS).diagnostics)).toEqual(['2 invalid YAML: the double-quoted value that starts here is never closed | end it with " (a quoted value runs on over line ends until its closing quote)']);
    expect(told(parseBlogFile('authors', 'jane:\n  name: Jane\njane:\n  name: Other\n', AUTHORS).diagnostics)).toEqual([expect.stringMatching(/^3 invalid YAML: Map keys must be unique/)]);
    expect(told(parseBlogFile('authors', '- jane\n', AUTHORS).diagnostics)).toEqual(['1 expected one entry per author, by key (jane: { name: Jane Doe, title: … })']);
    expect(parseBlogFile('authors', '# nobody yet\n', AUTHORS)).toEqual({ authors: [], tags: [], diagnostics: [] });
  });
});

describe('parseBlogFile: tags.yml', () => {
  it('reads a label, a permalink and a description; a tag written without them is labelled by its key, at its key made a slug', () => {
    const parsed = parseBlogFile('tags', 'releases:\n  label: Releases\n  permalink: /release\n  description: Every new version.\nProduct News:\n', 'content/en/blog/tags.yml');
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.tags).toEqual([
      { key: 'releases', label: 'Releases', permalink: 'release', description: 'Every new version.', file: 'content/en/blog/tags.yml', line: 1 },
      { key: 'Product News', label: 'Product News', permalink: 'product-news', file: 'content/en/blog/tags.yml', line: 5 },
    ]);
  });

  it('tells a permalink that is no address part, an unknown key and a key that makes no address', () => {
    const parsed = parseBlogFile('tags', 'a:\n  permalink: /two/parts\nb:\n  lable: B\n"!!":\n', 'content/en/blog/tags.yml');
    expect(told(parsed.diagnostics)).toEqual([
      '2 a.permalink: "/two/parts" is not valid | one part of an address, such as /releases: no spaces, "/", "?", "#" or "%" inside',
      '4 b.lable: unknown key | did you mean "label"?',
      "5 !!: the key makes no address for the tag's page | give it a permalink: /…",
    ]);
  });
});

describe('loadBlogMeta', () => {
  const config = siteConfig();

  it("gives a locale without its own file the default locale's, and one whose file lacks a key the default locale's entry, with a warning", async () => {
    const meta = await loadBlogMeta(config, [file('zh-Hans/blog/authors.yml', 'jane:\n  name: 简\nli:\n  name: 李雷\n'), file('en/blog/authors.yml', 'jane:\n  name: Jane\n')], null);
    expect(meta.locales.en!.authors.map((a) => `${a.key} ${a.name}`)).toEqual(['team Glint team', 'jane Jane', 'li 李雷']);
    expect(meta.locales['zh-Hans']!.authors.map((a) => `${a.key} ${a.name}`)).toEqual(['team 灵译团队', 'jane 简', 'li 李雷']);
    expect(meta.diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.message}`)).toEqual(['content/en/blog/authors.yml:1 warning li: declared in content/zh-Hans/blog/authors.yml and not here, so the en pages show that entry as written there']);
    const tagsOnly = await loadBlogMeta(config, [file('zh-Hans/blog/tags.yml', 'tips:\n  label: 技巧\n')], null);
    expect(tagsOnly.locales.en!.tags.map((t) => `${t.key} ${t.label} ${t.permalink}`)).toEqual(['release Releases release', 'outage Outages outage', 'tips 技巧 tips']);
    expect(tagsOnly.locales.en!.declaredIn.tags).toEqual(['site.config.ts', 'content/zh-Hans/blog/tags.yml']);
  });

  it('reads authors.yml, and tells an authors.yaml beside it that it is not read', async () => {
    const meta = await loadBlogMeta(siteConfig(), [file('en/blog/authors.yaml', 'b:\n  name: B\n'), file('en/blog/authors.yml', 'a:\n  name: A\n')], null);
    expect(meta.locales.en!.authors.map((a) => a.key)).toEqual(['team', 'a']);
    expect(meta.diagnostics.map((d) => `${d.file} ${d.severity} ${d.message}`)).toEqual(["content/en/blog/authors.yaml warning not read: this locale's authors are read from authors.yml"]);
  });

  it('is an error at the file for a key the config declares too, naming the config; the config keeps it', async () => {
    const meta = await loadBlogMeta(config, [file('zh-Hans/blog/authors.yml', 'team:\n  name: 另一个团队\n'), file('zh-Hans/blog/tags.yml', 'x:\n  label: X\nrelease:\n  label: 发布\n')], null);
    expect(meta.diagnostics.map((d) => `${d.file}:${d.line} ${d.message} | ${d.hint}`)).toEqual([
      'content/zh-Hans/blog/authors.yml:1 team: declared in site.config.ts too (blog.authors.team), so one of the two would be lost | declare the author in one place: here, or in the config',
      'content/zh-Hans/blog/tags.yml:3 release: declared in site.config.ts too (blog.tags.release), so one of the two would be lost | declare the tag in one place: here, or in the config',
    ]);
    expect(meta.locales['zh-Hans']!.authors.find((a) => a.key === 'team')!.name).toBe('灵译团队');
  });

  it("gives every author a page with blog.authorPages, except one that says page: false, and tells two pages or tags at one address", async () => {
    const meta = await loadBlogMeta(siteConfig({ blog: { authorPages: true, tags: { news: 'News' }, authors: { team: { name: 'Team' } } } }), [file('zh-Hans/blog/authors.yml', 'jane:\n  name: Jane\nli:\n  name: Li\n  page: false\nwang:\n  name: Wang\n  page: { permalink: /jane }\n'), file('zh-Hans/blog/tags.yml', 'news2:\n  permalink: /news\n')], null);
    expect(meta.locales.en!.authors.map((a) => `${a.key} ${a.page}`)).toEqual(['team team', 'jane jane', 'li false', 'wang undefined']);
    expect(meta.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([
      "content/zh-Hans/blog/authors.yml:8 wang: the author's page would be at /blog/authors/jane, as jane's is",
      "content/zh-Hans/blog/tags.yml:1 news2: the tag's page would be at /blog/tags/news, as news's is",
    ]);
  });

  it("tells undeclared tags where the site declares some (as before), and lets a site that declares none tag freely, unless blog.onInlineTags says otherwise", async () => {
    const post = (tags: string[]) => ({ file: 'content/en/blog/2024-01-01-a.md', frontMatter: { tags }, keyLines: { tags: 4 }, itemLines: { tags: tags.map((_, i) => 5 + i) } });
    const check = async (blog: UserConfig['blog'], tags: string[], files: BlogMetaFile[] = []) => told(postRefProblems(post(tags), (await loadBlogMeta(siteConfig({ blog }), files, null)).locales.en!));
    expect(await check({ tags: { news: 'News' } }, ['news', 'newz'])).toEqual(['6 tags: "newz" is not declared in site.config.ts (blog.tags) | did you mean "news"?']);
    expect(await check({}, ['anything', 'Product News'])).toEqual([]);
    expect(await check({}, ['alpha'], [file('zh-Hans/blog/tags.yml', 'b:\n')])).toEqual(['5 tags: "alpha" is not declared in site.config.ts (blog.tags) or content/zh-Hans/blog/tags.yml | declare it, or let posts use tags nothing declares: blog.onInlineTags: \'ignore\' (declared: b)']);
    expect(await check({ tags: { news: 'News' }, onInlineTags: 'ignore' }, ['newz'])).toEqual([]);
    expect(await check({ onInlineTags: 'error' }, ['x'])).toEqual(["5 tags: \"x\" is not declared in site.config.ts (blog.tags) | declare it, or let posts use tags nothing declares: blog.onInlineTags: 'ignore' (declared: none)"]);
    const warn = postRefProblems(post(['x']), (await loadBlogMeta(siteConfig({ blog: { onInlineTags: 'warn' } }), [], null)).locales.en!);
    expect(warn.map((d) => d.severity)).toEqual(['warning']);
    // A tag whose words make no address is none, whatever the switch.
    expect(await check({ onInlineTags: 'ignore' }, ['!!!'])).toEqual(['5 tags: "!!!" makes no address for the tag\'s page | write it with letters or digits, or declare it with a permalink in site.config.ts (blog.tags)']);
  });

  it('tells an author key nothing declares with the nearest, and takes authors written out', async () => {
    const meta = (await loadBlogMeta(siteConfig(), [file('zh-Hans/blog/authors.yml', 'jane:\n  name: Jane\n')], null)).locales['zh-Hans']!;
    const problems = postRefProblems({ file: 'a.md', frontMatter: { authors: ['jnae', { name: 'Guest' }, 'team'] }, keyLines: { authors: 4 }, itemLines: { authors: [5, 6, 7] } }, meta);
    expect(told(problems)).toEqual(['5 authors: "jnae" is not declared in site.config.ts (blog.authors) or content/zh-Hans/blog/authors.yml | did you mean "jane"?']);
  });
});

describe('parseFrontMatter: authors written out in a post', () => {
  const FILE = 'content/en/blog/2024-01-01-a.md';

  it('reads them, alone or in a list with keys, as Docusaurus does', () => {
    expect(parseFrontMatter('---\ntitle: A\nauthors:\n  - jane\n  - name: Guest\n    title: Guest writer\n    url: https://guest.example\n    image_url: /img/guest.png\n    socials: { github: guest }\n---\n', FILE)).toMatchObject({
      diagnostics: [],
      frontMatter: { authors: ['jane', { name: 'Guest', title: 'Guest writer', url: 'https://guest.example', image_url: '/img/guest.png', socials: { github: 'guest' } }] },
      itemLines: { authors: [4, 5] },
    });
    expect(parseFrontMatter('---\ntitle: A\nauthors:\n  name: Solo\n---\n', FILE).frontMatter.authors).toEqual([{ name: 'Solo' }]);
  });

  it("tells an author's unknown key, a missing name, a bad avatar address and a bad social at their lines", () => {
    const result = parseFrontMatter('---\ntitle: A\nauthors:\n  - name: Guest\n    imageurl: /a.png\n  - title: Nameless\n  - name: B\n    image_url: img/b.png\n    socials:\n      x: a b\n  - 7\n---\n', FILE);
    expect(result.diagnostics.map((d) => `${d.line} ${d.message}${d.hint ? ` | ${d.hint}` : ''}`)).toEqual([
      '5 authors[0].imageurl: unknown key | did you mean "imageURL"?',
      '6 authors[1].name: "name" is required | write the name of the author written out here (name: Jane Doe), or give the key of a declared author whose fields these change in this post (key: jane)',
      '8 authors[2].image_url: "img/b.png" is not valid | a site path of a file of content/static/ (/img/jane.png), or an http(s):// address',
      '10 authors[2].socials.x: "a b" is neither a x handle nor an address | write the handle alone (x: jane), or the whole address (https://…)',
      '11 authors[3]: expected an author key, an author written out ({ name, title, url, image_url, socials }) or a declared one changed here ({ key, title, … })',
    ]);
    expect(result.frontMatter.authors).toBeUndefined();
  });
});

describe("a declared author's fields overridden in a post (Docusaurus's { key, title })", () => {
  const FILE = 'content/en/blog/2024-01-01-a.md';
  const JANE = 'jane:\n  name: Jane\n  title: Product lead\n  url: https://jane.example\n  image_url: /img/jane.png\n  page: true\n  socials: { github: jane, x: jane }\n';
  const meta = async () => (await loadBlogMeta(siteConfig(), [file('en/blog/authors.yml', JANE)], null)).locales.en!;
  const entry = (authors: Entry['authors']) => ({ authors }) as Entry;

  it('reads them, and lays the fields written over the declared ones, each whole (socials too), the page kept', async () => {
    const result = parseFrontMatter('---\ntitle: A\nauthors:\n  - key: jane\n    title: Guest editor\n    socials: { bluesky: jane.bsky.social }\n  - team\n---\n', FILE);
    expect(result).toMatchObject({ diagnostics: [], frontMatter: { authors: [{ key: 'jane', title: 'Guest editor', socials: { bluesky: 'jane.bsky.social' } }, 'team'] }, itemLines: { authors: [4, 7] } });
    expect(postAuthors(entry(result.frontMatter.authors!), await meta())).toEqual([
      { key: 'jane', name: 'Jane', title: 'Guest editor', url: 'https://jane.example', imageUrl: '/img/jane.png', page: 'jane', socials: [{ platform: 'bluesky', url: 'https://bsky.app/profile/jane.bsky.social' }] },
      { key: 'team', name: 'Glint team', socials: [] },
    ]);
    // A key alone is the declared author as declared; the declaration itself is left as it was.
    expect(postAuthors(entry([{ key: 'jane' }]), await meta())[0]).toMatchObject({ title: 'Product lead', socials: [{ platform: 'github' }, { platform: 'x' }] });
  });

  it("tells an unknown key with the nearest, a key listed twice, an unknown field, a page and a bad field at their lines", async () => {
    const result = parseFrontMatter('---\ntitle: A\nauthors:\n  - key: jane\n    titel: X\n    page: true\n  - key: jane\n    url: jane.example\n  - key: 7\n---\n', FILE);
    expect(told(result.diagnostics)).toEqual([
      '5 authors[0].titel: unknown key | did you mean "title"?',
      "6 authors[0].page: unknown key | an author's page is declared with the author, in authors.yml or the config's blog.authors (page: true)",
      '8 authors[1].url: "jane.example" is not valid | an http(s):// address, a site path (/docs/team) or mailto:…',
      '9 authors[2].key: expected a string, got number 7',
    ]);
    const problems = postRefProblems({ file: FILE, frontMatter: { authors: [{ key: 'jnae', title: 'X' }, 'jane', { key: 'jane', title: 'Y' }] }, keyLines: { authors: 3 }, itemLines: { authors: [4, 6, 7] } }, await meta());
    expect(told(problems)).toEqual(['4 authors: key: "jnae" is not declared in site.config.ts (blog.authors) or content/en/blog/authors.yml | did you mean "jane"?', '7 authors: "jane" is listed twice | list it once']);
  });
});

describe("the legacy author keys (author, author_title, author_url, author_image_url)", () => {
  const FILE = 'content/en/blog/2024-01-01-a.md';
  const source = (frontMatter: FrontMatter) => ({ file: FILE, frontMatter, keyLines: Object.fromEntries(Object.keys(frontMatter).map((key, i) => [key, i + 3])) });

  it('make one author written out, the older spellings read where the first is not written', () => {
    const fm = parseFrontMatter('---\ntitle: A\nauthor: Joel Marcey\nauthorTitle: Co-creator of Docusaurus 1\nauthor_url: https://github.com/JoelMarcey\nauthorImageURL: https://github.com/JoelMarcey.png\n---\n', FILE);
    expect(fm.diagnostics).toEqual([]);
    expect(legacyAuthor(fm)).toEqual({ author: { name: 'Joel Marcey', title: 'Co-creator of Docusaurus 1', url: 'https://github.com/JoelMarcey', image_url: 'https://github.com/JoelMarcey.png' }, lines: { author: 3, authorTitle: 4, author_url: 5, authorImageURL: 6 } });
    expect(postRefProblems(source({ author: 'Joel', author_title: 'Editor' }), { authors: [], tags: [], onInlineTags: 'ignore', declaredIn: { authors: [], tags: [] } })).toEqual([]);
  });

  it('tell a bad address at its line, as in authors:', () => {
    expect(told(parseFrontMatter('---\ntitle: A\nauthor: Joel\nauthor_image_url: joel.png\n---\n', FILE).diagnostics)).toEqual(['4 author_image_url: "joel.png" is not valid | a site path of a file of content/static/ (/img/jane.png), or an http(s):// address']);
  });

  it('are refused beside authors:, as Docusaurus refuses them; without a name they are an error, and a field in both spellings a warning at the older one', async () => {
    const meta = (await loadBlogMeta(siteConfig(), [], null)).locales.en!;
    const problems = (fm: FrontMatter) => postRefProblems(source(fm), meta).map((d) => `${d.line} ${d.severity} ${d.message} | ${d.hint}`);
    expect(problems({ authors: ['team'], author: 'Joel', author_title: 'Editor' })).toEqual(['4 error author: written with authors:, which Docusaurus refuses: a post names its authors in authors: or in the legacy author keys (author, author_title), not both | write this author in authors: (- name: …, title: …, url: …, image_url: …, or the key of a declared author) and delete author, author_title']);
    expect(problems({ author_title: 'Editor', author_url: 'https://a.example' })).toEqual(['3 error author_title: the legacy keys make one author, whose name is author:, and it is not written | write author: Jane Doe beside them, or delete author_title, author_url']);
    expect(problems({ author: ' ' })).toEqual(["3 error author: the author's name is empty | write the name, author: Jane Doe, or delete the legacy author keys"]);
    expect(problems({ author: 'Joel', authorURL: 'https://b.example', author_url: 'https://a.example' })).toEqual(["4 warning authorURL: not read: author_url, written too, gives the author's url | delete one of the two"]);
    expect(legacyAuthor(source({ authors: ['team'], author: 'Joel' }))).toBeNull();
    // An empty list names no one, and Docusaurus reads the legacy keys beside it.
    expect(problems({ authors: [], author: 'Joel' })).toEqual([]);
    expect(legacyAuthor(source({ authors: [], author: 'Joel' }))?.author).toEqual({ name: 'Joel' });
  });
});

describe("the config's blog authors and switches", () => {
  it('takes an author as an authors.yml entry has it, and tells a bad social, avatar or switch by its key path', () => {
    const config = siteConfig({ blog: { authorPages: true, onInlineTags: 'warn', authors: { jane: { name: 'Jane', image_url: '/img/jane.png', email: 'jane@example.org', socials: { github: 'jane' }, page: false } } } });
    expect(config.blog).toMatchObject({ authorPages: true, onInlineTags: 'warn', authors: { jane: { imageUrl: '/img/jane.png', email: 'jane@example.org', socials: { github: 'jane' }, page: false } } });
    expect(() => siteConfig({ blog: { authors: { jane: { name: 'Jane', socials: { github: 'jane/x' } } } } })).toThrow(expect.objectContaining({ diagnostics: [expect.objectContaining({ message: 'blog.authors.jane.socials.github: "jane/x" is neither a github handle nor an address' })] }));
    const issues = validate({ title: 'T', url: 'https://a.example', blog: { onInlineTags: 'throw', authors: { jane: { name: 'Jane', image_url: 'img/jane.png' } } } }, configSchema);
    expect(issues.map((i) => `${formatKeyPath(i.path)}: ${i.message}`)).toEqual(['blog.onInlineTags: expected one of "ignore", "warn", "error", got the string "throw"', 'blog.authors.jane.image_url: "img/jane.png" is not valid']);
  });
});
