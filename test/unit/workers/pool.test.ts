// The worker pool: tasks are sent ahead of answers, a slow markdown file fails alone (its thread is
// replaced, its time limit counted from when the thread started on it) and the files sent behind it
// are still rendered.
import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../../src/workers/pool.js';
import type { MarkdownJob } from '../../../src/content/markdown.js';

const context = { baseUrl: '/', localePath: '', permalinks: {}, staticRoots: [], localePaths: ['en'] };
const job = (name: string, body: string): MarkdownJob => ({ file: `content/zh-Hans/${name}.md`, contentPath: `${name}.md`, body, bodyLine: 1, locale: 'zh-Hans' });

let pool: Pool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('worker pool', () => {
  it('renders many files on two threads, each answer to its own file', async () => {
    pool = createPool({ threads: 2 });
    pool.setContext('zh-Hans', context);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => pool!.markdown(job(`page-${i}`, `## 标题 ${i}\n\n正文 ${i}\n`), 'zh-Hans')));
    results.forEach((result, i) => expect(result.rendered.html).toContain(`正文 ${i}`));
  });

  it('fails a file that takes longer than the limit and still renders the files sent behind it', async () => {
    pool = createPool({ threads: 1, timeoutMs: 150 });
    pool.setContext('zh-Hans', context);
    // The limit counts from when the thread starts on a file: its own start (longer than 0.15 s) is not counted.
    const first = await pool.markdown(job('first', '# 第一个文件\n'), 'zh-Hans');
    expect(first.rendered.html).toContain('第一个文件');
    const line = '- 列表项 **加粗** [链接](https://example.com) '.repeat(20);
    const slow = pool.markdown(job('slow', Array.from({ length: 20000 }, () => line).join('\n')), 'zh-Hans');
    const behind = [pool.markdown(job('next-1', '下一个文件\n'), 'zh-Hans'), pool.markdown(job('next-2', '再下一个\n'), 'zh-Hans')];
    await expect(slow).rejects.toThrow(/took longer than 0.15 s/);
    const [one, two] = await Promise.all(behind);
    expect(one.rendered.html).toContain('下一个文件');
    expect(two.rendered.html).toContain('再下一个');
  });
});
