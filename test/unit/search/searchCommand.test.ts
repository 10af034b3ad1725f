import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../../src/search/buildIndex.js';
import { runSearch } from '../../../src/search/searchCommand.js';
import { SEARCH_CONFIG, page } from './fixtures.js';

let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'sitegen-search-'));
  await mkdir(join(dist, 'en'));
  const en = [
    page('/en/docs/services/deepl', { title: 'DeepL', sections: [['Common errors', 'Error 429 means too many requests to DeepL.']] }),
    page('/en/docs/guides/panel', { title: 'Translation panel', intro: 'Shows DeepL next to other services.' }),
  ];
  const zh = [page('/docs/services/deepl', { title: 'DeepL', intro: '额度用完时请等待重置。' })];
  await writeFile(join(dist, 'en', 'search-index.json'), JSON.stringify(buildSearchIndex(en, SEARCH_CONFIG)));
  await writeFile(join(dist, 'search-index.json'), JSON.stringify(buildSearchIndex(zh, SEARCH_CONFIG)));
});

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

const options = { localePath: 'en', json: false, limit: 8 };

describe('runSearch', () => {
  it('prints a ranked list: rank, score, title › heading, URL', async () => {
    const { output, exitCode } = await runSearch({ ...options, dir: dist, query: 'deepl 429' });
    expect(exitCode).toBe(0);
    expect(output).toMatch(/^1\.\s+\d+\.\d\d\s+DeepL › Common errors\n\s+\/en\/docs\/services\/deepl#s1\n$/);
  });

  it('lists several results best first', async () => {
    const { output } = await runSearch({ ...options, dir: dist, query: 'deepl' });
    const scores = [...output.matchAll(/^\s*\d+\.\s+(\d+\.\d+)/gm)].map((m) => Number(m[1]));
    expect(scores.length).toBe(3);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('reads the default locale index from the root of the output folder', async () => {
    const { output, exitCode } = await runSearch({ ...options, dir: dist, localePath: '', query: '额度' });
    expect(exitCode).toBe(0);
    expect(output).toContain('/docs/services/deepl');
  });

  it('prints stable JSON with --json', async () => {
    const run = () => runSearch({ ...options, dir: dist, query: 'deepl 429', json: true });
    const first = await run();
    expect((await run()).output).toBe(first.output);
    const parsed = JSON.parse(first.output);
    expect(parsed.query).toBe('deepl 429');
    expect(parsed.results).toEqual([
      {
        rank: 1,
        score: expect.any(Number),
        type: 1,
        title: 'DeepL',
        heading: 'Common errors',
        url: '/en/docs/services/deepl#s1',
        partial: false,
        tokens: expect.arrayContaining(['deepl', '429']),
      },
    ]);
    expect(String(parsed.results[0].score).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(4);
  });

  it('says "No results" when nothing matches', async () => {
    const { output, exitCode } = await runSearch({ ...options, dir: dist, query: 'zebra' });
    expect([output, exitCode]).toEqual(['No results for "zebra".\n', 0]);
    // A query holding a terminal's escape sequence is echoed with it written out, not acted on.
    const escaped = await runSearch({ ...options, dir: dist, query: 'zebra\u001b[31m' });
    expect(escaped.output).toBe('No results for "zebra\\u001b[31m".\n');
  });

  it('exits 2 with one error line, and a hint to build first, when the index is missing', async () => {
    const { output, exitCode } = await runSearch({ ...options, dir: join(dist, 'nowhere'), query: 'deepl' });
    expect(exitCode).toBe(2);
    expect(output).toMatch(/^\S*nowhere\/\S*search-index\.json error\[search\] no search index\n  hint: run `sitegen build` first, or pass --dir with a built site\n$/);
    // A folder outside the working folder is named whole, not climbed to (`../../tmp/…`).
    expect(output.startsWith(`${join(dist, 'nowhere')}/`)).toBe(true);
  });

  it('names the locales whose index the folder holds when the asked one has none (a build with --locale)', async () => {
    const only = join(dist, 'only-en');
    await mkdir(join(only, 'en'), { recursive: true });
    await writeFile(join(only, 'en', 'search-index.json'), '{}');
    const others = [{ code: 'zh-Hans', path: '' }, { code: 'en', path: 'en' }];
    const { output, exitCode } = await runSearch({ ...options, localePath: '', others, dir: only, query: 'deepl' });
    expect(exitCode).toBe(2);
    expect(output).toMatch(/^\S*only-en\/search-index\.json error\[search\] no search index\n  hint: the last build made only en's: pass --locale en, or build every locale \(sitegen build without --locale\)\n$/);
  });

  it('exits 2 with one error line when --dir is a file, or the index is a folder', async () => {
    await writeFile(join(dist, 'a-file.txt'), 'not a folder');
    const fileDir = await runSearch({ ...options, dir: join(dist, 'a-file.txt'), query: 'deepl' });
    expect([fileDir.exitCode, fileDir.output]).toEqual([2, expect.stringMatching(/a-file\.txt\/en\/search-index\.json error\[search\] no search index\n  hint: /)]);
    await mkdir(join(dist, 'folder-index', 'search-index.json'), { recursive: true });
    const folder = await runSearch({ ...options, dir: dist, localePath: 'folder-index', query: 'deepl' });
    expect([folder.exitCode, folder.output]).toEqual([2, expect.stringMatching(/folder-index\/search-index\.json error\[search\] the search index is a folder\n  hint: run `sitegen build` again\n$/)]);
  });

  it('exits 2 on an index it cannot read', async () => {
    await mkdir(join(dist, 'broken'));
    await writeFile(join(dist, 'broken', 'search-index.json'), '{"truncated":');
    const { output, exitCode } = await runSearch({ ...options, dir: dist, localePath: 'broken', query: 'x' });
    expect(exitCode).toBe(2);
    expect(output).toMatch(/^\S*broken\/search-index\.json error\[search\] not a search index this version can read\n  hint: run `sitegen build` again\n$/);
  });

  it('exits 2 on a damaged index whose ids or page numbers point nowhere, as on any unreadable one', async () => {
    const file = buildSearchIndex([page('/en/docs/a', { title: 'Translate', sections: [['Keys', 'Translate with keys.']] })], SEARCH_CONFIG);
    const damaged = [
      JSON.parse(JSON.stringify(file, (key, value) => (key === 'i' ? 99_999 : value))),
      JSON.parse(JSON.stringify(file, (key, value) => (key === 'p' ? 7 : value))),
    ];
    for (const [n, json] of damaged.entries()) {
      await mkdir(join(dist, `damaged-${n}`));
      await writeFile(join(dist, `damaged-${n}`, 'search-index.json'), JSON.stringify(json));
      const { output, exitCode } = await runSearch({ ...options, dir: dist, localePath: `damaged-${n}`, query: 'translate keys' });
      expect(exitCode).toBe(2);
      expect(output).toMatch(/error\[search\] not a search index this version can read\n  hint: run `sitegen build` again\n$/);
    }
  });

  it('rejects a limit that is not a positive integer', async () => {
    expect(await runSearch({ ...options, dir: dist, query: 'deepl', limit: 0 })).toEqual({ output: '--limit 0 error[search] the limit must be a whole number from 1 up\n  hint: for example --limit 5\n', exitCode: 2 });
  });
});
