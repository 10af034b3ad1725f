// Docs versions as Docusaurus keeps them: content/versions.json names the versions (newest first), each
// locale's versioned_docs/version-<name>/ holds its docs and versioned_sidebars/version-<name>-sidebars.yaml
// its sidebars. A site without versions.json has one version, the docs/ folders, and reads none of this.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { configKeyLine } from '../config/keyLine.js';
import { readSource, unreadProblem } from '../content/readSource.js';
import { closestMatch } from '../diagnostics.js';
import type { Diagnostic, DocsVersion, SiteConfig } from '../types.js';
import { stripNumberPrefixes } from './numberPrefix.js';

/**
 * A version's name: a URL segment and a folder name as written (`11.x`, `2.0.0-beta`). Not ending in `.`: Windows
 * drops a folder name's last dots, so `version-2.0.` would be made as, or taken for, `version-2.0`.
 */
const VERSION_NAME_RE = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9_-])?$/;

/** The URL segment of the current docs beside versions (Docusaurus's). */
export const NEXT_PATH = 'next';

export interface LoadedVersions {
  /** The versions built, newest first (the current docs first); null for a site without versions.json. */
  versions: DocsVersion[] | null;
  /** The folders of versions.json's versions the build leaves out (`onlyIncludeVersions`): `versioned_docs/version-9.x`. */
  leftOut: string[];
  /**
   * The versions the build leaves out by the segment under /docs/ a whole build gives them (`9.x`, `next`) → their
   * name in versions.json ('' for the current docs); not one a version built has, nor the last version's ''.
   */
  leftOutPaths: Map<string, string>;
  diagnostics: Diagnostic[];
}

/** The folder of a version's docs in a locale folder. */
export function versionDir(name: string): string {
  return `versioned_docs/version-${name}`;
}

/**
 * Reads content/versions.json and the config's `docs` version keys into the versions to build, with their
 * addresses, labels and banners. Problems of the file are told at its lines; of the config, at its keys.
 */
export function loadVersions(config: SiteConfig): LoadedVersions {
  const path = join(config.contentDir, 'versions.json');
  if (!existsSync(path)) return { versions: null, leftOut: [], leftOutPaths: new Map(), diagnostics: [...unknownConfigVersions(config, []), ...unversionedOptions(config)] };
  const file = rel(config, path);
  const source = readSource(path);
  if (!source.ok) return { versions: null, leftOut: [], leftOutPaths: new Map(), diagnostics: [unreadProblem(source, file, 'versions', 'give the build read access to it')] };
  const diagnostics: Diagnostic[] = [];
  const names = parseVersionNames(source.text, file, diagnostics, docsFolderNames(config));
  // A version whose docs no locale holds has no pages: every link to them would be told broken instead.
  const missing = names.filter((name) => !config.locales.some((l) => existsSync(join(config.contentDir, l.code, versionDir(name)))));
  if (missing.length) {
    const [items, lines] = [JSON.parse(source.text) as unknown[], stringLines(source.text)];
    for (const name of missing) {
      const folder = rel(config, join(config.contentDir, config.defaultLocale, versionDir(name)));
      diagnostics.push({ severity: 'error', code: 'versions', file, line: lines[items.indexOf(name)] ?? 1, message: `"${name}" has no docs: ${folder}/ does not exist`, hint: `sitegen docs version ${name} makes it from docs/; or delete the name` });
    }
  }
  if (diagnostics.some((d) => d.severity === 'error')) return { versions: null, leftOut: [], leftOutPaths: new Map(), diagnostics };
  // A config key naming no version (`lastVersion: '10.y'`) is told at its line, and the versions are placed as its hint
  // has them: without them every link to a versioned page was told broken besides.
  diagnostics.push(...unknownConfigVersions(config, names));
  const planned = asHinted(config, names);
  const versions = planVersions(planned, names);
  // Two versions at one address are not placed: each of their docs would be a route collision besides.
  const shared = sharedPaths(planned, versions);
  diagnostics.push(...shared);
  if (shared.length) return { versions: null, leftOut: [], leftOutPaths: new Map(), diagnostics };
  const leftOut = names.filter((name) => !versions.some((v) => v.name === name && !v.isCurrent)).map(versionDir);
  return { versions, leftOut, leftOutPaths: leftOutPaths(planned, names, versions), diagnostics };
}

/**
 * The config as the hints of `unknownConfigVersions` would have it, to place the pages while its errors fail the build:
 * each `docs` key naming no version taken as the nearest version (else left out), and a `lastVersion` that
 * `onlyIncludeVersions` leaves out built. Links to versioned pages are then judged as they will be once the hint is taken.
 */
function asHinted(config: SiteConfig, names: string[]): SiteConfig {
  const known = [config.docs.versionName, ...names];
  const hinted = (name: string) => (known.includes(currentAs(config, name)) ? name : (closestMatch(name, known) ?? undefined));
  const { lastVersion, onlyIncludeVersions, versions } = config.docs;
  const last = lastVersion === undefined ? undefined : hinted(lastVersion);
  const only = onlyIncludeVersions?.map(hinted).filter((name): name is string => name !== undefined);
  const withLast = only && last !== undefined && !only.some((name) => currentAs(config, name) === currentAs(config, last)) ? [...only, last] : only;
  const options = versions && Object.fromEntries(Object.entries(versions).flatMap(([name, value]) => (hinted(name) === undefined ? [] : [[hinted(name)!, value] as const])));
  return { ...config, docs: { ...config.docs, lastVersion: last, onlyIncludeVersions: withLast?.length ? withLast : undefined, versions: options } };
}

/**
 * Versions whose `docs.versions.<name>.path` puts them at another's address (`''` beside the last version, `next`
 * beside the current docs, `V2` beside `v2` on a disk that ignores case): told at the key, not as every doc's
 * permalink collision, whose hint (rename a file) would not help.
 */
function sharedPaths(config: SiteConfig, versions: DocsVersion[]): Diagnostic[] {
  const options = config.docs.versions ?? {};
  // The key the config gives a version's path under: its name, or `current` for the current docs.
  const pathKey = (v: DocsVersion) => [v.name, ...(v.isCurrent ? ['current'] : [])].find((key) => options[key]?.path !== undefined);
  const named = (v: DocsVersion) => (v.isCurrent ? 'the current docs' : `the version ${v.name}`);
  const out: Diagnostic[] = [];
  for (const [i, version] of versions.entries()) {
    const first = versions.slice(0, i).find((v) => v.path.toLowerCase() === version.path.toLowerCase());
    if (!first) continue;
    const [moved, other] = pathKey(version) !== undefined ? [version, first] : [first, version];
    const key = pathKey(moved);
    const caseOnly = moved.path === other.path ? '' : ` (at /docs/${other.path}/: the two differ only in case, one folder on macOS's and Windows's disks)`;
    out.push({ severity: 'error', code: 'config', file: rel(config, config.configFile), line: key === undefined ? undefined : configKeyLine(config.configFile, ['docs', 'versions', key, 'path']), message: `docs.versions.${key ?? moved.name}.path: ${JSON.stringify(moved.path)} puts ${named(moved)} at /docs/${moved.path ? `${moved.path}/` : ''}, where ${named(other)} ${other.isCurrent ? 'are' : 'is'}${caseOnly}, so their pages would collide`, hint: 'give each version a path of its own' });
  }
  return out;
}

/** versions.json's names, each checked at its line: a string, a URL segment, not `next` nor a docs folder's name, not twice. */
export function parseVersionNames(text: string, file: string, diagnostics: Diagnostic[], docsFolders: Set<string> = new Set()): string[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const at = /position (\d+)/.exec(String(error))?.[1];
    diagnostics.push({ severity: 'error', code: 'versions', file, line: at ? lineAt(text, Number(at)) : 1, message: `not JSON: ${String((error as Error).message).split('\n')[0]}`, hint: 'write the version names as a JSON list, newest first: ["11.x", "10.x"]' });
    return [];
  }
  if (!Array.isArray(json)) {
    diagnostics.push({ severity: 'error', code: 'versions', file, line: 1, message: 'versions.json is a list of version names', hint: 'write ["11.x", "10.x"], newest first' });
    return [];
  }
  const lines = stringLines(text);
  const names: string[] = [];
  json.forEach((name, i) => {
    const line = lines[i] ?? 1;
    const problem = nameProblem(name, names, docsFolders);
    if (problem) diagnostics.push({ severity: 'error', code: 'versions', file, line, message: problem.message, hint: problem.hint });
    else names.push(name as string);
  });
  return names;
}

/** Longest version name: it is a folder name (`version-<name>`, `version-<name>-sidebars.yaml`) and a part of addresses. */
export const VERSION_NAME_MAX = 64;

/**
 * Addresses under /docs/ that sitegen's own pages take, whatever the case (a disk that ignores case makes
 * /docs/Next/ and /docs/next/ one folder): the current docs, the docs' tags pages, generated category indexes.
 */
const RESERVED: Record<string, string> = { [NEXT_PATH]: 'the current docs (/docs/next/)', tags: "the docs' tags pages (/docs/tags/)", category: "the docs' generated category pages (/docs/category/)" };

function nameProblem(name: unknown, seen: string[], docsFolders: Set<string>): { message: string; hint?: string } | null {
  if (typeof name !== 'string') return { message: `${JSON.stringify(name)} is not a version name (a string)`, hint: 'write each name in quotes: "11.x"' };
  if (!VERSION_NAME_RE.test(name)) return { message: `"${name}" is not a version name: it becomes a folder and an address, so letters, digits, ".", "_" and "-", starting with a letter or digit and not ending with "."`, hint: 'such as "11.x" or "2.0.0"' };
  if (name.length > VERSION_NAME_MAX) return { message: `"${name.slice(0, 16)}…" is ${name.length} characters long, and a version name becomes a folder's name: at most ${VERSION_NAME_MAX}`, hint: 'such as "11.x" or "2.0.0"' };
  const lower = name.toLowerCase();
  const reserved = RESERVED[lower];
  if (reserved) return { message: `"${name}" is the address of ${reserved}, so no version can be named so`, hint: 'name the version by its number, such as "11.x"' };
  if (seen.includes(name)) return { message: `"${name}" is listed twice`, hint: 'delete one of them' };
  const alike = seen.find((other) => other.toLowerCase() === lower);
  if (alike) return { message: `"${name}" and "${alike}" differ only in case, and a disk that ignores case makes their folders one`, hint: 'give the version another name' };
  const folder = [...docsFolders].find((other) => other.toLowerCase() === lower);
  if (folder) return { message: `"${name}" is the name of a folder or doc of docs/, whose address /docs/${folder} the version's would take`, hint: 'rename the folder, or give the version another name' };
  return null;
}

/** The 1-based line of each string item of a JSON list, in order. */
function stringLines(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/"(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|\btrue\b|\bfalse\b|\bnull\b|\{/g)) out.push(lineAt(text, m.index));
  return out;
}

function lineAt(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

/** The names at the top of each locale's docs/ (files without `.md`, number prefixes left out too): a version named so would share its address. */
export function docsFolderNames(config: SiteConfig): Set<string> {
  const out = new Set<string>();
  for (const locale of config.locales) {
    let names: string[] = [];
    try {
      names = readdirSync(join(config.contentDir, locale.code, 'docs'));
    } catch {
      continue;
    }
    for (const name of names) {
      const stem = name.replace(/\.mdx?$/, '');
      out.add(stem).add(stripNumberPrefixes(stem));
    }
  }
  return out;
}

/** A version's name in the config: `current` is Docusaurus's name of the current docs, whatever `docs.versionName` calls them. */
function currentAs(config: SiteConfig, name: string): string {
  return name === 'current' ? config.docs.versionName : name;
}

/**
 * `docs.versions.current` on a site without versions.json: its docs are one version at /docs/, which the options of a
 * version (a label, a path, a banner, noIndex) do not shape, so a `noIndex: true` would not keep them from crawlers.
 */
function unversionedOptions(config: SiteConfig): Diagnostic[] {
  const key = Object.keys(config.docs.versions ?? {}).find((name) => currentAs(config, name) === config.docs.versionName);
  if (key === undefined) return [];
  return [{ severity: 'warning', code: 'config', file: rel(config, config.configFile), line: configKeyLine(config.configFile, ['docs', 'versions', key]), message: `docs.versions.${/^[\w$]+$/.test(key) ? key : JSON.stringify(key)}: has no effect, as the site has no content/versions.json and its docs are not versioned`, hint: 'delete it, or make a version with sitegen docs version <name>' }];
}

/** The config's `docs.lastVersion`, `onlyIncludeVersions` and `versions.<name>` that name no version: errors at their keys. */
function unknownConfigVersions(config: SiteConfig, names: string[]): Diagnostic[] {
  const known = [config.docs.versionName, ...names];
  const shown = rel(config, config.configFile);
  const out: Diagnostic[] = [];
  const check = (name: string, path: (string | number)[]) => {
    if (known.includes(currentAs(config, name))) return;
    const guess = closestMatch(name, known);
    const hint = guess ? `did you mean "${guess}"?` : `the versions are ${known.map((n) => `"${n}"`).join(', ')} (content/versions.json, and "${config.docs.versionName}" for docs/)`;
    out.push({ severity: 'error', code: 'config', file: shown, line: configKeyLine(config.configFile, path), message: `${path.map((p) => (typeof p === 'number' ? `[${p}]` : p)).join('.').replace(/\.\[/g, '[')}: "${name}" is no docs version`, hint });
  };
  if (config.docs.lastVersion !== undefined) check(config.docs.lastVersion, ['docs', 'lastVersion']);
  config.docs.onlyIncludeVersions?.forEach((name, i) => check(name, ['docs', 'onlyIncludeVersions', i]));
  for (const name of Object.keys(config.docs.versions ?? {})) check(name, ['docs', 'versions', name]);
  // The version at /docs/ left out would leave /docs/ empty, and the navbar's "Docs" with it (Docusaurus refuses it too).
  const { lastVersion, onlyIncludeVersions: only } = config.docs;
  if (lastVersion !== undefined && only && known.includes(currentAs(config, lastVersion)) && !only.some((name) => currentAs(config, name) === currentAs(config, lastVersion))) {
    out.push({ severity: 'error', code: 'config', file: shown, line: configKeyLine(config.configFile, ['docs', 'onlyIncludeVersions']), message: `docs.onlyIncludeVersions: leaves out "${lastVersion}", the docs.lastVersion, so nothing would be at /docs/`, hint: `add "${lastVersion}" to the list, or delete docs.lastVersion: the newest version built is then at /docs/` });
  }
  if (config.docs.includeCurrentVersion === false && names.length === 0) {
    out.push({ severity: 'error', code: 'config', file: shown, line: configKeyLine(config.configFile, ['docs', 'includeCurrentVersion']), message: 'docs.includeCurrentVersion: false leaves no docs to build, as content/versions.json names no version', hint: 'make a version with sitegen docs version <name>, or delete this line' });
  }
  return out;
}

/**
 * The versions to build, newest first: the current docs (docs/, `docs.versionName`, labelled `docs.versionLabel`,
 * at /docs/next/) unless `includeCurrentVersion` is false, then versions.json's. The last version (versions.json's
 * first of those built, else the current docs; or `docs.lastVersion`) is at /docs/, the others at /docs/<name>/; those
 * newer than it are unreleased, those older unmaintained (their banners). `docs.versions.<name>` changes any of that;
 * `onlyIncludeVersions` leaves some out.
 */
export function planVersions(config: SiteConfig, names: string[]): DocsVersion[] {
  const current = config.docs.versionName;
  const all = [...(config.docs.includeCurrentVersion === false ? [] : [current]), ...names];
  const only = config.docs.onlyIncludeVersions?.map((name) => currentAs(config, name));
  const built = all.filter((name) => !only || only.includes(name));
  // By default the newest version built, as Docusaurus picks it: `onlyIncludeVersions: ['current']` has the current
  // docs at /docs/, where the navbar's links lead, not at /docs/next/ beside an empty /docs/.
  const last = currentAs(config, config.docs.lastVersion ?? built.find((name) => name !== current) ?? built[0] ?? current);
  const lastAt = all.indexOf(last);
  return built.map((name) => {
    const isCurrent = name === current;
    const isLast = name === last;
    const options = config.docs.versions?.[name] ?? (isCurrent ? config.docs.versions?.current : undefined) ?? {};
    const at = all.indexOf(name);
    return {
      name,
      label: options.label ?? (isCurrent ? config.docs.versionLabel : name),
      path: options.path ?? (isLast ? '' : isCurrent ? NEXT_PATH : name),
      dir: isCurrent ? 'docs' : versionDir(name),
      idPrefix: isCurrent ? '' : `${name}/`,
      isCurrent,
      isLast,
      banner: options.banner ?? (isLast ? 'none' : at < lastAt ? 'unreleased' : 'unmaintained'),
      badge: options.badge ?? built.length > 1,
      noIndex: options.noIndex ?? false,
    };
  });
}

/** `LoadedVersions.leftOutPaths`: where a whole build (every version, the current docs too) puts the versions not built. */
function leftOutPaths(config: SiteConfig, names: string[], built: DocsVersion[]): Map<string, string> {
  const whole = planVersions({ ...config, docs: { ...config.docs, includeCurrentVersion: true, onlyIncludeVersions: undefined } }, names);
  const taken = (path: string) => built.some((v) => v.path.toLowerCase() === path.toLowerCase());
  return new Map(whole.filter((v) => v.path && !taken(v.path) && !built.some((b) => b.name === v.name)).map((v) => [v.path, v.isCurrent ? '' : v.name]));
}

/** The version a docs file belongs to (`version` of a versioned file, else the current docs). */
export function versionOf(versions: DocsVersion[], name: string | undefined): DocsVersion | undefined {
  return versions.find((v) => (name === undefined ? v.isCurrent : v.name === name));
}

/**
 * What names a version's search index and page texts in a locale's folder (`search-index<it>.json`, `search-text<it>/`):
 * '' for the last version, as on a site without versions (the first built without it: `onlyIncludeVersions`), else by
 * its folder of the site, `-docs-10.x`.
 */
export function searchIndexSuffix(versions: DocsVersion[], version: DocsVersion): string {
  const base = versions.find((v) => v.isLast) ?? versions[0];
  return version === base ? '' : `-docs-${version.path || version.name}`;
}

/**
 * Where the files beside each version's docs are published: its folder in a locale folder → its docs path in the
 * site (`versioned_docs/version-10.x` → `docs/10.x`, the last version's → `docs`, the current docs' `docs` →
 * `docs/next`), as a doc's address is; null for the current docs when they are not built, whose files would take
 * the last version's addresses, and for the versions left out (`leftOut`, `LoadedVersions.leftOut`). Empty for a site without versions, whose files are at their place in the content.
 */
export function versionFileFolders(versions: DocsVersion[] | null, leftOut: string[] = []): Record<string, string | null> {
  if (!versions) return {};
  const out: Record<string, string | null> = { docs: null, ...Object.fromEntries(leftOut.map((dir) => [dir, null])) };
  for (const version of versions) out[version.dir] = version.path ? `docs/${version.path}` : 'docs';
  return out;
}

/** `/docs/x` of a version: `/docs/10.x/x`, `/docs/next/x`, or as it is for the version at /docs/. */
export function versionedPermalink(version: DocsVersion, permalink: string): string {
  return version.path ? `/docs/${version.path}${permalink.slice('/docs'.length)}` : permalink;
}

function rel(config: SiteConfig, path: string): string {
  return relative(config.root, path).split('\\').join('/');
}
