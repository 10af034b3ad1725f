import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli';
import { configSource, md, writeSite } from '../helpers/site';

/** `sitegen <args>` of the site in `dir`, run from `cwd` (the site's folder unless told): the paths it prints are from there. */
async function run(dir: string, args: string[], cwd = dir) {
  let out = '';
  const before = process.cwd();
  process.chdir(cwd);
  try {
    const code = await main(['node', 'sitegen', ...args, '--config', join(dir, 'site.config.ts')], { out: (t) => void (out += t), err: (t) => void (out += t), interactive: false });
    return { code, out };
  } finally {
    process.chdir(before);
  }
}

describe('sitegen new', () => {
  it('creates a post with date, slug, tags and author, which builds', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }) });
    const r = await run(dir, ['new', 'post', 'Hello New World', '--tags', 'news', '--description', 'A first post', '--locale', 'en']);
    expect(r.code, r.out).toBe(0);
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    const file = join(dir, `content/en/blog/${today}-hello-new-world.md`);
    expect(r.out).toContain(`created content/en/blog/${today}-hello-new-world.md`);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(new RegExp(`^---\ntitle: Hello New World\ndescription: A first post\ndate: ${today}\nslug: hello-new-world\nkeywords: \\[\\]\ntags:\n  - news\nauthors:\n  - team\n---\n`));
    writeFileSync(file, `${text}\nThe body.\n`);
    const built = await run(dir, ['build']);
    expect(built.code, built.out).toBe(0);
    // The summary line to replace, left as it was: told at its line.
    expect(built.out).toContain(`content/en/blog/${today}-hello-new-world.md:13 warning[content] the line sitegen new wrote for you to replace is still here, and readers would see it`);
    writeFileSync(file, `${text.replace('Write the summary here; the post list shows it.', 'Our first post.')}\nThe body.\n`);
    expect((await run(dir, ['build'])).out).not.toContain('sitegen new wrote');
    expect(existsSync(join(dir, `dist/en/blog/${today.replace(/-/g, '/')}/hello-new-world/index.html`))).toBe(true);
  }, 60_000);

  it('quotes titles that YAML would misread, makes a slug with one - between words, and a Chinese title keeps its words in the slug', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }) });
    const tricky = 'Note: "quotes" & #hash, 2025-01-01';
    expect((await run(dir, ['new', 'post', tricky, '--description', 'd'])).code).toBe(0);
    expect((await run(dir, ['new', 'post', '你好 世界', '--description', 'd'])).code).toBe(0);
    const built = await run(dir, ['build']);
    expect(built.code, built.out).toBe(0);
    const { readdirSync } = await import('node:fs');
    const files = readdirSync(join(dir, 'content/zh-Hans/blog'));
    expect(files.some((f) => f.endsWith('-你好-世界.md'))).toBe(true);
    // What the slugger drops (`:`, `"`, `&`, `#`, an emoji) leaves no `--` and no `-` at an end of the address.
    expect((await run(dir, ['new', 'post', 'Tom & Jerry: 🎉', '--description', 'd'])).out).toMatch(/created content\/zh-Hans\/blog\/\d{4}-\d{2}-\d{2}-tom-jerry\.md/);
    const post = readdirSync(join(dir, 'dist/blog'), { recursive: true }) as string[];
    expect(post.some((p) => p.endsWith('note-quotes-hash-2025-01-01/index.html'))).toBe(true);
    const html = readFileSync(join(dir, 'dist/blog', post.find((p) => p.endsWith('note-quotes-hash-2025-01-01/index.html'))!), 'utf8');
    expect(html).toContain('Note: &quot;quotes&quot; &amp; #hash, 2025-01-01');
  }, 60_000);

  it('creates the translation of a post under the same file name with --slug and --date, so the two are one post in two languages', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }) });
    const original = await run(dir, ['new', 'post', '离线词典上线', '--description', '离线也能查词', '--date', '2026-11-20']);
    expect(original.out).toContain('created content/zh-Hans/blog/2026-11-20-离线词典上线.md');
    const translation = await run(dir, ['new', 'post', 'Offline dictionary is here', '--locale', 'en', '--slug', '离线词典上线', '--date', '2026-11-20', '--description', 'Look words up offline']);
    expect(translation.out).toContain('created content/en/blog/2026-11-20-离线词典上线.md');
    for (const file of ['content/zh-Hans/blog/2026-11-20-离线词典上线.md', 'content/en/blog/2026-11-20-离线词典上线.md']) writeFileSync(join(dir, file), `${readFileSync(join(dir, file), 'utf8')}\nBody.\n`);
    const built = await run(dir, ['build']);
    expect(built.code, built.out).toBe(0);
    const english = readFileSync(join(dir, 'dist/en/blog/2026/11/20/离线词典上线/index.html'), 'utf8');
    expect(english).toContain('Offline dictionary is here');
    expect(english).not.toContain('"untranslated":true');
    const feed = readFileSync(join(dir, 'dist/en/blog/rss.xml'), 'utf8');
    expect(feed.match(/<item>/g)).toHaveLength(1);
    // A slug or a date that would not make the same address is refused before anything is written.
    expect(await run(dir, ['new', 'post', 'X', '--slug', 'Release Notes'])).toMatchObject({ code: 2, out: expect.stringContaining('--slug Release Notes error[usage] a slug is lower case, with - between words, and at most 80 characters\n  hint: --slug release-notes') });
    expect(await run(dir, ['new', 'post', 'X', '--date', '2026-02-30'])).toMatchObject({ code: 2, out: expect.stringContaining('--date 2026-02-30 error[usage] the date is not a real calendar day') });
    expect(await run(dir, ['new', 'post', 'X', '--date', '2026-2-3'])).toMatchObject({ code: 2, out: expect.stringContaining('--date 2026-2-3 error[usage] the date is not a day written YYYY-MM-DD') });
  }, 60_000);

  it('creates a doc from its id', async () => {
    const dir = writeSite({});
    const r = await run(dir, ['new', 'doc', 'guides/quick-start']);
    expect(r.code, r.out).toBe(0);
    expect(readFileSync(join(dir, 'content/zh-Hans/docs/guides/quick-start.md'), 'utf8')).toMatch(/^---\ntitle: quick start\n/);
    // As written, it builds (its empty description is a warning to act on, not an error).
    const built = await run(dir, ['build']);
    expect(built.code, built.out).toBe(0);
    expect(readFileSync(join(dir, 'dist/docs/guides/quick-start/index.html'), 'utf8')).toContain('在这里写正文。');
  }, 60_000);

  it('creates a doc named in Chinese, and its translation under the same name, as the build takes them', async () => {
    const dir = writeSite({});
    // Before: '指南/快速开始 error[usage] a doc id is a path such as guides/card (letters, digits, -, _ and /)', exit 2.
    const original = await run(dir, ['new', 'doc', '指南/快速开始']);
    expect(original).toEqual({ code: 0, out: 'created content/zh-Hans/docs/指南/快速开始.md\n' });
    expect(readFileSync(join(dir, 'content/zh-Hans/docs/指南/快速开始.md'), 'utf8')).toMatch(/^---\ntitle: 快速开始\n/);
    const translation = await run(dir, ['new', 'doc', '指南/快速开始', '--locale', 'en', '--title', 'Quick start']);
    expect(translation).toEqual({ code: 0, out: 'created content/en/docs/指南/快速开始.md\n' });
    const built = await run(dir, ['build']);
    expect(built.code, built.out).toBe(0);
    expect(readFileSync(join(dir, 'dist/docs/指南/快速开始/index.html'), 'utf8')).toContain('在这里写正文。');
    expect(readFileSync(join(dir, 'dist/en/docs/指南/快速开始/index.html'), 'utf8')).toContain('Quick start');
    // Still one path of words: a space, a dot or a slash at the end is not an id.
    for (const id of ['指南 /快速开始', '指南/快速开始.md', '指南/']) {
      const hint = id.endsWith('.md') ? '  hint: the id has no extension: sitegen new doc 指南/快速开始\n' : '';
      expect(await run(dir, ['new', 'doc', id]), id).toEqual({ code: 2, out: `${id} error[usage] a doc id is a path such as guides/card or 指南/快速开始 (letters of any script, digits, -, _ and /)\n${hint}` });
    }
  }, 60_000);

  it('refuses unknown tags, bad ids, unknown locales and existing files with exit 2', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A' }) });
    expect(await run(dir, ['new', 'post', 'X', '--tags', 'nope'])).toMatchObject({ code: 2, out: expect.stringContaining('unknown tag "nope"') });
    // Every unknown one at once, not the first only.
    expect(await run(dir, ['new', 'post', 'X', '--tags', 'newz,news,tip'])).toMatchObject({ code: 2, out: expect.stringContaining('--tags newz,news,tip error[usage] unknown tags "newz", "tip"\n  hint: declared in site.config.ts: news, tips') });
    expect((await run(dir, ['new', 'doc', '../escape'])).code).toBe(2);
    // A file name for the id: before, the rule alone, without saying that the extension was what broke it.
    expect(await run(dir, ['new', 'doc', 'guides/setup.md'])).toEqual({ code: 2, out: 'guides/setup.md error[usage] a doc id is a path such as guides/card or 指南/快速开始 (letters of any script, digits, -, _ and /)\n  hint: the id has no extension: sitegen new doc guides/setup\n' });
    expect(await run(dir, ['new', 'doc', '../x.md'])).toEqual({ code: 2, out: '../x.md error[usage] a doc id is a path such as guides/card or 指南/快速开始 (letters of any script, digits, -, _ and /)\n' });
    // An empty id (an unset variable in a script) is told at the command as typed, not at nothing (a line starting with a space).
    expect(await run(dir, ['new', 'doc', ''])).toEqual({ code: 2, out: 'new doc "" error[usage] a doc id is a path such as guides/card or 指南/快速开始 (letters of any script, digits, -, _ and /)\n' });
    expect((await run(dir, ['new', 'doc', 'x', '--locale', 'fr'])).code).toBe(2);
    // A line break or an escape pasted into a title: refused as init refuses it, where the post was written with a
    // title of two lines and the words glued in its slug (offlinedictionary).
    expect(await run(dir, ['new', 'post', 'Offline\ndictionary'])).toEqual({ code: 2, out: 'new post "Offline\\ndictionary" error[usage] the title is one line of text\n  hint: sitegen new post "Release notes"\n' });
    expect(await run(dir, ['new', 'doc', 'x', '--title', '\u001b[31mRed'])).toEqual({ code: 2, out: '--title "\\u001b[31mRed" error[usage] the title is one line of text\n' });
    expect(existsSync(join(dir, 'content/zh-Hans/blog'))).toBe(false);
    expect(existsSync(join(dir, 'content/zh-Hans/docs/x.md'))).toBe(false);
    const existing = await run(dir, ['new', 'doc', 'a']);
    expect(existing.code).toBe(2);
    expect(existing.out).toContain('content/zh-Hans/docs/a.md error[usage] already exists; nothing was written');
  });

  it('refuses a doc whose address another doc has, and an id too long for a file name; a long title makes a shorter slug', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/faqs/index.md': md({ title: 'FAQ' }), 'content/zh-Hans/docs/guides/summary.md': md({ title: 'S' }) });
    const folder = await run(dir, ['new', 'doc', 'faqs']);
    expect(folder).toMatchObject({ code: 2, out: expect.stringContaining('content/zh-Hans/docs/faqs/index.md error[usage] already has the address /docs/faqs/, which a new doc faqs would take too; nothing was written') });
    const index = await run(dir, ['new', 'doc', 'guides/summary/index']);
    expect(index).toMatchObject({ code: 2, out: expect.stringContaining('content/zh-Hans/docs/guides/summary.md error[usage] already has the address /docs/guides/summary,') });
    expect(existsSync(join(dir, 'content/zh-Hans/docs/faqs.md'))).toBe(false);
    expect(existsSync(join(dir, 'content/zh-Hans/docs/guides/summary'))).toBe(false);
    const long = await run(dir, ['new', 'doc', 'a'.repeat(300)]);
    expect(long).toMatchObject({ code: 2, out: expect.stringContaining('error[usage] a doc id is at most 200 characters, 80 between slashes; this one has 300') });
    const unknown = await run(dir, ['new', 'post', '{{nope}} release', '--description', 'd']);
    expect(unknown).toMatchObject({ code: 2, out: expect.stringContaining('new post "{{nope}} release" error[usage] unknown variable {{nope}}') });
    expect(existsSync(join(dir, 'content/zh-Hans/blog'))).toBe(false);
    const post = await run(dir, ['new', 'post', 'word '.repeat(100), '--description', 'd']);
    expect(post.code, post.out).toBe(0);
    expect(post.out).toMatch(/created content\/zh-Hans\/blog\/\d{4}-\d\d-\d\d-(word-){15}word\.md/);
  });

  it("refuses a post at an address another post has (its slug: or date: give it that address), or its fallback copy has, and writes nothing", async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }),
      'content/zh-Hans/blog/2026-11-20-launch-notes.md': md({ title: '上线', description: 'd', slug: 'hello' }),
      'content/zh-Hans/blog/2026-11-19-x/index.md': md({ title: '另一篇', description: 'd', date: '2026-11-20', slug: 'Offline' }),
    });
    const lines = async (args: string[]) => (await run(dir, ['new', 'post', ...args, '--description', 'd', '--date', '2026-11-20'])).out.trim().split('\n');
    // Before: created content/zh-Hans/blog/2026-11-20-hello.md, and the next build failed with a permalink collision.
    expect(await lines(['Hello'])).toEqual(['content/zh-Hans/blog/2026-11-20-launch-notes.md error[usage] already has the address /blog/2026/11/20/hello (its slug: gives it that address), which the new post would take too; nothing was written', '  hint: give the new post another --slug']);
    // In English: the Chinese post's copy, shown there untranslated, is at /en/blog/2026/11/20/hello.
    expect(await lines(['Hello', '--locale', 'en'])).toEqual(['content/zh-Hans/blog/2026-11-20-launch-notes.md error[usage] already has the address /blog/2026/11/20/hello (its slug: gives it that address), which the new post would take too; nothing was written', '  hint: give the new post another --slug; a translation of that post is a copy of its file under the same name in content/en/blog/']);
    // Only in case: one file on a disk that ignores case, which the build refuses as well.
    expect((await lines(['offline']))[0]).toBe('content/zh-Hans/blog/2026-11-19-x/index.md error[usage] has the address /blog/2026/11/20/Offline (its slug: and date: give it that address), from which the address /blog/2026/11/20/offline of the new post differs only in case (one file on a disk that ignores case, as the build tells); nothing was written');
    expect(existsSync(join(dir, 'content/zh-Hans/blog/2026-11-20-hello.md'))).toBe(false);
    expect(existsSync(join(dir, 'content/zh-Hans/blog/2026-11-20-offline.md'))).toBe(false);
    expect(existsSync(join(dir, 'content/en/blog'))).toBe(false);
    expect((await run(dir, ['new', 'post', 'Launch 2', '--date', '2026-11-21', '--slug', 'hello', '--description', 'd'])).code).toBe(0);
  });

  it('refuses a post of the default locale whose copy, shown untranslated in another locale, would take the address of a post of that locale\'s own', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }),
      'content/en/blog/2026-11-20-launch.md': md({ title: 'Launch', description: 'd', slug: 'hello' }),
    });
    const post = (args: string[]) => run(dir, ['new', 'post', ...args, '--description', 'd', '--date', '2026-11-20']);
    // Before: created content/zh-Hans/blog/2026-11-20-hello.md, and the next build failed with a permalink collision in en.
    expect(await post(['Hello'])).toEqual({ code: 2, out: 'content/en/blog/2026-11-20-launch.md error[usage] already has the address /blog/2026/11/20/hello in en (its slug: gives it that address), which the new post, shown there untranslated, would take too; nothing was written\n  hint: give the new post another --slug\n' });
    expect(existsSync(join(dir, 'content/zh-Hans/blog'))).toBe(false);
    // Its original, of the same file name, pairs with it.
    expect(await post(['上线', '--slug', 'launch'])).toEqual({ code: 0, out: 'created content/zh-Hans/blog/2026-11-20-launch.md\n' });
  });

  it('tells a post written again what to do: another --slug, and why the file is named "post" when the title has no letter', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }) });
    const post = (title: string) => run(dir, ['new', 'post', title, '--description', 'd', '--date', '2026-11-20']);
    expect((await post('Hello')).code).toBe(0);
    // Before: the error line alone, with no next step.
    expect(await post('Hello')).toEqual({ code: 2, out: 'content/zh-Hans/blog/2026-11-20-hello.md error[usage] already exists; nothing was written\n  hint: give the new post another --slug\n' });
    expect((await post('🎉')).code).toBe(0);
    // Before: "2026-11-20-post.md already exists" for a title that has no "post" in it.
    expect(await post('🎉🎉')).toEqual({ code: 2, out: 'content/zh-Hans/blog/2026-11-20-post.md error[usage] already exists; nothing was written\n  hint: the title has no letter or digit to make an address of, so it is "post": give the new post one with --slug\n' });
    expect((await run(dir, ['new', 'post', '🎉🎉', '--date', '2026-11-20', '--slug', 'party'])).code).toBe(0);
    expect(readdirSync(join(dir, 'content/zh-Hans/blog')).sort()).toEqual(['2026-11-20-hello.md', '2026-11-20-party.md', '2026-11-20-post.md']);
  });

  it('refuses a doc whose address differs from another doc\'s only in case, which the build refuses, and writes nothing', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: 'd' }), 'content/zh-Hans/docs/guides/setup.md': md({ title: '安装', description: 'd' }) });
    const lines = async (args: string[]) => (await run(dir, ['new', 'doc', ...args])).out.trim().split('\n');
    // Before: created content/zh-Hans/docs/Intro.md, and the next build failed with a case-only permalink collision.
    expect(await lines(['Intro'])).toEqual(['content/zh-Hans/docs/intro.md error[usage] has the address /docs/intro, from which the address /docs/Intro of a new doc Intro differs only in case (one file on a disk that ignores case, as the build tells); nothing was written', '  hint: choose another id']);
    expect((await lines(['guides/SETUP', '--locale', 'en']))[0]).toMatch(/^content\/zh-Hans\/docs\/guides\/setup\.md error\[usage\] has the address \/docs\/guides\/setup, from which/);
    expect(existsSync(join(dir, 'content/zh-Hans/docs/Intro.md'))).toBe(false);
    expect(existsSync(join(dir, 'content/en/docs'))).toBe(false);
  });

  it('refuses a doc of the default locale whose copy, shown untranslated in another locale, would take the address of a doc of that locale\'s own', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: 'd' }),
      'content/en/docs/guides/setup.md': md({ title: 'Setup', description: 'd' }),
      'content/en/docs/faqs/index.md': md({ title: 'FAQ', description: 'd' }),
    });
    const lines = async (args: string[]) => (await run(dir, ['new', 'doc', ...args])).out.trim().split('\n');
    // Before: created content/zh-Hans/docs/guides/Setup.md and faqs.md, and the next build failed with a (case-only) permalink collision in en.
    expect(await lines(['guides/Setup'])).toEqual([
      'content/en/docs/guides/setup.md error[usage] has the address /docs/guides/setup in en, from which the address /docs/guides/Setup of the new doc guides/Setup, shown there untranslated, differs only in case (one file on a disk that ignores case, as the build tells); nothing was written',
      "  hint: choose another id, or write that doc's original: sitegen new doc guides/setup",
    ]);
    expect(await lines(['faqs'])).toEqual([
      'content/en/docs/faqs/index.md error[usage] has the address /docs/faqs/ in en, which the new doc faqs, shown there untranslated, would take too; nothing was written',
      "  hint: choose another id, or write that doc's original: sitegen new doc faqs/index",
    ]);
    expect(existsSync(join(dir, 'content/zh-Hans/docs/guides'))).toBe(false);
    expect(existsSync(join(dir, 'content/zh-Hans/docs/faqs.md'))).toBe(false);
    // The original of the English doc pairs with it, and the site builds.
    expect(await run(dir, ['new', 'doc', 'guides/setup'])).toEqual({ code: 0, out: 'created content/zh-Hans/docs/guides/setup.md\n' });
    expect((await run(dir, ['build', '--quiet'])).code).toBe(0);
  }, 60_000);

  it('refuses a doc at the top of docs/ named as a version, whose address the build gives the version', async () => {
    const dir = writeSite({
      'content/versions.json': '["V3"]\n',
      'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: 'd' }),
      'content/zh-Hans/versioned_docs/version-V3/intro.md': md({ title: '介绍', description: 'd' }),
    });
    const lines = async (args: string[]) => (await run(dir, ['new', 'doc', ...args])).out.trim().split('\n');
    // Before: created content/zh-Hans/docs/v3.md, and the next build failed: "V3" is the name of a folder or doc of docs/.
    expect(await lines(['v3'])).toEqual(['v3 error[usage] "V3" is a version (content/versions.json lists it), and a doc or folder at the top of docs/ named so would take its address /docs/V3; nothing was written', '  hint: choose another id']);
    expect((await lines(['01-v3/setup', '--locale', 'en']))[0]).toMatch(/^01-v3\/setup error\[usage\] "V3" is a version/);
    expect(existsSync(join(dir, 'content/zh-Hans/docs/v3.md'))).toBe(false);
    expect(existsSync(join(dir, 'content/en/docs'))).toBe(false);
    // Deeper in docs/, the name is free.
    expect(await lines(['guides/v3'])).toEqual(['created content/zh-Hans/docs/guides/v3.md']);
  });

  it('refuses an empty title, which would make a page that does not build, and writes nothing', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A' }) });
    const post = await run(dir, ['new', 'post', '  ']);
    expect(post).toMatchObject({ code: 2, out: expect.stringContaining('new post "  " error[usage] the title is only spaces: a page without one does not build') });
    expect(existsSync(join(dir, 'content/zh-Hans/blog'))).toBe(false);
    const doc = await run(dir, ['new', 'doc', 'guides/b', '--title', '']);
    expect(doc).toMatchObject({ code: 2, out: expect.stringContaining('--title "" error[usage] the title is empty') });
    expect(existsSync(join(dir, 'content/zh-Hans/docs/guides/b.md'))).toBe(false);
  });

  it("places a doc among files named with number prefixes by its id: in the folder that has it, at its translation's name, and not at a doc's address", async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/01-intro.md': md({ title: '介绍', description: 'd' }, '正文。\n'),
      'content/zh-Hans/docs/02-guides/index.md': md({ title: '指南', description: 'd' }, '正文。\n'),
      'content/zh-Hans/docs/02-guides/01-setup.md': md({ title: '安装', description: 'd' }, '正文。\n'),
    });
    const lines = async (args: string[]) => (await run(dir, ['new', 'doc', ...args])).out.trim().split('\n');
    // In 02-guides/, not in a second folder guides/ beside it (a second category "guides" in the sidebar).
    expect(await lines(['guides/card'])).toEqual(['created content/zh-Hans/docs/02-guides/card.md']);
    // Written with its prefixes: as written, its title without the prefix.
    expect(await lines(['02-guides/03-tips'])).toEqual(['created content/zh-Hans/docs/02-guides/03-tips.md']);
    expect(readFileSync(join(dir, 'content/zh-Hans/docs/02-guides/03-tips.md'), 'utf8')).toMatch(/^---\ntitle: tips\n/);
    // A translation takes its original's file name, prefixes and all, so that the two pair.
    expect(await lines(['guides/setup', '--locale', 'en'])).toEqual(['created content/en/docs/02-guides/01-setup.md']);
    expect(await lines(['intro', '--locale', 'en'])).toEqual(['created content/en/docs/01-intro.md']);
    // The doc the id names already, by its file's name; and a doc at the address (the default locale's, in English too).
    expect(await lines(['guides/setup'])).toEqual(['content/zh-Hans/docs/02-guides/01-setup.md error[usage] already exists; nothing was written', '  hint: edit that doc, or choose another id for a new one']);
    expect((await lines(['guides', '--locale', 'en']))[0]).toBe('content/zh-Hans/docs/02-guides/index.md error[usage] already has the address /docs/guides/, which a new doc guides would take too; nothing was written');
    expect(existsSync(join(dir, 'content/zh-Hans/docs/guides'))).toBe(false);
    expect(existsSync(join(dir, 'content/en/docs/guides.md'))).toBe(false);
    // As written, it all builds: the translations are paired, no two docs at one address.
    for (const file of ['zh-Hans/docs/02-guides/card.md', 'zh-Hans/docs/02-guides/03-tips.md', 'en/docs/02-guides/01-setup.md', 'en/docs/01-intro.md']) {
      const path = join(dir, 'content', file);
      writeFileSync(path, readFileSync(path, 'utf8').replace('description: ""', 'description: d').replace(/\n\n[^\n]+\n$/, '\n\nText.\n'));
    }
    const built = await run(dir, ['build']);
    expect(built.code, built.out).toBe(0);
    expect(readFileSync(join(dir, 'dist/en/docs/guides/setup/index.html'), 'utf8')).not.toContain('"untranslated":true');
  }, 60_000);

  it("names a new doc of the default locale as its translation already is, number prefixes and all, or refuses one it would not be paired with", async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: 'd' }, '正文。\n'),
      'content/en/docs/intro.md': md({ title: 'Intro', description: 'd' }, 'Text.\n'),
      'content/en/docs/02-guide/03-foo.md': md({ title: 'Foo', description: 'd' }, 'Text.\n'),
      'content/en/docs/more/07-qux.md': md({ title: 'Qux', description: 'd', id: 'baz' }, 'Text.\n'),
      'content/zh-Hans/docs/tips/a.md': md({ title: 'A', description: 'd' }, '正文。\n'),
      'content/en/docs/01-tips/02-b.md': md({ title: 'B', description: 'd' }, 'Text.\n'),
    });
    const lines = async (args: string[]) => (await run(dir, ['new', 'doc', ...args])).out.trim().split('\n');
    // Before: created content/zh-Hans/docs/guide/foo.md, and the next build failed: the English 02-guide/03-foo.md was a
    // "translation of no file" (paired with its original by its file name, number prefixes and all).
    expect(await lines(['guide/foo'])).toEqual(['created content/zh-Hans/docs/02-guide/03-foo.md']);
    // One the new doc cannot be named as (named so by its id:, or in another folder than the default locale's), named, and nothing written.
    expect(await lines(['more/baz'])).toEqual([
      'content/en/docs/more/07-qux.md error[usage] is the doc more/baz in en, which a new doc more/baz written as content/zh-Hans/docs/more/baz.md would not be paired with (a translation is paired with its original by its file name, number prefixes and all); nothing was written',
      '  hint: rename it content/en/docs/more/baz.md, or choose another id',
    ]);
    expect((await lines(['tips/b']))[0]).toBe('content/en/docs/01-tips/02-b.md error[usage] is the doc tips/b in en, which a new doc tips/b written as content/zh-Hans/docs/tips/b.md would not be paired with (a translation is paired with its original by its file name, number prefixes and all); nothing was written');
    expect(readdirSync(join(dir, 'content/zh-Hans/docs')).sort()).toEqual(['02-guide', 'intro.md', 'tips']);
    expect(readdirSync(join(dir, 'content/zh-Hans/docs/tips'))).toEqual(['a.md']);
    // As written, the two pair and the site builds.
    const path = join(dir, 'content/zh-Hans/docs/02-guide/03-foo.md');
    writeFileSync(path, readFileSync(path, 'utf8').replace('description: ""', 'description: d').replace(/\n\n[^\n]+\n$/, '\n\n正文。\n'));
    rmSync(join(dir, 'content/en/docs/more'), { recursive: true });
    rmSync(join(dir, 'content/en/docs/01-tips'), { recursive: true });
    const built = await run(dir, ['build']);
    expect(built.code, built.out).toBe(0);
    expect(readFileSync(join(dir, 'dist/en/docs/guide/foo/index.html'), 'utf8')).not.toContain('"untranslated":true');
  }, 60_000);

  it('knows a doc by the id its front matter gives it: its translation goes in its file, and its id and address are taken', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/guides/01-foo.md': md({ title: '富', description: 'd', id: 'bar' }, '正文。\n'),
    });
    const lines = async (args: string[]) => (await run(dir, ['new', 'doc', ...args])).out.trim().split('\n');
    // The doc guides/bar is 01-foo.md: written again it fails; its translation is paired with it by that file name.
    expect(await lines(['guides/bar'])).toEqual(['content/zh-Hans/docs/guides/01-foo.md error[usage] already exists; nothing was written', '  hint: edit that doc, or choose another id for a new one']);
    expect(await lines(['guides/bar', '--locale', 'en'])).toEqual(['created content/en/docs/guides/01-foo.md']);
    expect(existsSync(join(dir, 'content/zh-Hans/docs/guides/bar.md'))).toBe(false);
    // Its file name's id is free: a doc guides/foo is another doc, at another address.
    expect(await lines(['guides/foo'])).toEqual(['created content/zh-Hans/docs/guides/foo.md']);
    for (const file of ['zh-Hans/docs/guides/foo.md', 'en/docs/guides/01-foo.md']) {
      const path = join(dir, 'content', file);
      writeFileSync(path, readFileSync(path, 'utf8').replace('description: ""', 'description: d').replace(/\n\n[^\n]+\n$/, '\n\nText.\n'));
    }
    const built = await run(dir, ['build']);
    expect(built.code, built.out).toBe(0);
    expect(existsSync(join(dir, 'dist/en/docs/guides/bar/index.html'))).toBe(true);
    expect(existsSync(join(dir, 'dist/docs/guides/foo/index.html'))).toBe(true);
  }, 60_000);

  it('knows an .mdx doc as the doc its .md name would be: written again it fails, its translation goes in its file name', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/guides/setup.mdx': md({ title: '安装', description: 'd' }, '正文。\n') });
    const lines = async (args: string[]) => (await run(dir, ['new', 'doc', ...args])).out.trim().split('\n');
    expect(await lines(['guides/setup'])).toEqual(['content/zh-Hans/docs/guides/setup.mdx error[usage] already exists; nothing was written', '  hint: edit that doc, or choose another id for a new one']);
    expect(existsSync(join(dir, 'content/zh-Hans/docs/guides/setup.md'))).toBe(false);
    expect(await lines(['guides/setup', '--locale', 'en'])).toEqual(['created content/en/docs/guides/setup.mdx']);
  });
});

describe('the files a command writes, as it prints them', () => {
  it('are paths from the working folder, run from a folder of the project too', async () => {
    // sitegen's own theme (no themeDir), whose files theme eject copies.
    const dir = writeSite({ 'site.config.ts': configSource().replace(/^ {2}themeDir: .*\n/m, ''), 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }), 'content/en/docs/a.md': md({ title: 'A', description: 'a' }) });
    const cwd = join(dir, 'content/en');
    const created = async (args: string[]) => {
      const r = await run(dir, args, cwd);
      expect(r.code, r.out).toBe(0);
      const paths = [...r.out.matchAll(/^(?:created|updated) (.+)$/gm)].map((m) => m[1]!);
      expect(paths.length, r.out).toBeGreaterThan(0);
      // Before: content/en/blog/…, which from content/en names content/en/content/en/blog/….
      for (const path of paths) expect(existsSync(resolve(cwd, path)), `${path} from ${cwd}`).toBe(true);
      return paths;
    };
    expect(await created(['new', 'post', 'From here', '--locale', 'en', '--date', '2026-01-02'])).toEqual(['blog/2026-01-02-from-here.md']);
    expect(await created(['new', 'doc', 'guides/card', '--locale', 'zh-Hans'])).toEqual(['../zh-Hans/docs/guides/card.md']);
    expect(await created(['docs', 'version', '1.x'])).toEqual(['../zh-Hans/versioned_docs/version-1.x/', 'versioned_docs/version-1.x/', '../versions.json']);
    expect(await created(['theme', 'eject', 'components/Footer'])).toEqual(['../../theme/components/Footer/index.tsx', '../../theme/components/Footer/styles.css']);
  });
});
