import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSearchJson, lastIndexStore, searchTermCache } from '../../../src/search/buildIndex.js';
import { hasLastIndex } from '../../../src/search/updateIndex.js';
import type { SearchPage } from '../../../src/types.js';
import { page, SEARCH_CONFIG } from './fixtures.js';

const WORDS = ['DeepL', 'Gemini', 'API', 'key', 'translate', 'screenshot', 'subtitle', 'proxy', 'quota', 'model', '翻译', '密钥', '截图', '字幕', '划词', '网页', '设置', '服务', '接口', '额度'];

/** A deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function corpus(rand: () => number) {
  const text = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(rand() < 0.5 ? ' ' : '');
  const section = (): [string, string] => [text(2), text(1 + Math.floor(rand() * 12))];
  let made = 0;
  const newPage = (): SearchPage =>
    page(`/docs/p${made++}`, {
      title: text(2),
      description: rand() < 0.5 ? text(5) : '',
      keywords: rand() < 0.3 ? [text(1), text(1)] : [],
      intro: text(Math.floor(rand() * 8)),
      sections: Array.from({ length: Math.floor(rand() * 4) }, section),
    });
  const pick = (pages: SearchPage[]) => Math.floor(rand() * pages.length);
  /** One edit of the kinds a maintainer makes: a body, a title, a section more or less, a page more or less, a copied page, two pages swapped. */
  const edit = (pages: SearchPage[]): SearchPage[] => {
    const next = [...pages];
    const p = pick(next);
    const kind = Math.floor(rand() * 8);
    if (kind === 0) next[p] = { ...next[p]!, intro: text(1 + Math.floor(rand() * 8)) };
    else if (kind === 1) next[p] = { ...next[p]!, title: text(2), keywords: [text(1)] };
    else if (kind === 2) next[p] = page(next[p]!.url, { title: next[p]!.title, intro: next[p]!.intro, sections: [...next[p]!.sections.map((s): [string, string] => [s.heading, s.text]), section()] });
    else if (kind === 3) next[p] = page(next[p]!.url, { title: next[p]!.title, sections: next[p]!.sections.slice(1).map((s): [string, string] => [s.heading, s.text]) });
    else if (kind === 4) next.splice(p, 0, newPage());
    else if (kind === 5 && next.length > 2) next.splice(p, 1);
    else if (kind === 6) next.splice(p, 0, { ...next[pick(next)]!, url: `/docs/p${made++}` });
    else {
      const q = pick(next);
      [next[p], next[q]] = [next[q]!, next[p]!];
    }
    return next;
  };
  return { pages: Array.from({ length: 24 }, newPage), edit, text };
}

describe("the last index updated for a build's changed pages", () => {
  it('gives the index a full build gives, byte for byte, over a series of random edits', async () => {
    for (const seed of [1, 2, 3]) {
      const rand = random(seed);
      const { pages: first, edit } = corpus(rand);
      const dir = mkdtempSync(join(tmpdir(), 'sitegen-update-'));
      let pages = first;
      let updates = 0;
      for (let step = 0; step < 25; step++) {
        const terms = searchTermCache(dir);
        const built = buildSearchJson(pages, SEARCH_CONFIG, `r${step}`, terms, lastIndexStore(dir, 'search-index.json'));
        await terms.flush();
        expect(built, `seed ${seed}, step ${step}`).toEqual(buildSearchJson(pages, SEARCH_CONFIG, `r${step}`));
        // An update reads the changed pages' terms only; a full build reads every page's.
        if (step > 0 && terms.stats.hits + terms.stats.misses <= 2) updates++;
        pages = edit(pages);
      }
      expect(updates, `seed ${seed}`).toBeGreaterThanOrEqual(22);
    }
  });

  it("reads only the changed page's terms when one page changed", async () => {
    const { pages, text } = corpus(random(7));
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-update-'));
    // Only a build that has a last index to update keeps the index on the main thread of a big build.
    expect(hasLastIndex(dir, 'en/search-index.json')).toBe(false);
    const first = searchTermCache(dir);
    buildSearchJson(pages, SEARCH_CONFIG, 'r1', first, lastIndexStore(dir, 'en/search-index.json'));
    await first.flush();
    expect(hasLastIndex(dir, 'en/search-index.json')).toBe(true);
    expect(hasLastIndex(dir, 'search-index.json')).toBe(false);
    expect(hasLastIndex(null, 'en/search-index.json')).toBe(false);

    const edited = pages.map((p, i) => (i === 5 ? { ...p, intro: `${p.intro} ${text(3)} Ollama` } : p));
    const second = searchTermCache(dir);
    const updated = buildSearchJson(edited, SEARCH_CONFIG, 'r2', second, lastIndexStore(dir, 'en/search-index.json'));
    expect(second.stats).toEqual({ hits: 0, misses: 1 });
    expect(updated).toEqual(buildSearchJson(edited, SEARCH_CONFIG, 'r2'));
    expect(JSON.parse(updated.index)[0].index.w).toContain('ollama');
  });

  it('builds afresh from a last index that was altered, had its keys altered or was cut short, with the same result', async () => {
    const { pages } = corpus(random(11));
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-update-'));
    const first = searchTermCache(dir);
    buildSearchJson(pages, SEARCH_CONFIG, 'r1', first, lastIndexStore(dir, 'search-index.json'));
    await first.flush();
    const file = join(dir, 'search-base-v2', 'search-index.json');
    const whole = readFileSync(file, 'utf8');
    const edited = [...pages.slice(0, 3), { ...pages[3]!, title: 'Gemini 字幕' }, ...pages.slice(4)];

    // One posting's document changed (a valid number, so only the file's hash can tell).
    writeFileSync(file, whole.replace(/"x":\[\[(\d+),(\d+),(\d+)/, (_, a, b, c) => `"x":[[${a},${b},${Number(c) + 1}`));
    expect(readFileSync(file, 'utf8')).not.toBe(whole);
    const second = searchTermCache(dir);
    expect(buildSearchJson(edited, SEARCH_CONFIG, 'r2', second, lastIndexStore(dir, 'search-index.json'))).toEqual(buildSearchJson(edited, SEARCH_CONFIG, 'r2'));
    expect(second.stats.hits).toBe(pages.length - 1);
    await second.flush();

    // Two pages' keys swapped in the file (pages with as many sections, so that no count gives it
    // away): each would take the other's postings.
    const [check, keyLine, ...rest] = whole.split('\n');
    const keys = JSON.parse(keyLine!) as string[];
    const a = pages.findIndex((p, i) => i !== 3 && pages.some((q, j) => j > i && j !== 3 && q.sections.length === p.sections.length));
    const b = pages.findIndex((q, j) => j > a && j !== 3 && q.sections.length === pages[a]!.sections.length);
    expect(a).toBeGreaterThanOrEqual(0);
    [keys[a], keys[b]] = [keys[b]!, keys[a]!];
    writeFileSync(file, [check, JSON.stringify(keys), ...rest].join('\n'));
    const swapped = searchTermCache(dir);
    expect(buildSearchJson(edited, SEARCH_CONFIG, 'r2', swapped, lastIndexStore(dir, 'search-index.json'))).toEqual(buildSearchJson(edited, SEARCH_CONFIG, 'r2'));
    expect(swapped.stats.hits).toBe(pages.length);
    await swapped.flush();

    writeFileSync(file, whole.slice(0, whole.length / 2));
    const third = searchTermCache(dir);
    expect(buildSearchJson(pages, SEARCH_CONFIG, 'r3', third, lastIndexStore(dir, 'search-index.json'))).toEqual(buildSearchJson(pages, SEARCH_CONFIG, 'r3'));
    expect(third.stats.hits).toBe(pages.length);
  });
});
