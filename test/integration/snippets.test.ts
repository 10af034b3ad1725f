// Code snippets in a site built by the CLI (VitePress's <<< path, src/content/snippets.ts): a highlighted block with its
// title and marked lines, a region, the code searchable; a snippet file beside the pages not published unless linked to;
// a missing file failing the build at the directive; a warm build and the dev server rendering again exactly the pages
// that show an edited snippet.
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/serve/runServe';
import { builtOnce, configSource, md, REPO, runCli, writeSite } from '../helpers/site';
import { buildIn, htmlFiles } from '../helpers/build';
import { listenLiveReload } from '../helpers/liveReload';

const CONFIG = configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`);
const SNIPPET = 'export default {\n  // #region port\n  port: glintSnippetPort,\n  // #endregion port\n};\n';

const SITE: Record<string, string> = {
  'site.config.ts': CONFIG,
  'content/zh-Hans/docs/_snippets/config.ts': SNIPPET,
  'content/zh-Hans/docs/beside.sh': 'echo beside\n',
  'content/zh-Hans/docs/linked.sh': 'echo linked\n',
  'content/zh-Hans/docs/a.md': md({ title: '甲', description: 'a' }, '配置：\n\n<<< ./_snippets/config.ts{3} [config.ts]\n\n端口：\n\n- 只看端口：\n\n  <<< @/docs/_snippets/config.ts#port\n'),
  'content/zh-Hans/docs/b.md': md({ title: '乙', description: 'b' }, '<<< ./beside.sh\n\n<<< ./linked.sh\n\n[下载](./linked.sh)\n'),
  'content/zh-Hans/docs/c.md': md({ title: '丙', description: 'c' }, '没有代码。\n'),
};

const page = (dir: string, path: string) => parse(readFileSync(join(dir, 'dist', path, 'index.html'), 'utf8'));
/** A block's code as the reader sees it (node-html-parser keeps a <pre>'s content as raw text). */
const codeOf = (block: ReturnType<typeof page>) => block.querySelector('pre')!.innerHTML.replace(/<[^>]+>/g, '');

describe('code snippets in a build', () => {
  const site = builtOnce(SITE, (dir) => runCli(['build'], dir));

  it('builds with no problem told', () => {
    const out = site.result.stdout + site.result.stderr;
    expect(site.result.code, out).toBe(0);
    expect(out).not.toMatch(/(error|warning)\[/);
  });

  it('shows the file as a highlighted block with its title and marked line, and a region without its markers in a list item', () => {
    const blocks = page(site.dir, 'docs/a').querySelectorAll('article .code-block');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]!.getAttribute('data-lang')).toBe('ts');
    expect(blocks[0]!.querySelector('.code-title')!.text).toBe('config.ts');
    expect(blocks[0]!.querySelector('pre.shiki')).not.toBeNull();
    expect([...blocks[0]!.toString().matchAll(/<span class="line( highlighted)?">/g)].map((m) => (m[1] ? 'H' : '.')).join('')).toBe('..H..');
    expect(blocks[1]!.parentNode.tagName).toBe('LI');
    expect(codeOf(blocks[1]!)).toBe('port: glintSnippetPort,');
  });

  it('indexes the code for search as a code block\'s', () => {
    const words = (JSON.parse(readFileSync(join(site.dir, 'dist/search-index.json'), 'utf8')) as { index: { w: string[] } }[])[0]!.index.w;
    expect(words.some((w) => w.toLowerCase().includes('glintsnippetport'))).toBe(true);
  });

  it('publishes a snippet file beside the pages only when a page links to it, and none of a _ folder', () => {
    expect(() => statSync(join(site.dir, 'dist/docs/beside.sh'))).toThrow();
    expect(readFileSync(join(site.dir, 'dist/docs/linked.sh'), 'utf8')).toBe('echo linked\n');
    expect(() => statSync(join(site.dir, 'dist/docs/_snippets'))).toThrow();
    expect(page(site.dir, 'docs/b').querySelectorAll('article .code-block').map(codeOf)).toEqual(['echo beside', 'echo linked']);
  });
});

describe('a snippet that is not there', () => {
  it('fails the build with exit code 1, at the directive\'s file:line:column', () => {
    // Front matter is lines 1-4, then a blank line: the body starts at line 6.
    const dir = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Text.\n\n- Item\n\n  <<< ./_snippets/gone.ts\n') });
    try {
      const r = runCli(['build'], dir);
      const out = r.stdout + r.stderr;
      expect(r.code, out).toBe(1);
      expect(out.split('\n').filter((line) => /error\[/.test(line))).toEqual(['content/zh-Hans/docs/a.md:10:3 error[include] ./_snippets/gone.ts does not exist (looked for content/zh-Hans/docs/_snippets/gone.ts)']);
      expect(out).not.toMatch(/at .*\.js:\d+/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** a shows a snippet of a _ folder, b one beside the pages, c none; each with its English copy. */
const WARM_SITE = {
  'content/zh-Hans/docs/_snippets/config.ts': 'export const port = 8080;\n',
  'content/zh-Hans/docs/run.sh': 'npm start\n',
  'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a', last_update: '2025-01-01' }, '甲。\n\n<<< ./_snippets/config.ts\n'),
  'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b', last_update: '2025-01-01' }, '乙。\n\n<<< ./run.sh\n'),
  'content/zh-Hans/docs/c.md': md({ title: 'C', description: 'c', last_update: '2025-01-01' }, '丙。\n'),
};

describe('a snippet edited', () => {
  it('renders again, in a warm build, exactly the pages that show it, the same as a cold build', async () => {
    const dir = writeSite(WARM_SITE);
    try {
      expect((await buildIn(dir, ['--verbose'])).code).toBe(0);
      const before = htmlFiles(join(dir, 'dist'));
      writeFileSync(join(dir, 'content/zh-Hans/docs/_snippets/config.ts'), 'export const port = 9090;\n');
      const warm = await buildIn(dir, ['--verbose']);
      expect(warm.code, warm.output).toBe(0);
      expect(warm.output).toMatch(/markdown\s+6 pages, 4 cached/);
      const after = htmlFiles(join(dir, 'dist'));
      const changed = [...after].filter(([path, text]) => before.get(path) !== text).map(([path]) => path).sort();
      expect(changed).toEqual(['docs/a/index.html', 'en/docs/a/index.html']);
      expect(after.get('docs/a/index.html')).toContain('9090');
      expect((await buildIn(dir, ['--verbose', '--no-cache', '--out', join(dir, 'cold')])).code).toBe(0);
      expect(htmlFiles(join(dir, 'cold'))).toEqual(after);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a snippet edited while sitegen serve runs', () => {
  let dir: string;
  let server: DevServer;
  const io = { out: () => undefined, err: () => undefined, interactive: false };
  beforeAll(async () => {
    dir = writeSite(WARM_SITE);
    server = await startDevServer({ port: '0', host: '127.0.0.1', watch: true, config: join(dir, 'site.config.ts') }, io);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reloads the pages that show it, and only those, with the new code: a snippet beside the pages too', async () => {
    const events = await listenLiveReload(server.port);
    writeFileSync(join(dir, 'content/zh-Hans/docs/_snippets/config.ts'), 'export const port = 9090;\n');
    const first = await events.next((m) => m.type === 'reload');
    expect(first.paths?.sort()).toEqual(['/docs/a', '/en/docs/a']);
    expect(await (await fetch(`http://127.0.0.1:${server.port}/docs/a`)).text()).toContain('9090');
    writeFileSync(join(dir, 'content/zh-Hans/docs/run.sh'), 'npm run serve\n');
    const second = await events.next((m) => m.type === 'reload' && m.revision > first.revision);
    events.close();
    expect(second.paths?.sort()).toEqual(['/docs/b', '/en/docs/b']);
    expect(await (await fetch(`http://127.0.0.1:${server.port}/docs/b`)).text()).toContain('serve');
  }, 30_000);
});
