// Shiki itself loads on first use (a worker thread starts about 3× faster without it: ./shiki.ts
// imports it when a highlighter is made); the list of languages is a small module of its own.
import { randomBytes } from 'node:crypto';
import { bundledLanguages } from 'shiki/langs';
import { createDiskCache } from '../cache/diskCache.js';
import { markLines } from './codeMeta.js';
import type { DeferredBlocks } from './deferredCode.js';
import { DARK_THEME, LIGHT_THEME, loadShiki, type Shiki } from './shiki.js';

const FENCE_LANG_RE = /^[ \t]*(?:`{3,}|~{3,})[ \t]*([\w+#.-]+)/gm;
const ALIASES: Record<string, string> = { sh: 'bash', shell: 'bash', zsh: 'bash', console: 'bash', js: 'javascript', ts: 'typescript', yml: 'yaml', md: 'markdown' };

/** Shiki language id for a fence info word, or null when shiki has no grammar for it. */
export function languageOf(info: string): string | null {
  const lang = info.toLowerCase();
  if (lang === 'text' || lang === 'txt' || lang === 'plain' || lang === 'plaintext') return null;
  const id = ALIASES[lang] ?? lang;
  return id in bundledLanguages ? id : null;
}

/** Every fence language word that gets highlighting (shiki's ids and aliases, and ours). */
export function knownLanguages(): string[] {
  return [...Object.keys(bundledLanguages), ...Object.keys(ALIASES)];
}

/** The fence languages used in some markdown sources, so only those grammars load. */
export function languagesUsed(sources: Iterable<string>): string[] {
  const langs = new Set<string>();
  for (const source of sources) {
    for (const m of source.matchAll(FENCE_LANG_RE)) {
      const id = languageOf(m[1]);
      if (id) langs.add(id);
    }
  }
  return [...langs].sort();
}

/**
 * Highlights code blocks for one thread. Shiki starts only when a block is in none of the caches
 * (starting it and its first TypeScript block cost about 100 ms of CPU); blocks are remembered in
 * memory (the two locales of a page usually share their code, word for word) and in the build cache,
 * so a warm build rarely starts shiki at all.
 */
export interface CodeHighlighter {
  /** Starts shiki in the background (a cold build, while the content is read). */
  start(): void;
  /** Loads the grammars of these languages (and shiki itself, the first time). */
  prepare(langs: string[]): Promise<void>;
  /** Highlighted `<pre class="shiki">`, or null when the block is in no cache and its grammar is not loaded (see `missed`). */
  highlight(code: string, lang: string | null, lines?: string): string | null;
  /** Languages of the blocks `highlight` could not do since the last call: prepare them and render again. */
  missed(): string[];
  /**
   * The blocks a deferring highlighter left as markers since the last call (none otherwise), and the
   * marker of each: the pool has them highlighted by one thread and puts them in place (`fillDeferred`,
   * deferredCode.ts).
   */
  deferred(): DeferredBlocks | null;
  /** Stops deferring: this thread highlights its blocks itself from now on. */
  highlightHere(): void;
  /** The site has much code to highlight: shiki's scanners favour fast searching over fast compiling (`Shiki.codeHeavy`). */
  codeHeavy(): void;
  /** Waits for the cache writes. */
  flush(): Promise<void>;
}

/** Blocks remembered per thread in memory. */
const MEMO_LIMIT = 2000;

/**
 * With `defer`, a block that is in no cache is not highlighted here but left as a marker (see
 * `deferred`): one thread compiles the grammars instead of each (the TypeScript grammar's first use
 * costs 90-100 ms of regex compiling per thread). The marker holds a random part, so no page's text
 * can forge one.
 */
export function createCodeHighlighter(cacheDir: string | null = null, options: { defer?: boolean } = {}): CodeHighlighter {
  let defer = options.defer ?? false;
  const marker = `\u0000sg-code-${randomBytes(6).toString('hex')}-`;
  let pending: DeferredBlocks['blocks'] = [];
  const pendingIndex = new Map<string, number>();
  let shiki: Shiki | null = null;
  let starting: Promise<Shiki> | null = null;
  const memo = new Map<string, string>();
  const misses = new Set<string>();
  const disk = createDiskCache(cacheDir, 'code-v2', (v): v is string => typeof v === 'string', undefined, { keep: 'all' });
  let heavy = false;
  const start = () =>
    (starting ??= loadShiki([]).then((h) => {
      if (heavy) h.codeHeavy();
      return (shiki = h);
    }));
  const remember = (key: string, html: string) => {
    if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
    memo.set(key, html);
  };
  return {
    start: () => void start(),
    async prepare(langs) {
      if (langs.length === 0) return;
      await (await start()).loadLanguages(langs);
    },
    highlight(code, lang, lines) {
      if (!lang) return null;
      // The caches hold a block as shiki made it; its highlighted lines (`{1,4-6}`) are marked on the way out.
      const key = `${lang}\0${code}`;
      const known = memo.get(key);
      if (known !== undefined) return markLines(known, lines);
      const diskKey = cacheDir ? disk.key(LIGHT_THEME, DARK_THEME, lang, code) : '';
      const stored = cacheDir ? disk.get(diskKey) : undefined;
      if (stored !== undefined) {
        remember(key, stored);
        return markLines(stored, lines);
      }
      if (defer) {
        let index = pendingIndex.get(key);
        if (index === undefined) {
          index = pending.push({ code, lang }) - 1;
          pendingIndex.set(key, index);
        }
        return `${marker}${index}${lines ? `:${lines}` : ''}\u0000`;
      }
      const html = shiki ? shiki.html(code, lang) : null;
      if (html === null) {
        misses.add(lang);
        return null;
      }
      remember(key, html);
      if (cacheDir) disk.set(diskKey, html);
      return markLines(html, lines);
    },
    missed() {
      const langs = [...misses];
      misses.clear();
      return langs;
    },
    deferred() {
      if (pending.length === 0) return null;
      const blocks = pending;
      pending = [];
      pendingIndex.clear();
      return { marker, blocks };
    },
    highlightHere() {
      defer = false;
    },
    codeHeavy() {
      heavy = true;
      shiki?.codeHeavy();
    },
    flush: () => disk.flush(),
  };
}
