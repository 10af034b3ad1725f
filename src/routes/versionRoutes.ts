import type { DocsVersion, DocVersionData, Entry, SidebarItem, VersionChoice } from '../types.js';
import { versionedPermalink, versionOf } from './versions.js';

/** Whether a doc id or sidebar name (as sitegen names them, `10.x/intro`) is of `version`. */
export function isOf(versions: DocsVersion[], version: DocsVersion, name: string): boolean {
  return version.idPrefix ? name.startsWith(version.idPrefix) : !versions.some((v) => v.idPrefix && name.startsWith(v.idPrefix));
}

/**
 * Each version's first doc in one locale, newest version first: the first doc of its first sidebar, else its doc
 * with the shortest address. What the version menu offers where a page is no doc of the version, or has no twin in it.
 */
export function firstDocs(versions: DocsVersion[], sidebars: Record<string, SidebarItem[]>, docs: Map<string, Entry>): VersionChoice[] {
  return versions.flatMap((version) => {
    const sidebar = Object.entries(sidebars).find(([name, items]) => isOf(versions, version, name) && items.length > 0)?.[1];
    const href = (sidebar && firstLink(sidebar)) ?? shortestDoc(versions, version, docs);
    return href ? [{ name: version.name, label: version.label, href, ...(version.isLast ? { last: true as const } : {}) }] : [];
  });
}

function firstLink(items: SidebarItem[]): string | undefined {
  return firstPage(items)?.href;
}

/** The first page a sidebar leads to, depth first: a doc, or a category's own doc or generated index (not a link elsewhere). */
function firstPage(items: SidebarItem[]): { href: string; label: string } | undefined {
  for (const item of items) {
    if (item.type === 'category') {
      const inside = item.href && item.docId ? { href: item.href, label: item.label } : firstPage(item.items);
      if (inside) return inside;
    } else if (item.docId && !item.external) return { href: item.href, label: item.label };
  }
  return undefined;
}

/** A docs root (`/docs/`, a version's `/docs/10.x/`) and the page it leads to, in one locale. */
export interface DocsRoot {
  /** The root's path in the locale's part of the site (`/docs/`, `/docs/10.x/`). */
  localPath: string;
  /** The page it leads to (its address as the site writes it) and that page's title. */
  href: string;
  title: string;
}

/**
 * Each docs root of one locale, with the page it leads to: the first page of the version's first sidebar, else its doc
 * with the shortest address; none for a version without a page. A root no page has would otherwise answer 404 to a
 * reader who shortens a doc's address, where Hugo shows the section's list.
 */
export function docsRoots(versions: DocsVersion[] | undefined, sidebars: Record<string, SidebarItem[]>, docs: Map<string, Entry>): DocsRoot[] {
  const byHref = new Map([...docs.values()].map((doc) => [doc.permalink, doc]));
  const all = versions ?? [null];
  return all.flatMap((version) => {
    const own = (name: string) => (version ? isOf(versions!, version, name) : true);
    const sidebar = Object.entries(sidebars).find(([name, items]) => own(name) && items.length > 0)?.[1];
    const first = sidebar && firstPage(sidebar);
    const href = first?.href ?? (version ? shortestDoc(versions!, version, docs) : shortestOf([...docs.values()]));
    if (!href) return [];
    const title = byHref.get(href)?.title ?? first?.label ?? href;
    return [{ localPath: version?.path ? `/docs/${version.path}/` : '/docs/', href, title }];
  });
}

function shortestDoc(versions: DocsVersion[], version: DocsVersion, docs: Map<string, Entry>): string | undefined {
  return shortestOf([...docs.values()].filter((doc) => isOf(versions, version, doc.id) && versionOf(versions, doc.version) === version));
}

function shortestOf(docs: Entry[]): string | undefined {
  return docs.filter((doc) => !doc.unlisted).map((doc) => doc.permalink).sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0];
}

/**
 * A doc's version on its page: name, label, badge, the banner of an unreleased or unmaintained version (leading to
 * the same doc in the last version, else to its first doc), and the same doc in each version for the version menu.
 */
export function docVersionData(versions: DocsVersion[], doc: Entry, docs: Map<string, Entry>, firsts: VersionChoice[]): { data: DocVersionData; noIndex: boolean } {
  const version = versionOf(versions, doc.version)!;
  const bareId = doc.id.slice(version.idPrefix.length);
  return versionData(versions, version, firsts, (other) => {
    const found = docs.get(other.idPrefix + bareId);
    return found && !found.unlisted && versionOf(versions, found.version) === other ? found.permalink : undefined;
  });
}

/**
 * A category's generated index's version, the one of the sidebar it is in, as a doc's: its twin in another version
 * is the index at its address there (`/docs/category/guides` of 10.x is `/docs/10.x/category/guides`), when that
 * version's sidebars make one in the locale (`indexPaths`, addresses under the locale; `urlOf` adds the locale's prefix).
 */
export function indexVersionData(versions: DocsVersion[], sidebar: string, localPath: string, indexPaths: Set<string>, urlOf: (localPath: string) => string, firsts: VersionChoice[]): { data: DocVersionData; noIndex: boolean } | undefined {
  const version = versions.find((v) => isOf(versions, v, sidebar));
  if (!version) return undefined;
  const bare = version.path ? `/docs${localPath.slice(`/docs/${version.path}`.length)}` : localPath;
  return versionData(versions, version, firsts, (other) => {
    const there = versionedPermalink(other, bare);
    return indexPaths.has(there) ? urlOf(there) : undefined;
  });
}

/** The version data of a page of `version`: in the menu, its twin in each version (`twin`), else that version's first doc; the banner leads to the last version's. */
export function versionData(versions: DocsVersion[], version: DocsVersion, firsts: VersionChoice[], twin: (other: DocsVersion) => string | undefined): { data: DocVersionData; noIndex: boolean } {
  const choices = versions.flatMap((other) => {
    const href = twin(other) ?? firsts.find((f) => f.name === other.name)?.href;
    return href ? [{ name: other.name, label: other.label, href, ...(other.isLast ? { last: true as const } : {}) }] : [];
  });
  const last = versions.find((v) => v.isLast);
  const latestHref = last && (twin(last) ?? firsts.find((f) => f.name === last.name)?.href);
  const banner = version.banner !== 'none' && last && latestHref ? { kind: version.banner, latestLabel: last.label, latestHref } : undefined;
  return { data: { name: version.name, label: version.label, badge: version.badge, ...(banner ? { banner } : {}), choices }, noIndex: version.noIndex };
}
