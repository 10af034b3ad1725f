// A page's `tags:` against the tags its section declares (the blog's, or a docs folder's): what each stands for
// (a declared tag by key, a tag written out, `{ label, permalink }`, or one of the page's own words), and what is
// wrong with them, at their lines. The blog and the docs read tags alike, as Docusaurus's two plugins do.
import { slug } from 'github-slugger';
import { configKeyLine } from '../config/keyLine.js';
import { closestMatch } from '../diagnostics.js';
import type { BlogTag, ContentFile, Diagnostic, Entry, FrontMatterTag, SiteConfig } from '../types.js';

/** The tags a section declares, how one nothing declares is told, and where they are declared (the config first). */
export interface TagDeclarations {
  tags: BlogTag[];
  onInlineTags: 'ignore' | 'warn' | 'error';
  declaredIn: string[];
}

/** The address part of a tag written out (`/release/` → `release`). */
export function writtenPermalink(tag: FrontMatterTag): string {
  return tag.permalink.replace(/^\/|\/$/g, '');
}

/**
 * What a page's tags stand for, once each by address: a declared tag, a tag written out, else one of the page's own
 * words (its label as written, its address the words made a slug). A tag that makes no address is left out (told).
 */
export function resolveTags(written: (string | FrontMatterTag)[], declared: BlogTag[], file: string): BlogTag[] {
  const byKey = new Map(declared.map((t) => [t.key, t]));
  const seen = new Set<string>();
  const out: BlogTag[] = [];
  for (const tag of written) {
    const found = typeof tag === 'string' ? (byKey.get(tag) ?? { key: tag, label: tag, permalink: slug(tag), file }) : { key: tag.label, label: tag.label, permalink: writtenPermalink(tag), file };
    if (!found.permalink || seen.has(found.permalink)) continue;
    seen.add(found.permalink);
    out.push(found);
  }
  return out;
}

/**
 * A page's tags against its section's declared ones (`section`, the config key that declares them: `blog`, `docs`):
 * one listed twice is a warning; one nothing declares (Docusaurus's inline tag, and any tag written out) is told as
 * `onInlineTags` says, with the nearest declared key; one whose words make no address is an error.
 */
export function tagRefProblems(source: Pick<ContentFile, 'file' | 'frontMatter' | 'keyLines' | 'itemLines'>, meta: TagDeclarations, section: 'blog' | 'docs'): Diagnostic[] {
  const out: Diagnostic[] = [];
  const written = source.frontMatter.tags ?? [];
  const at = (n: number, severity: Diagnostic['severity'], message: string, hint: string) => out.push({ severity, code: 'front-matter', file: source.file, line: source.itemLines?.tags?.[n] ?? source.keyLines.tags ?? 1, message: `tags: ${message}`, hint });
  const where = [`${meta.declaredIn[0]} (${section}.tags)`, ...meta.declaredIn.slice(1)].join(' or ');
  const keys = new Set(meta.tags.map((t) => t.key));
  const pages = section === 'blog' ? 'posts' : 'docs';
  const seen = new Set<string>();
  for (const [n, tag] of written.entries()) {
    const name = typeof tag === 'string' ? tag : tag.label;
    const id = typeof tag === 'string' ? `key:${tag}` : `page:${writtenPermalink(tag)}`;
    if (seen.has(id)) {
      at(n, 'warning', `"${name}" is listed twice`, 'list it once');
      continue;
    }
    seen.add(id);
    if (typeof tag === 'string' && keys.has(tag)) continue;
    if (typeof tag === 'string' && !slug(tag)) at(n, 'error', `"${tag}" makes no address for the tag's page`, `write it with letters or digits, or declare it with a permalink in ${where}`);
    else if (meta.onInlineTags !== 'ignore') {
      const guess = closestMatch(name, keys);
      const what = typeof tag === 'string' ? `"${tag}" is not declared in ${where}` : `"${tag.label}" is written out here, not declared in ${where}`;
      at(n, meta.onInlineTags === 'error' ? 'error' : 'warning', what, guess ? `did you mean "${guess}"?` : `declare it, or let ${pages} use tags nothing declares: ${section}.onInlineTags: 'ignore' (declared: ${[...keys].join(', ') || 'none'})`);
    }
  }
  return out;
}

/**
 * Two tags a section declares at one address (`permalink`, or their keys) would share one page: an error at the
 * second, at its line in its file or in the config (`blog.tags.<key>`, `docs.tags.<key>`).
 */
export function checkTagPermalinks(config: SiteConfig, tags: BlogTag[], section: 'blog' | 'docs'): Diagnostic[] {
  const out: Diagnostic[] = [];
  const taken = new Map<string, BlogTag>();
  for (const tag of tags) {
    const other = taken.get(tag.permalink.toLowerCase());
    if (!other) {
      taken.set(tag.permalink.toLowerCase(), tag);
      continue;
    }
    const line = tag.line ?? configKeyLine(config.configFile, [section, 'tags', tag.key]);
    out.push({ severity: 'error', code: section, file: tag.file, ...(line ? { line } : {}), message: `${tag.key}: the tag's page would be at /${section}/tags/${tag.permalink}, as ${other.key}'s is`, hint: 'give it a permalink of its own' });
  }
  return out;
}

/** A page's tags as its file writes them, among a group of pages whose tags share their pages (a locale's posts, a docs folder of a locale). */
export interface GroupedTags {
  file: string;
  group: string;
  written: NonNullable<Entry['writtenTags']>;
  /** The group's declared tags. */
  declared: BlogTag[];
  /** The file the hint tells to declare the tags in (`content/en/blog/tags.yml`). */
  declareIn: string;
}

/** Words alike but for case, spaces, `-` and `_` (`AI Model`, `ai-model`): one tag meant, written two ways. */
const sameWords = (a: string, b: string) => a.toLowerCase().replace(/[\s_-]+/g, '-') === b.toLowerCase().replace(/[\s_-]+/g, '-');

/**
 * Tags in other words whose addresses are one (`C`, `C++` and `C#` are all `…/tags/c`), in one group of pages:
 * they are one tag, its page under one of the names, and a page's second such tag is left out of its row.
 * A warning at each tag whose words differ from those first seen at its address.
 */
export function sharedTagAddresses(pages: GroupedTags[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const first = new Map<string, { label: string; at: string }>();
  for (const page of pages) {
    for (const [n, written] of page.written.tags.entries()) {
      const tag = resolveTags([written], page.declared, page.file)[0];
      if (!tag) continue;
      const line = page.written.lines?.[n] ?? page.written.line;
      const key = `${page.group}/${tag.permalink.toLowerCase()}`;
      const seen = first.get(key);
      if (!seen) first.set(key, { label: tag.label, at: `${page.file}${line ? `:${line}` : ''}` });
      else if (!sameWords(seen.label, tag.label)) {
        out.push({ severity: 'warning', code: 'front-matter', file: page.file, ...(line ? { line } : {}), message: `tags: "${tag.label}" makes the same address as "${seen.label}" (${seen.at}), so the two are one tag, with one page and one name`, hint: `write it "${seen.label}", or declare each in ${page.declareIn} with a permalink of its own` });
      }
    }
  }
  return out;
}
