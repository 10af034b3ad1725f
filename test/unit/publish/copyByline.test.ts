// The byline under a markdown copy's title: what the page shows beside its body, as text that markdown reads as
// written (an author's name is no emphasis, link or HTML in the copy).
import { describe, expect, it } from 'vitest';
import { copyBylines } from '../../../src/publish/copyByline.js';
import type { PostSummary, Route } from '../../../src/types.js';

const post = (summary: Partial<PostSummary>, locale = 'en'): Route => ({ path: '/blog/a', locale, data: { kind: 'post', post: { title: 'A', href: '/blog/a', date: '2025-11-04', tags: [], readingMinutes: 1, authors: [], untranslated: false, ...summary } } }) as unknown as Route;

describe('copyBylines', () => {
  it("escapes what markdown would read in authors' names and titles and in tags, and nothing else", () => {
    const line = copyBylines([post({ authors: [{ name: '*NSYNC' }, { name: 'jane_doe_', title: '[bot] <maintainer> ~x~' }, { name: 'AT&T &amp; Co' }], tags: [{ label: 'C++ `tips`', href: '/t' }] })]).get('/blog/a');
    expect(line).toBe('2025-11-04 · \\*NSYNC, jane\\_doe\\_ (\\[bot\\] \\<maintainer> \\~x\\~), AT&T \\&amp; Co · Tags: C++ \\`tips\\`');
    expect(copyBylines([post({ authors: [{ name: '周_岚', title: '产品负责人' }] }, 'zh-Hans')]).get('/blog/a')).toBe('2025 年 11 月 4 日 · 周\\_岚（产品负责人）');
  });

  it("escapes a doc's last updater as a post's authors", () => {
    const doc = { path: '/docs/a', locale: 'en', data: { kind: 'doc', lastUpdated: '2025-03-01', lastUpdatedBy: 'ci_bot_' } } as unknown as Route;
    expect(copyBylines([doc]).get('/docs/a')).toBe('Last updated on 2025-03-01 by ci\\_bot\\_');
  });
});
