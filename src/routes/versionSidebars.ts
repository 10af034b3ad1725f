// The sidebars of a site with docs versions: each version's file (sidebars.yaml for docs/, versioned_sidebars/
// version-<name>-sidebars.yaml or .json for the others) is expanded and checked against that version's docs alone,
// as if it were a site of its own, then named as sitegen knows a versioned doc (`10.x/intro`, the sidebar `10.x/guides`)
// and put in one record with the others, so routes, places and shared blocks go on as for one version.
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { CategoryFile } from '../content/loadContent.js';
import type { ContentFile, Diagnostic, DocsVersion, Entry, SiteConfig } from '../types.js';
import { autogenerateSidebars, type LocaleOrder } from './autoDocs.js';
import { renamedDocs } from './docIds.js';
import { checkSidebarIds, loadSidebars, type SidebarsFile, type SidebarSpec } from './sidebars.js';
import { versionedPermalink } from './versions.js';

export interface VersionSidebarsInput {
  config: SiteConfig;
  versions: DocsVersion[];
  /** content/sidebars.yaml, the current docs' sidebars. */
  current: SidebarsFile;
  files: ContentFile[];
  categoryFiles: CategoryFile[];
  otherPaths: string[];
  entries: Entry[];
  /** Doc ids of the drafts the build leaves out (with their versions' prefixes). */
  drafts: Set<string>;
  order: LocaleOrder;
  built: string[];
  cacheDir: string | null;
  /** The doc ids of a version's folder (`docs`, `versioned_docs/version-9.x`) in the locales a `--locale` build leaves out. */
  unbuilt?: (dir: string) => string[];
}

/** The file of a version's sidebars under the content folder: Docusaurus's `.json`, or `.yaml` as content/sidebars.yaml is. */
export function versionSidebarsName(config: SiteConfig, name: string): string {
  const base = `versioned_sidebars/version-${name}-sidebars`;
  return ['yaml', 'yml', 'json'].map((ext) => `${base}.${ext}`).find((file) => existsSync(join(config.contentDir, file))) ?? `${base}.yaml`;
}

/** Every version's sidebars, expanded, checked and named by version, in one record; and their problems. */
export async function versionSidebars(input: VersionSidebarsInput): Promise<{ sidebars: SidebarsFile; diagnostics: Diagnostic[] }> {
  const merged: SidebarsFile = { sidebars: {}, file: input.current.file, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  for (const version of input.versions) {
    const name = versionSidebarsName(input.config, version.name);
    const spec = version.isCurrent ? input.current : await loadSidebars(input.config, input.cacheDir, name);
    if (!version.isCurrent) diagnostics.push(...spec.diagnostics, ...missingSidebars(input.config, name, version));
    const own = versionView(input, version);
    const expanded = await autogenerateSidebars({ sidebars: spec, ...own, order: input.order, built: input.built, cacheDir: input.cacheDir, ...(version.isCurrent ? {} : { version: version.name }) });
    diagnostics.push(...expanded.diagnostics);
    const drafts = new Set([...input.drafts].filter((id) => id.startsWith(version.idPrefix) && (version.idPrefix || !input.versions.some((v) => v.idPrefix && id.startsWith(v.idPrefix)))).map((id) => id.slice(version.idPrefix.length)));
    const ids = new Set([...own.entries.map((e) => e.id), ...(input.unbuilt?.(version.dir) ?? [])]);
    diagnostics.push(...checkSidebarIds(expanded.sidebars, ids, drafts, renamedDocs(own.entries)));
    for (const [name, items] of Object.entries(expanded.sidebars.sidebars)) merged.sidebars[version.idPrefix + name] = items.map((item) => inVersion(item, version));
  }
  return { sidebars: merged, diagnostics };
}

/**
 * A version without its sidebars file beside current docs with theirs: its docs show no sidebar, which a migration that
 * forgot the folder would not notice. A site without content/sidebars.yaml has none to copy: its versions show none either.
 */
function missingSidebars(config: SiteConfig, name: string, version: DocsVersion): Diagnostic[] {
  if (existsSync(join(config.contentDir, name)) || !existsSync(join(config.contentDir, 'sidebars.yaml'))) return [];
  const file = relative(config.root, join(config.contentDir, 'versions.json')).split(sep).join('/');
  return [{ severity: 'warning', code: 'versions', file, message: `the version ${version.name} has no sidebars (${name} does not exist), so its docs show none`, hint: 'copy content/sidebars.yaml there, as sitegen docs version does' }];
}

/** A version's docs as if they were the docs/ of a site of their own: their ids and paths without the version. */
function versionView(input: VersionSidebarsInput, version: DocsVersion): { files: ContentFile[]; categoryFiles: CategoryFile[]; otherPaths: string[]; entries: Entry[] } {
  const ownName = version.isCurrent ? undefined : version.name;
  const inDir = (path: string) => path.split('/').slice(1).join('/').startsWith(`${version.dir}/`);
  const asDocs = (path: string) => {
    const [locale, ...rest] = path.split('/');
    return `${locale}/docs/${rest.join('/').slice(version.dir.length + 1)}`;
  };
  const files = input.files.filter((f) => f.section === 'docs' && f.version === ownName).map(({ version: _v, ...f }) => f);
  const categoryFiles = input.categoryFiles.filter((c) => inDir(c.path)).map((c) => ({ ...c, path: asDocs(c.path) }));
  const otherPaths = input.otherPaths.filter(inDir).map(asDocs);
  const entries = input.entries
    .filter((e) => e.section === 'docs' && e.version === ownName)
    .map(({ version: _v, ...e }) => ({ ...e, id: e.id.slice(version.idPrefix.length), contentPath: `docs/${e.contentPath.slice(version.dir.length + 1)}` }));
  return { files, categoryFiles, otherPaths, entries };
}

/** A sidebar item of a version named as sitegen knows it: its doc ids prefixed, its generated indexes at the version's address. */
function inVersion(item: SidebarSpec, version: DocsVersion): SidebarSpec {
  if (item.type === 'doc') return { ...item, id: version.idPrefix + item.id };
  if (item.type !== 'category') return item;
  return {
    ...item,
    items: item.items.map((child) => inVersion(child, version)),
    ...(item.link !== undefined ? { link: version.idPrefix + item.link } : {}),
    ...(item.index?.path !== undefined ? { index: { ...item.index, path: versionedPermalink(version, item.index.path) } } : {}),
  };
}
