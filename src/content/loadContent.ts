import fg from 'fast-glob';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseFrontMatter, type SplitResult } from './frontMatter.js';
import { loadPackCache } from '../cache/packCache.js';
import { readSource } from './readSource.js';
import type { ContentFile, Diagnostic, Section, SiteConfig } from '../types.js';

const SECTIONS: Section[] = ['docs', 'blog', 'pages'];

export interface LoadedContent {
  files: ContentFile[];
  diagnostics: Diagnostic[];
}

type FileResult = { file: ContentFile | null; diagnostics: Diagnostic[] };

/** Files read by earlier builds of a long-running process (dev server), by path, with their size and mtime. */
export type ContentMemo = Map<string, { stamp: string; result: FileResult }>;

/** Front matter of a file as parsed before, by the hash of its path and bytes. */
type ParsedFrontMatter = Omit<SplitResult, 'body'> & { bodyLength: number };

const isParsed = (value: unknown): value is ParsedFrontMatter => typeof value === 'object' && value !== null && typeof (value as ParsedFrontMatter).bodyLength === 'number' && Array.isArray((value as ParsedFrontMatter).diagnostics);

/**
 * Walks `content/<locale>/{docs,blog,pages}` and reads every markdown file. Files and folders starting
 * with `_` are partials and skipped. Parsed front matter is kept in the build cache (`cacheDir`).
 */
export async function loadContent(config: SiteConfig, locales = config.locales.map((l) => l.code), memo?: ContentMemo, cacheDir: string | null = null): Promise<LoadedContent> {
  const diagnostics: Diagnostic[] = [];
  const codes = config.locales.map((l) => l.code);
  if (!existsSync(config.contentDir)) {
    return { files: [], diagnostics: [{ severity: 'error', code: 'content', file: rel(config, config.contentDir), message: 'content folder not found' }] };
  }
  for (const dir of await fg('*', { cwd: config.contentDir, onlyDirectories: true })) {
    if (!codes.includes(dir) && dir !== 'static') {
      diagnostics.push({ severity: 'warning', code: 'content', file: rel(config, join(config.contentDir, dir)), message: `folder "${dir}" is not a configured locale and is ignored`, hint: `locales: ${codes.join(', ')}` });
    }
  }
  const entries = await fg(
    locales.flatMap((l) => SECTIONS.map((s) => `${l}/${s}/**/*.md`)),
    { cwd: config.contentDir, ignore: ['**/_*', '**/_*/**'], followSymbolicLinks: false, stats: true },
  );
  entries.sort((a, b) => (a.path < b.path ? -1 : 1));
  const parsed = await loadPackCache(cacheDir, 'front-matter-v1', isParsed);
  const results = await Promise.all(
    entries.map(async ({ path, stats }) => {
      const stamp = `${stats?.mtimeMs}:${stats?.size}`;
      const known = memo?.get(path);
      if (known && known.stamp === stamp) return known.result;
      const result = await loadFile(config, path, parsed);
      memo?.set(path, { stamp, result });
      return result;
    }),
  );
  await parsed.save();
  const files: ContentFile[] = [];
  for (const result of results) {
    diagnostics.push(...result.diagnostics);
    if (result.file) files.push(result.file);
  }
  return { files, diagnostics };
}

async function loadFile(config: SiteConfig, path: string, parsed: Awaited<ReturnType<typeof loadPackCache<ParsedFrontMatter>>>): Promise<FileResult> {
  const [locale, section, ...rest] = path.split('/');
  const absolute = join(config.contentDir, path);
  const file = rel(config, absolute);
  const source = await readSource(absolute);
  if (!source.ok) {
    return { file: null, diagnostics: [{ severity: 'error', code: 'encoding', file, line: source.line, column: source.column, message: `invalid UTF-8 at byte ${source.byte}`, hint: 'save the file as UTF-8' }] };
  }
  // A file with front matter errors is still placed, so links to it do not add a cascade of errors.
  const hash = createHash('sha1').update(source.bytes).digest('hex');
  const key = parsed.key(file, hash);
  const known = parsed.get(key);
  const split = known ? { ...known, body: source.text.slice(source.text.length - known.bodyLength) } : parseFrontMatter(source.text, file);
  if (!known) {
    const { body, ...rest } = split;
    parsed.set(key, { ...rest, bodyLength: body.length });
  }
  return {
    diagnostics: split.diagnostics,
    file: {
      locale,
      section: section as Section,
      relPath: rest.join('/'),
      file,
      frontMatter: split.frontMatter,
      body: split.body,
      bodyLine: split.bodyLine,
      keyLines: split.keyLines,
      hash,
    },
  };
}

function rel(config: SiteConfig, path: string): string {
  return relative(config.root, path).split('\\').join('/') || '.';
}
