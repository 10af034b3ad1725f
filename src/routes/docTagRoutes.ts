// The docs' tag pages, as Docusaurus's docs plugin makes them: per docs version, every tag of its docs
// (`/docs/tags`, `/docs/10.x/tags`) and each tag's docs (`/docs/tags/<permalink>`), and the tags a doc shows at its foot.
import { join } from 'node:path';
import { compareText, displayPath } from '../diagnostics.js';
import { resolveTags, sharedTagAddresses, tagRefProblems } from '../content/tagRefs.js';
import { configDocTags } from '../content/docTags.js';
import { versionData } from './versionRoutes.js';
import { versionDir, versionOf } from './versions.js';
import { pageHref } from './pageHref.js';
import type { BlogTag, DeclaredDocTags, Diagnostic, DocsVersion, DocTagItem, Entry, LabeledLink, RouteData, SiteConfig, VersionChoice } from '../types.js';

/** A tag page before metadata: its path under the locale, title and data. */
export interface DocTagPlan {
  localPath: string;
  title: string;
  data: Extract<RouteData, { kind: 'docTags' | 'docTag' }>;
  /** For search engines: a tag's description, when it has one. */
  description?: string;
  /** A page of a `noIndex` version. */
  noindex?: boolean;
}

export interface DocTagStrings {
  /** The tags page's title. */
  tags: string;
  /** A tag's page's title: `{count} docs tagged with “{tag}”`. */
  tagged: { one: string; other: string };
}

export interface DocTagsInput {
  config: SiteConfig;
  /** The docs of one locale (its fallback copies too). */
  docs: Entry[];
  /** The locale's path prefix (`/en`, '' for the default locale). */
  prefix: string;
  /** The locale's declared tags, by docs folder (`docs`, `versioned_docs/version-10.x`); the config's alone when absent. */
  declared?: (folder: string) => DeclaredDocTags | undefined;
  locale: string;
  strings: DocTagStrings;
  /** The docs versions built, on a site with versions.json, and each one's first doc in the locale (`firstDocs`). */
  versions?: DocsVersion[];
  firsts?: VersionChoice[];
}

/** The docs folder a doc is in (`docs`, or its version's `versioned_docs/version-10.x`). */
export function docFolder(doc: Pick<Entry, 'version'>): string {
  return doc.version === undefined ? 'docs' : versionDir(doc.version);
}

/** Where a docs version's tag pages are, under the locale (`/docs/tags`, `/docs/next/tags`). */
function tagsBase(version: DocsVersion | undefined): string {
  return version?.path ? `/docs/${version.path}/tags` : '/docs/tags';
}

/**
 * The tag pages of one locale, per docs version, and the tags each doc shows (those with a page: a doc that is
 * `noindex`, `unlisted` or a draft has its tags, and no place on their pages, as a post's). A tag's page lists its docs
 * by title; the tags page lists the tags by address, as the blog's does.
 */
export function docTagRoutes(input: DocTagsInput): { plans: DocTagPlan[]; shown: Map<Entry, LabeledLink[]> } {
  const { config, prefix, strings } = input;
  const declared = (doc: Entry) => input.declared?.(docFolder(doc)) ?? configDocTags(config, input.locale);
  const tagsOf = new Map(input.docs.filter((doc) => doc.tags.length > 0).map((doc) => [doc, resolveTags(doc.tags, declared(doc).tags, doc.file)]));
  const plans: DocTagPlan[] = [];
  const versionOfPlan = new Map<DocTagPlan, DocsVersion>();
  const shown = new Map<Entry, LabeledLink[]>();
  const groups = input.versions ? input.versions.map((v) => ({ version: v as DocsVersion | undefined, docs: [...tagsOf.keys()].filter((doc) => versionOf(input.versions!, doc.version) === v) })) : [{ version: undefined, docs: [...tagsOf.keys()] }];
  if (tagsOf.size === 0) return { plans, shown };
  // Made only where docs have tags: a process's first collator costs 6-9 ms (bench/RESULTS.md).
  const collator = new Intl.Collator(input.locale);
  for (const { version, docs } of groups) {
    const base = tagsBase(version);
    const link = (tag: BlogTag): LabeledLink => ({ label: tag.label, href: pageHref(config, `${prefix}${base}/${tag.permalink}`) });
    const listed = docs.filter((doc) => !doc.noindex && !doc.draft);
    const tagged = new Map<string, { tag: BlogTag; docs: Entry[] }>();
    for (const doc of listed) {
      for (const tag of tagsOf.get(doc)!) {
        const group = tagged.get(tag.permalink) ?? { tag, docs: [] };
        group.docs.push(doc);
        tagged.set(tag.permalink, group);
      }
    }
    for (const doc of docs) {
      const links = tagsOf.get(doc)!.filter((tag) => tagged.has(tag.permalink)).map(link);
      if (links.length > 0) shown.set(doc, links);
    }
    if (tagged.size === 0) continue;
    const noindex = version?.noIndex ? { noindex: true } : {};
    const add = (plan: DocTagPlan) => {
      plans.push(plan);
      if (version) versionOfPlan.set(plan, version);
    };
    const sorted = [...tagged.values()].sort((a, b) => compareText(a.tag.permalink, b.tag.permalink));
    for (const { tag, docs: list } of sorted) {
      const items: DocTagItem[] = list.map((doc) => ({ title: doc.title, href: doc.permalink, description: doc.description, untranslated: doc.untranslated })).sort((a, b) => collator.compare(a.title, b.title) || compareText(a.href, b.href));
      const title = (items.length === 1 ? strings.tagged.one : strings.tagged.other).replace('{count}', String(items.length)).replace('{tag}', () => tag.label);
      const data: DocTagPlan['data'] = { kind: 'docTag', tag: { ...link(tag), count: items.length }, ...(tag.description ? { description: tag.description } : {}), docs: items, allTagsPath: pageHref(config, `${prefix}${base}`) };
      add({ localPath: `${base}/${tag.permalink}`, title, data, ...(tag.description ? { description: tag.description } : {}), ...noindex });
    }
    add({ localPath: base, title: strings.tags, data: { kind: 'docTags', tags: sorted.map(({ tag, docs: list }) => ({ ...link(tag), count: list.length })) }, ...noindex });
  }
  if (input.versions) withVersions(versionOfPlan, input.versions, input.firsts ?? [], (path) => pageHref(config, prefix + path));
  return { plans, shown };
}

/**
 * Each tag page's version, as a doc's, for the version menu and the search box: its twin in another version is the
 * same tag's page there, else that version's tags page, else its first doc (`firsts`).
 */
function withVersions(plans: Map<DocTagPlan, DocsVersion>, versions: DocsVersion[], firsts: VersionChoice[], href: (localPath: string) => string): void {
  const paths = new Set([...plans.keys()].map((plan) => plan.localPath));
  for (const [plan, version] of plans) {
    const tail = plan.localPath.slice(tagsBase(version).length);
    const twin = (other: DocsVersion) => [`${tagsBase(other)}${tail}`, tagsBase(other)].find((path) => paths.has(path));
    plan.data.version = versionData(versions, version, firsts, (other) => {
      const path = twin(other);
      return path === undefined ? undefined : href(path);
    }).data;
  }
}

/**
 * Each doc's `tags:` against its docs folder's declared tags, at the lines its file writes them (`tagRefProblems`), and
 * tags in other words that make one address (`sharedAddresses`).
 */
export function docTagProblems(config: SiteConfig, entries: Entry[], declared: Record<string, DeclaredDocTags> | undefined): Diagnostic[] {
  const metaOf = (doc: Entry) => declared?.[`${doc.locale}/${docFolder(doc)}`] ?? configDocTags(config, doc.locale);
  const problems = entries.flatMap((doc) => {
    if (doc.section !== 'docs' || !doc.writtenTags) return [];
    const { tags, line, lines } = doc.writtenTags;
    return tagRefProblems({ file: doc.file, frontMatter: { tags }, keyLines: { tags: line }, ...(lines ? { itemLines: { tags: lines } } : {}) }, metaOf(doc), 'docs');
  });
  return [...problems, ...sharedAddresses(config, entries, metaOf)];
}

/** The docs' tags of each docs folder of a locale, where tags in other words may make one address (`sharedTagAddresses`). */
function sharedAddresses(config: SiteConfig, entries: Entry[], metaOf: (doc: Entry) => DeclaredDocTags): Diagnostic[] {
  const docs = entries.filter((doc) => doc.section === 'docs' && doc.writtenTags && !doc.untranslated);
  return sharedTagAddresses(
    docs.map((doc) => {
      const meta = metaOf(doc);
      const declareIn = meta.declaredIn[1] ?? displayPath(config.root, join(config.contentDir, doc.locale, docFolder(doc), 'tags.yml'));
      return { file: doc.file, group: `${doc.locale}/${docFolder(doc)}`, written: doc.writtenTags!, declared: meta.tags, declareIn };
    }),
  );
}
