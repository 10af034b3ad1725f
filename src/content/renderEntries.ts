import { createDiskCache } from '../cache/diskCache.js';
import { MARKDOWN_CACHE } from '../cache/cacheDir.js';
import { closestMatch, SitegenError, uniqueDiagnostics } from '../diagnostics.js';
import type { MarkdownResult } from './markdown.js';
import { lastUpdatedOf, type GitDates } from './lastUpdated.js';
import { hasScheme, resolveHref, type LinkContext, type LocalePages } from './links.js';
import { contextBase, depsHold, isLinkDeps } from './linkDeps.js';
import type { Pool } from '../workers/pool.js';
import { substituteVariables, variablesFor } from './variables.js';
import { localeUrlPath, urlPathByName, type EntryPlan } from '../routes/planEntries.js';
import type { Diagnostic, Entry, FrontMatter, LocaleBlogMeta, Section, SiteConfig } from '../types.js';
import type { Schema } from '../config/schema.js';
import { withImageSizes, type ImageSite, type ImageSizeMemo } from './imageSizes.js';
import { placeholderLine } from './placeholders.js';
import { mathRendererKey, mayHaveMath } from './math.js';
import { configBlogMeta } from './blogMeta.js';
import { authorKey, postRefProblems } from './blogMetaPosts.js';
import { legacyAuthor, LEGACY_AUTHOR_KEYS } from './legacyAuthor.js';
import { mayInclude, placeDiagnostic, type IncludedFile, type IncludeMap } from './includeMap.js';
import type { Expansion, PartialRead } from './includes.js';
import { join, relative } from 'node:path';
import { sha1 } from '../hash.js';
import { COMMENT_RE } from './unclosedHtml.js';
import { emptyExcerptProblem, nestedExcerptProblem } from './excerpt.js';
import { fenceAfter } from './fences.js';

export interface RenderEntriesInput {
  config: SiteConfig;
  plans: EntryPlan[];
  pool: Pool;
  git: GitDates;
  /** First path segments of content/static (`img`, `invite.js`). */
  staticRoots: string[];
  /** Keep drafts (dev server); production builds drop them. */
  drafts: boolean;
  /** Rendered markdown from earlier builds, by content hash. */
  cache: MarkdownCache;
  /** Files that could not be read, under the content folder (`LoadedContent.unread`). */
  unread?: string[];
  /** Image sizes read before (the dev server keeps them between builds). */
  imageSizes?: ImageSizeMemo;
  /** The files beside the pages, by output path (their images get sizes as static ones do). */
  assets?: Map<string, { source: string }>;
  /** The blog's declared authors and tags, by locale (the config's alone when absent). */
  blog?: Record<string, LocaleBlogMeta>;
  /** Partials read by this build, by file: each read once, whatever the number of pages that include it. */
  partials?: Map<string, PartialRead>;
  /** Where the files beside each docs version's docs are published (`versionFileFolders`); absent without versions. */
  fileFolders?: Record<string, string | null>;
  /** A link into a docs version published nowhere is a warning (the dev server's build: `BuildOptions.leftOutVersionLinks`). */
  leftOutWarns?: boolean;
  /** The dev server's entries of its last build (`EntryMemo`), replaced by this build's. */
  entries?: EntryMemo;
}

/**
 * The entries of the dev server's last build, by locale and file, each with what it was made from: an edit
 * changes one page, and the others' entries are taken as they were instead of made again (substituting the
 * variables, hashing the body for its markdown's key, the checks), which had been a fifth of an edit's time.
 */
export type EntryMemo = Map<string, EntryMade>;
interface EntryMade {
  /** The plan, the page's file (`plan.source`, the very object while the file is unchanged) among it. */
  plan: EntryPlan;
  hashes: ContextHashes;
  config: SiteConfig;
  git: GitDates;
  /** The locale's declared authors and tags, as JSON (read again on each build). */
  blog: string;
  /** The files its includes read, with what they held. */
  reads: PartialReads;
  /** The markdown result's cache key, and its HTML before the images were sized (sized again on each build). */
  key: string;
  markdown: MarkdownResult['rendered'];
  /** `markdown.html`'s hash and its search text's (`MarkdownResult.htmlHash`, `textHash`). */
  htmlHash?: string;
  textHash?: string;
  result: RenderedEntry;
}
type RenderedEntry = { plan: EntryPlan; entry: Entry | null; diagnostics: Diagnostic[]; snippets?: Set<string> };
/**
 * A page's search text (its markdown's `intro` and `sections`) → the hash of that text as JSON, by the very
 * sections array the page's entry holds: the search input's hash takes the hash in place of the text. The
 * arrays are frozen once hashed, so that nothing can change a text its hash no longer tells.
 */
export type SearchTextHashes = WeakMap<object, { intro: string; hash: string }>;

function deepFrozen<T extends object[]>(sections: T): T {
  if (!Object.isFrozen(sections)) {
    for (const section of sections) Object.freeze(section);
    Object.freeze(sections);
  }
  return sections;
}

export type MarkdownCache = ReturnType<typeof createMarkdownCache>;

/** Cache of markdown results: a hit skips the worker entirely. */
export function createMarkdownCache(dir: string | null, memory?: Map<string, MarkdownResult>) {
  // The dev server (which keeps results in memory) appends each edit's to one segment.
  return createDiskCache(dir, MARKDOWN_CACHE, (v): v is MarkdownResult => typeof v === 'object' && v !== null && typeof (v as MarkdownResult).rendered?.html === 'string' && Array.isArray((v as MarkdownResult).diagnostics) && isLinkDeps((v as MarkdownResult).deps), memory, { resume: memory !== undefined, binary: true });
}

/** Link context of each locale: every content path of that locale → its URL, and the other locales' own pages. */
export function linkContexts(config: SiteConfig, plans: EntryPlan[], staticRoots: string[], drafts: EntryPlan[] = [], unread: string[] = [], fileFolders?: Record<string, string | null>): Map<string, LinkContext> {
  const pagesOf = (code: string, own: boolean): LocalePages => {
    const locale = config.locales.find((l) => l.code === code)!;
    const permalinks: Record<string, string> = {};
    // Without the slash `trailingSlash` adds (the link resolver adds it): a copy's link to a page's file is named by it.
    for (const plan of plans) if (plan.locale === code && (!own || !plan.untranslated)) permalinks[plan.contentPath] = localeUrlPath(config, locale, plan.permalink);
    const left = drafts.filter((plan) => plan.locale === code && (!own || !plan.untranslated)).map((plan) => plan.contentPath);
    // Past its own files, a locale's pages fall back to the default locale's (whose copy of a page it lacks).
    const inFolder = (folder: string) => unread.filter((path) => path.startsWith(`${folder}/`)).map((path) => path.slice(folder.length + 1));
    const failed = [...new Set([...inFolder(code), ...(own ? [] : inFolder(config.defaultLocale))])];
    return { permalinks, ...(left.length ? { drafts: left } : {}), ...(failed.length ? { unread: Object.fromEntries(failed.map((path) => [path, urlPathByName(config, locale, path) ?? ''])) } : {}) };
  };
  // A locale the build leaves out (`--locale`) has no plans: links into its folder are not judged.
  const built = new Set([...plans, ...drafts].map((plan) => plan.locale));
  const ownPages = new Map(config.locales.map((l) => [l.code, built.has(l.code) ? pagesOf(l.code, true) : null]));
  const contexts = new Map<string, LinkContext>();
  for (const locale of config.locales) {
    const others = config.locales.filter((l) => l.code !== locale.code);
    contexts.set(locale.code, {
      ...pagesOf(locale.code, false),
      baseUrl: config.baseUrl,
      localePath: locale.path,
      staticRoots,
      localePaths: config.locales.map((l) => l.path).filter(Boolean),
      folder: locale.code,
      folderPaths: Object.fromEntries(config.locales.map((l) => [l.code, l.path])),
      ...(fileFolders && Object.keys(fileFolders).length ? { fileFolders } : {}),
      origin: config.url,
      ...(config.trailingSlash ? { trailingSlash: true as const } : {}),
      ...(others.length ? { otherLocales: Object.fromEntries(others.map((l) => [l.code, ownPages.get(l.code)!])) } : {}),
    });
  }
  return contexts;
}

/** Renders every planned page's markdown (in the worker pool) and assembles entries. */
export async function renderEntries(input: RenderEntriesInput): Promise<{ entries: Entry[]; diagnostics: Diagnostic[]; snippets: Set<string>; htmlHashes: Map<string, string>; textHashes: SearchTextHashes }> {
  const { config, plans, pool } = input;
  const diagnostics: Diagnostic[] = [];
  const visible = plans.filter((p) => input.drafts || !p.source.frontMatter.draft);
  const contextHashes = new Map<string, ContextHashes>();
  const depMemo = new WeakMap<object, string>();
  const drafts = input.drafts ? [] : plans.filter((p) => p.source.frontMatter.draft);
  const contexts = linkContexts(config, visible, input.staticRoots, drafts, input.unread, input.fileFolders);
  // In the contexts' hashes, so a result told as an error is never taken for one told as a warning.
  if (input.leftOutWarns && Object.values(input.fileFolders ?? {}).includes(null)) for (const context of contexts.values()) context.leftOutWarns = true;
  for (const [key, context] of contexts) {
    const { otherLocales, ...own } = context;
    const ownHash = input.cache.key(own);
    const all = otherLocales ? input.cache.key(context) : ownHash;
    contextHashes.set(key, { own: ownHash, all, base: input.cache.key(contextBase(context)), context, memo: depMemo });
    pool.setContext(key, context, all);
  }
  lastBodies = bodies;
  bodies = new Map();
  const images = { staticDir: join(config.contentDir, 'static'), baseUrl: config.baseUrl, assets: input.assets, memo: input.imageSizes ?? new Map() };
  const build = { ...input, partials: new Map<string, PartialRead>() };
  // The dev server's memo: each page's entry with what it was made from, replaced by this build's.
  const memo = input.entries;
  const made: EntryMemo = new Map();
  const blogs = new Map<string, string>();
  const blogOf = (locale: string) => blogs.get(locale) ?? blogs.set(locale, JSON.stringify(input.blog?.[locale] ?? null)).get(locale)!;
  const kept = visible.map((plan) => {
    const last = memo?.get(`${plan.locale}\0${plan.source.file}`);
    return last && sameInputs(last, plan, contextHashes.get(plan.locale)!, input, blogOf(plan.locale)) && samePartials(last.reads, build) ? last : null;
  });
  // Each markdown result's HTML → its hash, for the pages' cache keys (`MarkdownResult.htmlHash`).
  const htmlHashes = new Map<string, string>();
  // And each one's search text → its hash, by its sections (`searchTextHashes`).
  const textHashes: SearchTextHashes = new WeakMap();
  const keepText = (made: { markdown: MarkdownResult['rendered']; textHash?: string }) => {
    if (made.textHash) textHashes.set(deepFrozen(made.markdown.sections), { intro: made.markdown.intro, hash: made.textHash });
  };
  // The pages made again first: an edited page's markdown is sent to its thread before the others are taken as they were.
  const fresh = visible.map((plan, i) => {
    if (kept[i]) return null;
    const hashes = contextHashes.get(plan.locale)!;
    return renderEntry(build, plan, hashes, images).then(({ result, markdown }) => {
      if (markdown?.htmlHash) htmlHashes.set(markdown.markdown.html, markdown.htmlHash);
      if (markdown) keepText(markdown);
      if (memo && markdown) made.set(`${plan.locale}\0${plan.source.file}`, { plan, hashes, config, git: input.git, blog: blogOf(plan.locale), ...markdown, result });
      return result;
    });
  });
  const results = await Promise.all(
    visible.map((plan, i) => {
      const last = kept[i];
      if (!last) return fresh[i]!;
      made.set(`${plan.locale}\0${plan.source.file}`, { ...last, plan });
      if (last.htmlHash) htmlHashes.set(last.markdown.html, last.htmlHash);
      keepText(last);
      return reused(input.cache, last, plan, images);
    }),
  );
  if (memo) {
    memo.clear();
    for (const [key, entry] of made) memo.set(key, entry);
  }
  await input.cache.flush();
  const entries: Entry[] = [];
  // The files pages show as code blocks (`<<<`), by their path on disk: published only when a page links to one.
  const snippets = new Set<string>();
  for (const result of results) {
    for (const file of result.snippets ?? []) snippets.add(join(config.root, file));
    // A fallback page repeats its source's content problems: report them once, for the source locale.
    const own = result.plan.locale === result.plan.source.locale;
    diagnostics.push(...result.diagnostics.filter((d) => own || d.code === 'render-timeout'));
    if (result.entry) entries.push(result.entry.image ? withImageResolved(result.entry, result.plan, contexts.get(result.plan.locale)!) : result.entry);
  }
  return { entries, diagnostics: uniqueDiagnostics(diagnostics), snippets, htmlHashes, textHashes };
}

/**
 * A share image written relative to the page's file (`image: ./img/card.png`, as Docusaurus reads it): the site path
 * of that file beside the page, as a link in the body to it has. A site path or an address is kept as written.
 */
function withImageResolved(entry: Entry, plan: EntryPlan, context: LinkContext): Entry {
  const image = entry.image!;
  if (image.startsWith('/') || hasScheme(image)) return entry;
  const resolved = resolveHref(image, plan.contentPath, context, plan.source.locale !== plan.locale ? plan.source.locale : undefined);
  // A site path without the base URL, as `image: /img/card.png` is written (the page's head puts the base before it).
  if (resolved.url === image || resolved.problem || !resolved.url.startsWith(context.baseUrl)) return entry;
  return { ...entry, image: `/${resolved.url.slice(context.baseUrl.length)}` };
}

/**
 * A locale's link context hashed whole, and without the other locales' pages (the dev server's memo takes an entry
 * while both are the same), and less every list a link reads by key (the markdown's cache key, beside its reads).
 */
interface ContextHashes {
  own: string;
  all: string;
  /** The context less its lists of pages, drafts and static roots (`contextBase`): in the markdown's key, the rest is in its reads. */
  base: string;
  context: LinkContext;
  /** The hashes of the context's key lists, computed once for every page's reads (`depsHold`). */
  memo: WeakMap<object, string>;
}

/**
 * A body's hash (for its markdown's cache key), kept for the bodies of this build and the one before in this process: the dev server looks at every page's body on each edit, and all but the edited
 * one are the very strings of the build before (found by pointer), where hashing and scanning them again
 * had cost a fifth of the edit's main-thread time.
 */
let bodies = new Map<string, BodyFacts>();
let lastBodies = new Map<string, BodyFacts>();
interface BodyFacts {
  hash: string;
}
function bodyFacts(body: string): BodyFacts {
  let facts = bodies.get(body);
  if (facts === undefined) bodies.set(body, (facts = lastBodies.get(body) ?? { hash: sha1(body) }));
  return facts;
}

/** Whether a page's entry was made from the same inputs as `last`: its file, its plan, its locale's link context, the config, the git dates and the blog's authors and tags. */
function sameInputs(last: EntryMade, plan: EntryPlan, hashes: ContextHashes, input: RenderEntriesInput, blog: string): boolean {
  const was = last.plan;
  return (
    was.source === plan.source &&
    was.locale === plan.locale &&
    was.section === plan.section &&
    was.contentPath === plan.contentPath &&
    was.untranslated === plan.untranslated &&
    was.id === plan.id &&
    was.permalink === plan.permalink &&
    was.urlPath === plan.urlPath &&
    was.date === plan.date &&
    was.dateTime === plan.dateTime &&
    last.hashes.own === hashes.own &&
    last.hashes.all === hashes.all &&
    last.config === input.config &&
    last.git === input.git &&
    last.blog === blog
  );
}

/** The last build's entry of an unchanged page, its markdown kept in the cache, its images sized again (a replaced image has another size). */
function reused(cache: MarkdownCache, last: EntryMade, plan: EntryPlan, images: ImageSite & { memo: ImageSizeMemo }): RenderedEntry {
  cache.touch(last.key);
  const { entry } = last.result;
  const rendered = withImageSizes(last.markdown, plan.urlPath, images, images.memo);
  return { ...last.result, plan, entry: entry && rendered.html !== entry.rendered.html ? { ...entry, rendered } : entry };
}

/**
 * A page's entry and its problems, and for the dev server's memo (`EntryMemo`) its markdown's cache key and
 * result and the files its includes read: not for a page whose markdown failed.
 */
async function renderEntry(input: RenderEntriesInput, plan: EntryPlan, contextHashes: ContextHashes, images: ImageSite & { memo: ImageSizeMemo }): Promise<{ result: RenderedEntry; markdown?: { key: string; markdown: MarkdownResult['rendered']; reads: PartialReads; htmlHash?: string; textHash?: string } }> {
  const { config } = input;
  const source = plan.source;
  const fm = source.frontMatter;
  const variables = variablesFor(config, plan.locale);
  const included = mayInclude(source.body) ? await includePartials(input, plan) : null;
  const map = included?.map;
  // A line of the body (a file line of the page) where it comes from: the page, or a partial it includes.
  const placed = (d: Diagnostic) => (map ? placeDiagnostic(d, map, source.file, source.bodyLine) : d);
  const body = substituteVariables(included?.body ?? source.body, variables, { file: source.file, line: source.bodyLine });
  const title = substituteVariables(fm.title ?? '', variables, { file: source.file, line: source.keyLines.title ?? 1 });
  const description = substituteVariables(fm.description ?? '', variables, { file: source.file, line: source.keyLines.description ?? 1 });
  // The other texts a reader sees: the sidebar's label and the keywords (meta tag, search).
  const sidebarLabel = fm.sidebar_label === undefined ? undefined : substituteVariables(fm.sidebar_label, variables, { file: source.file, line: source.keyLines.sidebar_label ?? 1 });
  const paginationLabel = fm.pagination_label === undefined ? undefined : substituteVariables(fm.pagination_label, variables, { file: source.file, line: source.keyLines.pagination_label ?? 1 });
  const keywords = (fm.keywords ?? []).map((keyword) => substituteVariables(keyword, variables, { file: source.file, line: source.keyLines.keywords ?? 1 }));
  const diagnostics = [...(included?.diagnostics ?? []), ...body.diagnostics.map(placed), ...title.diagnostics, ...description.diagnostics, ...(sidebarLabel?.diagnostics ?? []), ...(paginationLabel?.diagnostics ?? []), ...keywords.flatMap((k) => k.diagnostics), ...checkTaxonomy(config, plan, input.blog?.[plan.locale] ?? configBlogMeta(config, plan.locale))];
  // A key misspelt (`descripton:`) has had its error, which names the key meant: not told missing besides.
  // The schema's module is loaded only for a page that lacks one of the two (a warm build may never load it).
  const known = !fm.title || !fm.description ? ((await import('./frontMatter.js')).frontMatterSchema as Extract<Schema, { type: 'object' }>).props : {};
  const misspelt = (key: string) => Object.keys(source.keyLines).some((written) => !Object.hasOwn(known, written) && closestMatch(written, [key], 3) === key);
  // A title that was written but is not a string, or a front matter that could not be read, has had its error.
  // (Asked only of a page without one: the misspelling check compares every key written.)
  const titleReported = () => source.unreadFrontMatter || (source.keyLines.title !== undefined && fm.title === undefined) || misspelt('title');
  if (!fm.title && !titleReported()) diagnostics.push({ severity: 'error', code: 'front-matter', file: source.file, line: source.keyLines.title ?? 1, message: 'title is required', hint: source.keyLines.title === undefined ? 'add title: to the front matter, or open the body with a # heading' : 'give the title a value' });
  // Not for a front matter that could not be read, nor a description that is not a string: their one error says what to fix.
  const descriptionReported = () => source.unreadFrontMatter || (source.keyLines.description !== undefined && fm.description === undefined) || misspelt('description');
  const placeholder = placeholderLine(source.body);
  if (placeholder !== -1) diagnostics.push({ severity: 'warning', code: 'content', file: source.file, line: source.bodyLine + placeholder, message: 'the line sitegen new wrote for you to replace is still here, and readers would see it', hint: 'write your own text in its place' });
  if (!description.text && !descriptionReported()) diagnostics.push({ severity: 'warning', code: 'meta', file: source.file, line: source.keyLines.description ?? 1, message: 'no description: search engines and share cards will show the site tagline', hint: source.keyLines.description === undefined ? 'add description: to the front matter' : 'give the description a value' });
  let rendered;
  let unclosed: string | null;
  let key: string;
  let markdown: MarkdownResult['rendered'];
  let htmlHash: string | undefined;
  let textHash: string | undefined;
  try {
    const job = { file: source.file, contentPath: plan.contentPath, body: body.text, bodyLine: source.bodyLine, locale: plan.locale, ...(source.locale !== plan.locale ? { sourceFolder: source.locale } : {}), meta: [title.text, description.text, ...keywords.map((k) => k.text)].join(' '), ...(hidesTitle(plan) ? { titleInBody: true } : {}), ...(map ? { includes: map } : {}), ...(config.markdown.math && mayHaveMath(body.text) ? { math: true as const } : {}), ...(config.llms.enabled ? { copy: true as const } : {}) };
    // The body by its own hash (`bodyFacts`), not escaped into JSON first. With partials, it holds their text
    // (a partial edited renders again the pages that include it); the map says where each line comes from.
    const facts = bodyFacts(job.body);
    // Keyed by the link context less its lists of pages: a result holds while the pages its links read are the same.
    key = input.cache.key(job.file, job.contentPath, String(job.bodyLine), job.locale, job.titleInBody ? 'title-in-body' : '', job.math ? mathRendererKey() : '', job.copy ? 'copy' : '', facts.hash, contextHashes.base, map ? JSON.stringify(map) : '');
    let result = input.cache.get(key, (made) => depsHold(made.deps!, contextHashes.context, contextHashes.memo));
    if (!result) {
      result = await input.pool.markdown(job, plan.locale);
      result.htmlHash = sha1(result.rendered.html);
      result.textHash = sha1(JSON.stringify([result.rendered.intro, result.rendered.sections]));
      input.cache.set(key, result);
    }
    htmlHash = result.htmlHash;
    textHash = result.textHash;
    // Sized on every build, cached markdown or not: an image replaced by one of another size is seen.
    markdown = result.rendered;
    rendered = withImageSizes(markdown, plan.urlPath, images, images.memo);
    unclosed = result.unclosed ?? null;
    diagnostics.push(...result.diagnostics);
  } catch (error) {
    // A failure the thread placed (a line too long to parse) at its line; any other at the body's first.
    if (error instanceof SitegenError) diagnostics.push(...error.diagnostics);
    else diagnostics.push({ severity: 'error', code: 'render-timeout', file: source.file, line: source.bodyLine, message: `markdown could not be rendered: ${(error as Error).message}` });
    return { result: { plan, entry: null, diagnostics, snippets: included?.snippets } };
  }
  if (unclosed === 'comment') {
    // Raw HTML passes through markdown as written: an unclosed comment would hide the rest of the page, the theme's footer and scripts included.
    const at = body.text.lastIndexOf('<!--');
    const line = at === -1 ? source.bodyLine : source.bodyLine + (body.text.slice(0, at).match(/\n/g)?.length ?? 0);
    diagnostics.push(placed({ severity: 'error', code: 'html', file: source.file, line, message: 'this HTML comment is never closed, so it would hide the rest of the page', hint: 'end it with -->' }));
  } else if (unclosed) {
    // `<textarea>` written in prose: the browser reads the rest of the page, footer and scripts included, as its text.
    const name = unclosed;
    diagnostics.push(placed({ severity: 'error', code: 'html', file: source.file, line: source.bodyLine + rawTagLine(body.text, name), message: `this <${name}> is never closed, so the rest of the page would show as its text`, hint: `write it as \`<${name}>\` in code, or close it with </${name}>` }));
  } else if ((!rendered.html.trim() || (rendered.html.startsWith('<!--') && !rendered.html.replace(COMMENT_RE, '').trim())) && !included?.diagnostics.some((d) => d.severity === 'error')) {
    // Told only when no include failed: a page whose only body is an include that failed has its error already.
    diagnostics.push({ severity: 'error', code: 'empty-page', file: source.file, line: source.bodyLine, message: 'the page renders nothing (no body after the front matter)', hint: 'write the page body, or delete the file' });
  } else if (plan.section === 'blog' && !plan.untranslated) {
    const excerpt = emptyExcerptProblem({ file: source.file, body: source.body, bodyLine: source.bodyLine, excerptHtml: rendered.excerptHtml }) ?? nestedExcerptProblem({ file: source.file, body: source.body, bodyLine: source.bodyLine, html: rendered.html, excerptHtml: rendered.excerptHtml });
    if (excerpt) diagnostics.push(excerpt);
  }
  const entry: Entry = {
    section: plan.section,
    locale: plan.locale,
    id: plan.id,
    permalink: plan.urlPath,
    localPath: plan.permalink,
    contentPath: plan.contentPath,
    title: title.text,
    description: description.text,
    keywords: keywords.map((k) => k.text),
    image: fm.image,
    ...(fm.image ? { imageLine: source.keyLines.image } : {}),
    ...(fm.slug !== undefined ? { slugLine: source.keyLines.slug } : {}),
    sidebarLabel: sidebarLabel?.text,
    ...(paginationLabel ? { paginationLabel: paginationLabel.text } : {}),
    ...(source.version !== undefined ? { version: source.version } : {}),
    ...(fm.displayed_sidebar !== undefined ? { displayedSidebar: inVersion(source.version, fm.displayed_sidebar), displayedSidebarLine: source.keyLines.displayed_sidebar } : {}),
    ...(fm.sidebar_class_name !== undefined ? { sidebarClassName: fm.sidebar_class_name } : {}),
    ...(fm.sidebar_custom_props !== undefined ? { sidebarCustomProps: fm.sidebar_custom_props } : {}),
    ...(fm.toc_min_heading_level !== undefined || fm.toc_max_heading_level !== undefined ? { tocLevels: { min: fm.toc_min_heading_level, max: fm.toc_max_heading_level } } : {}),
    ...(fm.custom_edit_url !== undefined ? { editUrl: fm.custom_edit_url } : {}),
    ...(fm.pagination_prev !== undefined || fm.pagination_next !== undefined
      ? { pagination: { prev: inVersion(source.version, fm.pagination_prev), next: inVersion(source.version, fm.pagination_next), prevLine: source.keyLines.pagination_prev, nextLine: source.keyLines.pagination_next } }
      : {}),
    hideToc: fm.hide_table_of_contents ?? false,
    // Hidden from sight, not from screen readers and search engines, unless the `#` heading the body starts with takes its place.
    ...(hidesTitle(plan) ? { hideTitle: rendered.bodyTitle ? ('body' as const) : ('visually' as const) } : {}),
    noindex: (fm.noindex ?? false) || (fm.unlisted ?? false),
    ...(fm.unlisted ? { unlisted: true as const } : {}),
    draft: fm.draft ?? false,
    file: source.file,
    untranslated: plan.untranslated,
    lastUpdated: lastUpdatedOf(source.file, typeof fm.last_update === 'object' ? fm.last_update.date : fm.last_update, input.git, source.mtimeMs),
    ...(typeof fm.last_update === 'object' && fm.last_update.author !== undefined ? { lastUpdatedBy: fm.last_update.author } : {}),
    rendered,
    date: plan.date,
    ...(plan.dateTime ? { dateTime: plan.dateTime } : {}),
    tags: [...new Set(fm.tags ?? [])],
    // A doc's tags are checked by the routes stage, against its docs folder's declared tags, and a post's and a doc's
    // against the other pages' tags that make their addresses: as written, with their lines.
    ...((plan.section === 'docs' || plan.section === 'blog') && fm.tags !== undefined && !plan.untranslated ? { writtenTags: { tags: fm.tags, line: source.keyLines.tags ?? 1, ...(source.itemLines?.tags ? { lines: source.itemLines.tags } : {}) } } : {}),
    ...authorsOf(source, plan.section),
  };
  return { result: { plan, entry, diagnostics, snippets: included?.snippets }, markdown: { key, markdown, reads: included?.reads ?? [], ...(htmlHash ? { htmlHash } : {}), ...(textHash ? { textHash } : {}) } };
}

/**
 * A page's body with the partials it includes, looked for in the folder of the page's file, then in the default
 * locale's (includes.ts: loaded by the first page that may include one).
 */
async function includePartials(input: RenderEntriesInput, plan: EntryPlan): Promise<Expansion & { reads: PartialReads }> {
  const { config, partials } = input;
  includes ??= await import('./includes.js');
  const { createPartialReader, expandIncludes } = includes;
  const { source } = plan;
  const contentRoot = relative(config.root, config.contentDir).split('\\').join('/');
  const reader = createPartialReader(config.contentDir, partials);
  const reads: PartialReads = [];
  const expansion = expandIncludes({
    body: source.body,
    bodyLine: source.bodyLine,
    page: { file: source.file, contentPath: plan.contentPath, folder: source.locale },
    defaultFolder: config.defaultLocale,
    locales: config.locales.map((l) => l.code),
    contentRoot,
    read: (file) => {
      const read = reader(file);
      reads.push([file, read]);
      return read;
    },
  });
  return { ...expansion, reads };
}

/** The includes module, once a page has loaded it. */
let includes: typeof import('./includes.js') | null = null;

/** The files a page's includes read (or looked for), with what was found: the page is the same while they are. */
type PartialReads = [IncludedFile, PartialRead][];

/** Whether every file a page's includes read reads the same in this build (each file read once a build, `partials`). */
function samePartials(reads: PartialReads, input: RenderEntriesInput & { partials: Map<string, PartialRead> }): boolean {
  if (!reads.length) return true;
  if (!includes) return false;
  const read = includes.createPartialReader(input.config.contentDir, input.partials);
  return reads.every(([file, was]) => {
    const now = read(file);
    return 'text' in was ? 'text' in now && now.text === was.text : JSON.stringify(now) === JSON.stringify(was);
  });
}

/**
 * Whether a page hides its title (`hide_title`, which docs and free pages read; a post's title is its card), or
 * takes it from the `# heading` its body opens with, which is then shown as its title.
 */
function hidesTitle(plan: EntryPlan): boolean {
  return plan.section !== 'blog' && (plan.source.frontMatter.hide_title === true || plan.source.titleFromBody === true);
}

/**
 * A post's authors, a declared one once (an author written out is one), and the front matter line of each: the
 * place of an author written out's problems (its avatar missing). A post without `authors` takes the one author
 * of Docusaurus's legacy keys (`author`, `author_title`, …), told at those keys.
 */
function authorsOf(source: EntryPlan['source'], section: Section): Pick<Entry, 'authors' | 'authorLines' | 'legacyAuthorLines'> {
  const legacy = section === 'blog' ? legacyAuthor(source) : null;
  if (legacy) return { authors: [legacy.author], authorLines: [source.keyLines.author ?? 1], legacyAuthorLines: legacy.lines };
  const written = source.frontMatter.authors ?? [];
  const keys = written.map(authorKey);
  const authors = written.filter((author, n) => keys[n] === undefined || keys.indexOf(keys[n]) === n);
  if (authors.every((author) => typeof author === 'string')) return { authors };
  return { authors, authorLines: authors.map((author) => source.itemLines?.authors?.[written.indexOf(author)] ?? source.keyLines.authors ?? 1) };
}

/**
 * A post's tags and authors against the declared ones (`postRefProblems`); the keys a page's section does not
 * read are told, and a doc's table of contents levels are checked.
 */
/** Docusaurus's keys of a doc, which a post or a free page does not read (a post not `hide_title` either). */
const DOC_KEYS: readonly (keyof FrontMatter)[] = ['id', 'custom_edit_url', 'pagination_prev', 'pagination_next', 'pagination_label', 'sidebar_position', 'displayed_sidebar', 'sidebar_class_name', 'sidebar_custom_props', 'sidebar_key'];
const DOC_KEYS_OF_POSTS: readonly (keyof FrontMatter)[] = [...DOC_KEYS, 'hide_title'];
/** The keys of a post a doc (which reads `tags`) or a free page does not read; made once, not for every page. */
const POST_KEYS_OF_DOCS: readonly (keyof FrontMatter)[] = ['authors', 'date', ...LEGACY_AUTHOR_KEYS];
const POST_KEYS: readonly (keyof FrontMatter)[] = ['tags', ...POST_KEYS_OF_DOCS];

function checkTaxonomy(config: SiteConfig, plan: EntryPlan, blog: LocaleBlogMeta): Diagnostic[] {
  const fm = plan.source.frontMatter;
  const out: Diagnostic[] = plan.section === 'blog' ? postRefProblems(plan.source, blog) : [];
  if (plan.untranslated) return out;
  const line = (key: string) => plan.source.keyLines[key] ?? 1;
  // Docusaurus's keys of a doc: read for docs (the table of contents levels for posts and free pages too).
  if (plan.section !== 'docs') {
    const keys = plan.section === 'blog' ? DOC_KEYS_OF_POSTS : DOC_KEYS;
    const what = plan.section === 'blog' ? 'a post' : 'a page';
    // hide_title is a free page's key too: only a post, whose title heads its card, leaves it unread.
    const readBy = (key: string) => (key === 'hide_title' ? 'docs and free pages' : 'docs');
    for (const key of keys) if (fm[key] !== undefined) out.push({ severity: 'warning', code: 'front-matter', file: plan.source.file, line: line(key), message: `${key}: only ${readBy(key)} use it; on ${what} it is ignored`, hint: 'delete it' });
    // The date is every page's (the sitemap, the feeds); the author is shown in a doc's footer only.
    if (typeof fm.last_update === 'object' && fm.last_update.author !== undefined) out.push({ severity: 'warning', code: 'front-matter', file: plan.source.file, line: line('last_update'), message: `last_update: only docs show its author; on ${what} it is ignored`, hint: fm.last_update.date === undefined ? 'delete it' : `write the date alone: last_update: ${fm.last_update.date}` });
  }
  if (fm.toc_min_heading_level !== undefined && fm.toc_max_heading_level !== undefined && fm.toc_min_heading_level > fm.toc_max_heading_level) {
    out.push({ severity: 'error', code: 'front-matter', file: plan.source.file, line: line('toc_max_heading_level'), message: `toc_max_heading_level: ${fm.toc_max_heading_level} is below toc_min_heading_level (${fm.toc_min_heading_level}), so the table of contents would be empty`, hint: 'make the maximum at least the minimum' });
  }
  if (plan.section !== 'blog') {
    // Accepted by the schema (they are keys of posts) but read only for posts (and tags for docs): say so rather than drop them unseen.
    const what = plan.section === 'docs' ? 'a doc' : 'a page';
    for (const key of plan.section === 'docs' ? POST_KEYS_OF_DOCS : POST_KEYS) {
      if (fm[key] === undefined) continue;
      out.push({ severity: 'warning', code: 'front-matter', file: plan.source.file, line: plan.source.keyLines[key] ?? 1, message: `${key}: only ${key === 'tags' ? 'docs and blog posts use' : 'blog posts use'} it; on ${what} it is ignored`, hint: key === 'date' ? `${what}'s date is last_update (or its last commit)` : key === 'tags' ? 'delete it, or move the file to docs/ or blog/' : 'delete it, or move the file to blog/' });
    }
  }
  return out;
}

/** The body line (0-based) of the first `<name` outside code (fences and backtick spans) that no `</name` follows. */
function rawTagLine(body: string, name: string): number {
  const lines = body.split('\n');
  const open = new RegExp(`<${name}(?=[\\s/>])`, 'i');
  const close = new RegExp(`</${name}`, 'i');
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fenced = fenceAfter(line, fence);
    if (fenced !== undefined) {
      fence = fenced;
      continue;
    }
    if (fence !== null) continue;
    const prose = line.replace(/(`+)[^`]*?\1/g, '');
    const at = prose.search(open);
    if (at !== -1 && !close.test(prose.slice(at)) && !lines.slice(i + 1).some((l) => close.test(l))) return i;
  }
  return 0;
}

/** A doc id or sidebar name a versioned doc's front matter gives, as sitegen knows it: its version's (`10.x/intro`). */
function inVersion<T extends string | null | undefined>(version: string | undefined, name: T): T {
  return (version === undefined || typeof name !== 'string' ? name : `${version}/${name}`) as T;
}
