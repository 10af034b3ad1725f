// The worker pool: tasks are sent ahead of answers, a slow markdown file fails alone (its thread is
// replaced, its time limit counted from when the thread started on it) and the files sent behind it
// are still rendered.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { statFolder } from '../../../src/files.js';
import { createPool, type Pool } from '../../../src/workers/pool.js';
import { prestartWorker, takePrestartedWorker } from '../../../src/workers/prestart.js';
import type { MarkdownJob } from '../../../src/content/markdown.js';

const context = { baseUrl: '/', localePath: '', permalinks: {}, staticRoots: [], localePaths: ['en'] };
const job = (name: string, body: string): MarkdownJob => ({ file: `content/zh-Hans/${name}.md`, contentPath: `${name}.md`, body, bodyLine: 1, locale: 'zh-Hans' });

let pool: Pool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('worker pool', () => {
  it('takes the thread `sitegen build` started before the CLI loaded as its first thread', async () => {
    prestartWorker();
    pool = createPool({ threads: 1 });
    pool.setContext('zh-Hans', context);
    pool.warm({ highlighter: false });
    // Taken by the pool: none is left for anyone else.
    expect(takePrestartedWorker()).toBeUndefined();
    const result = await pool.markdown(job('ahead', '## 提前启动\n\n正文\n'), 'zh-Hans');
    expect(result.rendered.html).toContain('提前启动');
  });

  it('drops a thread started ahead that failed before the pool took it, and starts another', async () => {
    const failed = prestartWorker();
    failed.emit('error', new Error('the thread failed to load'));
    expect(takePrestartedWorker()).toBeUndefined();
    prestartWorker().emit('error', new Error('the thread failed to load'));
    pool = createPool({ threads: 1 });
    pool.setContext('zh-Hans', context);
    const result = await pool.markdown(job('fresh', '正文\n'), 'zh-Hans');
    expect(result.rendered.html).toContain('正文');
  });

  it("lists a folder in a thread as this thread does, and the listing keeps no thread busy: a warm build's page does not start a second", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-pool-stat-'));
    mkdirSync(join(dir, 'docs/a'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<p>home</p>');
    writeFileSync(join(dir, 'docs/a/index.html'), '<p>a</p>');
    symlinkSync(join(dir, 'index.html'), join(dir, 'link.html'));
    pool = createPool({ threads: 2 });
    pool.setContext('zh-Hans', context);
    pool.warm({ highlighter: false });
    const listing = pool.statFolder(dir);
    // Asked while the listing is unanswered, as a warm build asks for its changed page.
    const page = pool.markdown(job('changed', '正文\n'), 'zh-Hans');
    expect(pool.started).toBe(1);
    expect(await listing).toEqual(statFolder(dir));
    const { files, folders, other } = await listing;
    expect(files.map(([path]) => path).sort()).toEqual(['docs/a/index.html', 'index.html']);
    expect(files.find(([path]) => path === 'index.html')?.[1]).toBe('<p>home</p>'.length);
    expect(folders.sort()).toEqual(['docs', 'docs/a']);
    expect(other, 'the link is told').toBe(true);
    expect((await page).rendered.html).toContain('正文');
    expect(pool.started).toBe(1);
    // Work that finds the one thread busy still starts the second.
    await Promise.all(Array.from({ length: 6 }, (_, i) => pool!.markdown(job(`more-${i}`, `正文 ${i}\n`), 'zh-Hans')));
    expect(pool.started).toBe(2);
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders many files on two threads, each answer to its own file', async () => {
    pool = createPool({ threads: 2 });
    pool.setContext('zh-Hans', context);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => pool!.markdown(job(`page-${i}`, `## 标题 ${i}\n\n正文 ${i}\n`), 'zh-Hans')));
    results.forEach((result, i) => expect(result.rendered.html).toContain(`正文 ${i}`));
  });

  it('has the code blocks of every thread highlighted by the first one, with the same HTML as one thread makes', async () => {
    const code = (i: number) => `## 示例 ${i}\n\n\`\`\`ts title="a.ts"\nconst answer${i % 5}: number = ${i % 5};\n\`\`\`\n\n<!-- truncate -->\n\n\`\`\`bash\necho ${i % 3}\n\`\`\`\n`;
    const jobs = Array.from({ length: 30 }, (_, i) => job(`code-${i}`, code(i)));
    const alone = createPool({ threads: 1 });
    alone.setContext('zh-Hans', context);
    const expected = await Promise.all(jobs.map((j) => alone.markdown(j, 'zh-Hans')));
    await alone.close();
    pool = createPool({ threads: 2 });
    pool.setContext('zh-Hans', context);
    pool.warm({ highlighter: true });
    const results = await Promise.all(jobs.map((j) => pool!.markdown(j, 'zh-Hans')));
    expect(results).toEqual(expected);
    // Coloured, not plain, and no marker left behind.
    expect(results[7]!.rendered.html).toMatch(/<pre class="shiki shiki-themes[^"]*"[^>]*><code><span class="line"><span style="/);
    expect(results.map((r) => r.rendered.html + r.rendered.excerptHtml).join('')).not.toContain('\u0000');
    expect(results[0]).not.toHaveProperty('deferred');
  });

  it('lets every thread highlight its own code once a site has many distinct blocks', async () => {
    pool = createPool({ threads: 2 });
    pool.setContext('zh-Hans', context);
    pool.warm({ highlighter: true });
    const results = await Promise.all(Array.from({ length: 420 }, (_, i) => pool!.markdown(job(`many-${i}`, `\`\`\`ts\nconst value${i} = ${i};\n\`\`\`\n`), 'zh-Hans')));
    results.forEach((result, i) => {
      expect(result.rendered.html).toContain('<pre class="shiki shiki-themes');
      expect(result.rendered.html).toContain(`value${i}`);
      expect(result.rendered.html).not.toContain('\u0000');
    });
  });

  it('fails a file that takes longer than the limit and still renders the files sent behind it', async () => {
    // A limit no small file comes near, even on a thread just started on a loaded machine (0.15 s was
    // passed there by the files sent behind the slow one), and a file that no machine renders within it.
    pool = createPool({ threads: 1, timeoutMs: 3000 });
    pool.setContext('zh-Hans', context);
    // The limit counts from when the thread starts on a file: its own start is not counted.
    const first = await pool.markdown(job('first', '# 第一个文件\n'), 'zh-Hans');
    expect(first.rendered.html).toContain('第一个文件');
    // Lists nested a thousand deep, four times: each takes seconds to parse, the four far longer than the
    // limit on any machine (the thread is ended at the limit all the same).
    const nested = Array.from({ length: 1000 }, (_, depth) => `${'  '.repeat(depth)}- item`).join('\n');
    const slow = pool.markdown(job('slow', Array.from({ length: 4 }, () => nested).join('\n\nText.\n\n')), 'zh-Hans');
    const behind = [pool.markdown(job('next-1', '下一个文件\n'), 'zh-Hans'), pool.markdown(job('next-2', '再下一个\n'), 'zh-Hans')];
    await expect(slow).rejects.toThrow(/took longer than 3 s/);
    const [one, two] = await Promise.all(behind);
    expect(one.rendered.html).toContain('下一个文件');
    expect(two.rendered.html).toContain('再下一个');
  });

  it('sends a link context again only when its version changes, to every thread, a thread started later included', async () => {
    pool = createPool({ threads: 2 });
    const linkTo = (permalinks: Record<string, string>) => ({ ...context, permalinks });
    const page = job('from', '[Other](./other.md)\n');
    pool.setContext('zh-Hans', linkTo({ 'other.md': '/docs/first' }), 'v1');
    expect((await pool.markdown(page, 'zh-Hans')).rendered.html).toContain('href="/docs/first"');
    // The same version is the same context (the dev server's next build): not sent, so this one is not seen.
    pool.setContext('zh-Hans', linkTo({ 'other.md': '/docs/unsent' }), 'v1');
    pool.setContext('zh-Hans', linkTo({ 'other.md': '/docs/second' }), 'v2');
    // Forty at once start the second thread, which is sent the contexts as they stand.
    const results = await Promise.all(Array.from({ length: 40 }, () => pool!.markdown(page, 'zh-Hans')));
    for (const result of results) expect(result.rendered.html).toContain('href="/docs/second"');
  });
});
