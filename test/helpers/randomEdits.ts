// Random edits of a small two-locale site, for the tests that compare an incremental build after each
// edit with a cold one: a deterministic generator, so that a failure names the seed and step to replay.
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { configSource, md, writeSite } from './site';

/** Every file under `root`, by its path there, with its bytes as latin1 text. */
export function tree(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(root, p), readFileSync(p, 'latin1'));
    }
  };
  walk(root);
  return out;
}

const WORDS = ['翻译', '截图', '服务', 'DeepL', 'OpenAI', 'API Key', '快捷键', 'subtitle', 'proxy', 'glossary', '词典', '设置'];

/**
 * The site the edits start from: docs in a sidebar, posts with tags, and a variable in every page's body; on the
 * tests' minimal theme, or on sitegen's own (`defaultTheme`), whose pages show the site's title and menus.
 */
export function randomEditSite({ defaultTheme = false } = {}): string {
  const config = configSource("variables: { product: { 'zh-Hans': '灵译', en: 'Glint' } },\n  llms: { enabled: true },\n  navbar: [{ label: 'Help', to: 'https://help.example/' }],");
  const files: Record<string, string> = {
    'site.config.ts': defaultTheme ? config.replace(/^\s*themeDir: .*\n/m, '') : config,
    'content/sidebars.yaml': 'docs:\n  - intro\n  - label: { zh-Hans: 指南, en: Guides }\n    items: [guide/a, guide/b, guide/c]\n',
  };
  // Guide b includes a partial and guide c shows an image (the edits below change both), the first post names a
  // declared author (as do the third; the edits declare another now and then, leaving them an undeclared one).
  const extra: Record<string, string> = { b: '\n<!--@include: ../_shared/note.md-->\n', c: '\n![A picture](/img/pic.svg)\n' };
  for (const locale of ['zh-Hans', 'en']) {
    files[`content/${locale}/docs/intro.md`] = md({ title: `Intro ${locale}`, description: 'd' }, '{{product}}: see [A](./guide/a.md) and [B](./guide/b.md#part).\n');
    for (const id of ['a', 'b', 'c']) files[`content/${locale}/docs/guide/${id}.md`] = md({ title: `${id} ${locale}`, description: 'd' }, `## Part\n\nText of ${id}.\n\n\`\`\`ts\nconst ${id} = 1;\n\`\`\`\n${extra[id] ?? ''}`);
  }
  files['content/zh-Hans/docs/_shared/note.md'] = 'A shared note about {{product}}.\n';
  files['content/static/img/pic.svg'] = svg(120, 80);
  files['content/zh-Hans/blog/authors.yml'] = 'ann:\n  name: Ann\n';
  for (let i = 1; i <= 4; i++) files[`content/zh-Hans/blog/2025-0${i}-01-post-${i}.md`] = md({ title: `文章 ${i}`, description: 'p', tags: [i % 2 ? 'news' : 'tips'], ...(i % 2 ? { authors: ['ann'] } : {}) }, `正文 ${i}。\n`);
  files['content/en/blog/2025-01-01-post-1.md'] = md({ title: 'Post 1', description: 'p', tags: ['news'] }, 'Body 1.\n');
  return writeSite(files);
}

/** An image of that size. */
function svg(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}"/></svg>\n`;
}

/** A seeded editor of the site in `dir`: each call makes one or two edits and says which. */
export function randomEditor(dir: string, seed: number): () => string {
  let state = seed >>> 0;
  const rand = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)];
  const files = () => {
    const found: string[] = [];
    const walk = (d: string) => readdirSync(d, { withFileTypes: true }).forEach((e) => (e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.md') && found.push(join(d, e.name))));
    walk(join(dir, 'content'));
    // The pages: the partial has an edit of its own.
    return found.filter((f) => !f.includes(`_shared`)).sort();
  };
  const setKey = (file: string, key: string, value: string | undefined) => {
    const src = readFileSync(file, 'utf8');
    const m = /^---\n([\s\S]*?)\n---\n/.exec(src)!;
    const lines = m[1].split('\n').filter((l) => !l.startsWith(`${key}:`));
    if (value !== undefined) lines.push(`${key}: ${value}`);
    writeFileSync(file, `---\n${lines.join('\n')}\n---\n${src.slice(m[0].length)}`);
  };
  const text = () => Array.from({ length: 3 + Math.floor(rand() * 5) }, () => pick(WORDS)).join(' ');
  // A variable now and then, and the escaped form that stays as written.
  const prose = () => `${text()}${rand() < 0.3 ? pick([' {{product}}', ' \\{{product}}']) : ''}`;
  const edits: Record<string, (file: string) => void> = {
    body: (f) => appendFileSync(f, `\n${rand() < 0.4 ? `## ${pick(WORDS)}\n\n` : ''}${prose()}\n`),
    code: (f) => appendFileSync(f, `\n\`\`\`${pick(['ts', 'bash', 'json'])}\n${pick(WORDS)} ${Math.floor(rand() * 9)}\n\`\`\`\n`),
    title: (f) => setKey(f, 'title', JSON.stringify(text())),
    label: (f) => setKey(f, 'sidebar_label', rand() < 0.7 ? JSON.stringify(pick(WORDS)) : undefined),
    description: (f) => setKey(f, 'description', rand() < 0.8 ? JSON.stringify(text()) : undefined),
    draft: (f) => setKey(f, 'draft', rand() < 0.5 ? 'true' : undefined),
    tags: (f) => f.includes('/blog/') && setKey(f, 'tags', `[${pick(['news', 'tips'])}]`),
    slug: (f) => f.includes('/docs/') && setKey(f, 'slug', rand() < 0.5 ? JSON.stringify(`s${Math.floor(rand() * 3)}`) : undefined),
    link: (f) => appendFileSync(f, `\n[${pick(WORDS)}](${relative(dirname(f), pick(files()))}${rand() < 0.3 ? '#part' : ''})\n`),
    copy: (f) => cpSync(f, f.replace(/\.md$/, `-${Math.floor(rand() * 4)}.md`)),
    remove: (f) => rmSync(f),
    rename: (f) => renameSync(f, f.replace(/\.md$/, `-r${Math.floor(rand() * 4)}.md`)),
    sidebars: () => writeFileSync(join(dir, 'content/sidebars.yaml'), `docs:\n  - intro\n  - label: ${pick(['Guides', '指南'])}\n    items: [${['guide/a', 'guide/b', 'guide/c'].sort(() => rand() - 0.5).join(', ')}]\n`),
    static: () => writeFileSync(join(dir, `content/static/f${Math.floor(rand() * 3)}.txt`), text()),
    // The partial guide b includes (the English page's own copy now and then), the image guide c shows, the declared author's name.
    partial: () => {
      const folder = join(dir, `content/${rand() < 0.7 ? 'zh-Hans' : 'en'}/docs/_shared`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'note.md'), `${prose()}\n`);
    },
    image: () => writeFileSync(join(dir, 'content/static/img/pic.svg'), svg(40 + Math.floor(rand() * 200), 30 + Math.floor(rand() * 100))),
    authors: () => writeFileSync(join(dir, 'content/zh-Hans/blog/authors.yml'), `${pick(['ann', 'ann', 'bea'])}:\n  name: ${pick(['Ann', 'Anna', '安'])}\n`),
    // The site's title (in every route's own data too: its document title) or a navbar label, which only its
    // locale's site data holds, or both: every page shows them.
    config: () => {
      const file = join(dir, 'site.config.ts');
      const which = rand();
      let source = readFileSync(file, 'utf8');
      if (which < 0.7) source = source.replace(/label: '[^']*', to: 'https:/, `label: '${pick(WORDS)}', to: 'https:`);
      if (which >= 0.4) source = source.replace(/title: \{ 'zh-Hans': '[^']*', en: '[^']*' \}/, `title: { 'zh-Hans': '${pick(WORDS)}站', en: '${pick(WORDS)} site' }`);
      writeFileSync(file, source);
    },
  };
  const weights: [string, number][] = [['body', 6], ['code', 2], ['title', 3], ['label', 2], ['description', 1], ['draft', 1], ['tags', 2], ['slug', 1], ['link', 2], ['copy', 2], ['remove', 1], ['rename', 1], ['sidebars', 1], ['static', 1], ['config', 1], ['partial', 2], ['image', 1], ['authors', 1]];
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  return () => {
    const done: string[] = [];
    for (let n = 1 + Math.floor(rand() * 2); n > 0; n--) {
      let r = rand() * total;
      const kind = weights.find(([, w]) => (r -= w) < 0)?.[0] ?? 'body';
      const file = pick(files());
      mkdirSync(join(dir, 'content/static'), { recursive: true });
      edits[kind](file);
      done.push(`${kind} ${relative(dir, file)}`);
    }
    return done.join(', ');
  };
}

