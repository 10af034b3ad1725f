// Files for language-model tools, as llmstxt.org proposes them: each locale's `llms.txt` (the site's name,
// its tagline as a quote, then sections of links to the pages' markdown copies, each with its description),
// `llms-full.txt` (those copies in one file, in the same order), and the copies themselves, beside the
// pages (`/docs/x.md` for `/docs/x`, `/docs/faqs/index.md` for `/docs/faqs/`). The copies were made by the
// markdown stage (markdownCopy.ts): this puts each one's title and byline (copyByline.ts) on top, lists and joins them.
import { asciiUrl } from '../asciiUrl.js';
import { markdownCopyPath } from '../content/markdownCopy.js';
import { copyBylines } from './copyByline.js';
import { sortPosts } from '../routes/blogRoutes.js';
import { isUnderPath } from '../search/context.js';
import { localeUrlPath, urlPathOf } from '../routes/planEntries.js';
import { configKeyLine } from '../config/keyLine.js';
import { closestMatch, displayPath } from '../diagnostics.js';
import { isOf } from '../routes/versionRoutes.js';
import type { Diagnostic, DocsVersion, Entry, LocaleConfig, OutputFile, Route, SidebarItem, SiteConfig } from '../types.js';

/** How many of the newest posts llms.txt lists (llms-full.txt holds the same). */
export const LLMS_POSTS = 30;

/** The names of the two sections that are not sidebars. */
const SECTION_WORDS: Record<string, { blog: string; pages: string }> = {
  zh: { blog: '博客', pages: '其他页面' },
  en: { blog: 'Blog', pages: 'Other pages' },
};

/** A section of llms.txt: its pages, in parts under a sidebar's top-level categories (a part without a label comes first). */
interface Section {
  title: string;
  parts: { label?: string; entries: Entry[] }[];
}

/** The docs llms.txt lists: its sidebars' names as sidebars.yaml gives them, the prefix of those names inside sitegen, and whether an entry is one of them. */
export interface ListedDocs {
  names: string[];
  prefix: string;
  listed: (entry: Entry) => boolean;
}

/**
 * On a site with docs versions, llms.txt lists the docs of the version at /docs/ (the last, else the first built),
 * as Docusaurus's llms plugins do: the docs a reader is sent to, once, where every version's would list each doc
 * once per version and make llms-full.txt as many times longer. The other versions' pages keep their copies.
 * A `noIndex` version is kept from crawlers, as from the sitemap: the newest indexed one is listed in its place, or no docs.
 */
export function listedVersion(versions: DocsVersion[] | null, sidebarNames: string[]): ListedDocs {
  const atDocs = versions && (versions.find((v) => v.isLast) ?? versions[0]);
  if (!versions || !atDocs) return { names: sidebarNames, prefix: '', listed: () => true };
  const base = atDocs.noIndex ? (versions.find((v) => !v.noIndex) ?? atDocs) : atDocs;
  const current = versions.find((v) => v.isCurrent)?.name;
  return {
    names: sidebarNames.filter((name) => isOf(versions, base, name)).map((name) => name.slice(base.idPrefix.length)),
    prefix: base.idPrefix,
    listed: (entry) => entry.section !== 'docs' || (!base.noIndex && (entry.version ?? current) === base.name),
  };
}

/** The sections llms.txt has when the config names none: every sidebar, the blog, the other pages. */
export function llmsSectionNames(config: SiteConfig, sidebarNames: string[]): string[] {
  return config.llms.sections ?? [...sidebarNames, 'blog', 'pages'];
}

/** A name of `llms.sections` that is no sidebar, nor `blog` or `pages`: a warning at its line, with the nearest name. */
export function unknownSections(config: SiteConfig, sidebarNames: string[]): Diagnostic[] {
  const known = [...sidebarNames, 'blog', 'pages'];
  return (config.llms.sections ?? []).flatMap((name, i): Diagnostic[] => {
    if (known.includes(name)) return [];
    const near = closestMatch(name, known);
    const line = configKeyLine(config.configFile, ['llms', 'sections', i]);
    return [{ severity: 'warning', code: 'config', file: displayPath(config.root, config.configFile), ...(line ? { line } : {}), message: `llms.sections: "${name}" is no sidebar, nor blog or pages, so llms.txt has no such section`, hint: near ? `did you mean "${near}"?` : `name one of: ${known.join(', ')}` }];
  });
}

/** The text of every page's copy as published, by its entry (those that have one). */
export type CopyTexts = Map<Entry, string>;

/** Each copy's text: its title on top when its body has no `#` heading of its own, its byline (from its page's route) under the title. */
export function copyTexts(entries: Entry[], routes: Route[]): CopyTexts {
  const bylines = copyBylines(routes);
  return new Map(entries.flatMap((entry) => (entry.rendered.copy ? [[entry, copyText(entry, bylines.get(entry.permalink))] as const] : [])));
}

/** Every page's markdown copy, at its address + `.md` (a folder's at its `index.md`). */
export function markdownCopies(config: SiteConfig, copies: CopyTexts): OutputFile[] {
  return [...copies].map(([entry, contents]) => ({ path: copyPathOf(config, entry).slice(config.baseUrl.length), contents }));
}

/** Where an entry's copy is: by its path under the locale, which a folder's index ends with `/` (not by its address, which `trailingSlash` may end so). */
function copyPathOf(config: SiteConfig, entry: Entry): string {
  const locale = config.locales.find((l) => l.code === entry.locale)!;
  return markdownCopyPath(localeUrlPath(config, locale, entry.localPath));
}

/** Where `llmsFiles` puts a locale's files: its llms.txt, then its llms-full.txt unless the config turns it off. */
export function llmsFilePaths(config: SiteConfig, locale: LocaleConfig): string[] {
  const dir = localeUrlPath(config, locale, '/').slice(config.baseUrl.length);
  return config.llms.fullText ? [`${dir}llms.txt`, `${dir}llms-full.txt`] : [`${dir}llms.txt`];
}

/** One locale's llms.txt, and llms-full.txt unless the config turns it off. */
export function llmsFiles(config: SiteConfig, locale: LocaleConfig, copies: CopyTexts, sidebars: ListedDocs & { items: Record<string, SidebarItem[]> }): OutputFile[] {
  const sections = llmsSections(config, locale, [...copies.keys()], sidebars);
  const url = (entry: Entry) => config.url + asciiUrl(copyPathOf(config, entry));
  const tagline = config.tagline[locale.code];
  const head = `# ${config.title[locale.code]}\n\n${tagline ? `> ${tagline}\n\n` : ''}`;
  const line = (e: Entry) => `- [${linkText(e.title)}](${url(e)})${e.description ? `: ${oneLine(e.description)}` : ''}\n`;
  const list = sections.map((s) => `## ${s.title}\n\n${s.parts.map((p) => `${p.label ? `### ${p.label}\n\n` : ''}${p.entries.map(line).join('')}`).join('\n')}`);
  const [listPath, fullPath] = llmsFilePaths(config, locale);
  const files = [{ path: listPath!, contents: head + list.join('\n') }];
  if (fullPath) {
    const pages = sections.flatMap((s) => s.parts.flatMap((p) => p.entries)).map((e) => `---\nurl: ${url(e)}\n---\n\n${copies.get(e)!}`);
    files.push({ path: fullPath, contents: head + pages.join('\n') });
  }
  return files;
}

/**
 * A copy as published: its title on top when its body has no `#` heading of its own, the byline under it; under
 * the body's heading when the body opens with it, else on top (the body's `#` heading further down is no title to go under).
 */
function copyText(entry: Entry, byline: string | undefined): string {
  const copy = entry.rendered.copy!;
  const under = byline ? `${byline}\n\n` : '';
  if (!copy.h1) return `# ${entry.title}\n\n${under}${copy.text}`;
  const [first = '', ...rest] = copy.text.split('\n');
  return byline && /^#[ \t]/.test(first) ? `${first}\n\n${under}${rest.join('\n').trimStart()}` : under + copy.text;
}

/**
 * The sections of one locale, in the config's order: a sidebar's pages in its order (named as the navbar
 * items that lead into it, else by its name; its top-level categories as parts), the newest posts, then
 * the pages no section listed. A page is listed once, where it comes first, and only if it is the locale's
 * own, of the docs version listed (`listedVersion`), listed and indexed, and under no `ignoreFiles` path (as `search.ignoreFiles` reads them).
 */
function llmsSections(config: SiteConfig, locale: LocaleConfig, entries: Entry[], sidebars: ListedDocs & { items: Record<string, SidebarItem[]> }): Section[] {
  const ignored = (entry: Entry) => config.llms.ignoreFiles.some((rule) => isUnderPath(entry.localPath, rule));
  const own = entries.filter((e) => e.locale === locale.code && sidebars.listed(e) && e.rendered.copy && !e.noindex && !e.unlisted && !e.untranslated && !ignored(e));
  const byPermalink = new Map(own.map((e) => [e.permalink, e]));
  const listed = new Set<Entry>();
  const take = (list: (Entry | undefined)[]) => list.filter((e): e is Entry => !!e && !listed.has(e) && !!listed.add(e));
  const words = SECTION_WORDS[locale.code.split('-')[0]!.toLowerCase()] ?? SECTION_WORDS.en!;
  const sections: Section[] = [];
  for (const name of llmsSectionNames(config, sidebars.names)) {
    const items = sidebars.items[sidebars.prefix + name];
    if (name === 'blog') sections.push({ title: config.blog.title?.[locale.code] ?? words.blog, parts: [{ entries: take(sortPosts(own.filter((e) => e.section === 'blog')).slice(0, LLMS_POSTS)) }] });
    else if (name === 'pages') sections.push({ title: words.pages, parts: [{ entries: take(own.filter((e) => e.section !== 'blog')) }] });
    else if (items) {
      const loose = take(sidebarHrefs(items.filter((i) => i.type === 'link')).map((href) => byPermalink.get(href)));
      const categories = items.flatMap((i) => (i.type === 'category' ? [{ label: i.label, entries: take(sidebarHrefs([i]).map((href) => byPermalink.get(href))) }] : []));
      sections.push({ title: sidebarTitle(config, locale, name, items), parts: [{ entries: loose }, ...categories].filter((p) => p.entries.length) });
    }
  }
  return sections.filter((s) => s.parts.some((p) => p.entries.length));
}

/** The pages of a sidebar, in its order: a category's own page before its items. */
function sidebarHrefs(items: SidebarItem[]): string[] {
  return items.flatMap((item) => (item.type === 'link' ? [item.href] : [...(item.href ? [item.href] : []), ...sidebarHrefs(item.items)]));
}

/** A sidebar's name as readers know it: the labels of the navbar items that lead to its pages, else its name in sidebars.yaml. */
function sidebarTitle(config: SiteConfig, locale: LocaleConfig, name: string, items: SidebarItem[]): string {
  const hrefs = new Set(sidebarHrefs(items));
  const labels = config.navbar.filter((n) => n.to.startsWith('/') && hrefs.has(urlPathOf(config, locale, n.to))).map((n) => n.label[locale.code]);
  return labels.length ? labels.join(' · ') : name;
}

function linkText(title: string): string {
  return title.replace(/[[\]\\]/g, '\\$&');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
