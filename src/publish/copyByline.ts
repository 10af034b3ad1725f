// The line under a markdown copy's title that says what the page shows beside its body: a post's date,
// authors (with their titles) and tags, a doc's last update and tags. Read from the pages' routes, so a copy says
// what its page says (nothing where the page shows nothing: a doc with `showLastUpdateTime` off), and
// made again on every build, as the pages' authors are: an author's entry edited in authors.yml reaches
// every copy that names the author, with no cache of its own to miss it.
// In each locale's own few words, as llms.txt's section names: the theme hands the build its texts only
// to be checked, in no shape sitegen may read; and a copy is read by tools, for which a date is best in
// one form whatever a theme shows (2025-11-04; 2025 年 11 月 4 日 as Chinese writes it).
import type { PostSummary, Route } from '../types.js';

interface BylineWords {
  date: (year: string, month: string, day: string) => string;
  author: (name: string, title?: string) => string;
  /** Between two authors or two tags. */
  and: string;
  tags: (list: string) => string;
  updated: (date: string, by?: string) => string;
}

const WORDS: Record<string, BylineWords> = {
  zh: {
    date: (y, m, d) => `${y} 年 ${Number(m)} 月 ${Number(d)} 日`,
    author: (name, title) => (title ? `${name}（${title}）` : name),
    and: '、',
    tags: (list) => `标签：${list}`,
    updated: (date, by) => (by ? `最后由${spacedInChinese(by)}更新于 ${date}` : `最后更新于 ${date}`),
  },
  en: {
    date: (y, m, d) => `${y}-${m}-${d}`,
    author: (name, title) => (title ? `${name} (${title})` : name),
    and: ', ',
    tags: (list) => `Tags: ${list}`,
    updated: (date, by) => `Last updated on ${date}${by ? ` by ${by}` : ''}`,
  },
};

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})/;
const CJK_RE = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/** The byline of each page that has one, by its address (a post's, a doc's with a last update shown). */
export function copyBylines(routes: Route[]): Map<string, string> {
  const bylines = new Map<string, string>();
  for (const route of routes) {
    const words = WORDS[route.locale.split('-')[0]!.toLowerCase()] ?? WORDS.en!;
    const data = route.data;
    const line = data.kind === 'post' ? postByline(data.post, words) : data.kind === 'doc' ? docByline(data, words) : '';
    if (line) bylines.set(route.path, line);
  }
  return bylines;
}

/** `2025-11-04 · Zhou Lan (Product lead) · Tags: Announcements`: the parts the post has, as its page shows them. */
function postByline(post: PostSummary, words: BylineWords): string {
  const parts = [dateIn(post.date, words)];
  if (post.authors.length) parts.push(post.authors.map((a) => words.author(asText(a.name), a.title && asText(a.title))).join(words.and));
  if (post.tags.length) parts.push(words.tags(post.tags.map((t) => asText(t.label)).join(words.and)));
  // A full-width bracket carries its own space: 周岚（产品负责人）· 标签.
  return parts.reduce((line, part) => `${line}${/[）」』】]$/.test(line) ? '· ' : ' · '}${part}`);
}

/**
 * Words as the page shows them, not read as markdown: `*NSYNC`, `Jane_Doe_` or `[bot]` in a name would be
 * emphasis or a link in the copy. Only what would be read so is escaped, so the line stays plain to read.
 */
function asText(text: string): string {
  return text.replace(/[\\`*_[\]<~]/g, '\\$&').replace(/&(?=#?[a-z0-9]+;)/gi, '\\&');
}

/** `Last updated on 2025-03-01 · Tags: Free, AI`: the last update the page shows, and the tags of the row at its foot. */
function docByline(data: Extract<Route['data'], { kind: 'doc' }>, words: BylineWords): string {
  const parts = data.lastUpdated ? [words.updated(dateIn(data.lastUpdated, words), data.lastUpdatedBy && asText(data.lastUpdatedBy))] : [];
  if (data.tags?.length) parts.push(words.tags(data.tags.map((t) => asText(t.label)).join(words.and)));
  return parts.join(' · ');
}

function dateIn(iso: string, words: BylineWords): string {
  const m = ISO_DATE_RE.exec(iso);
  return m ? words.date(m[1]!, m[2]!, m[3]!) : iso;
}

/** A name set in Chinese text: spaced from it unless it is Chinese itself (最后由周岚更新于, 最后由 Jane 更新于). */
function spacedInChinese(name: string): string {
  return `${CJK_RE.test(name[0] ?? '') ? '' : ' '}${name}${CJK_RE.test(name.at(-1) ?? '') ? '' : ' '}`;
}
