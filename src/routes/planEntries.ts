import { dateTimeOf, isRealDate } from '../content/dates.js';
import type { ContentFile, Diagnostic, DocsVersion, LocaleConfig, Section, SiteConfig } from '../types.js';
import { docIds, translationIdProblems } from './docIds.js';
import { docIdOf, isFolderIndexPath, stripNumberPrefixes } from './numberPrefix.js';
import { caseFolded } from '../files.js';
import { versionDir, versionedPermalink, versionOf } from './versions.js';
import { pageHref } from './pageHref.js';

const BLOG_FILE_RE = /^(\d{4})-(\d{2})-(\d{2})-(.+?)(?:\/index)?\.md$/;

/** A content page placed in one locale: which file it comes from and where it goes. */
export interface EntryPlan {
  locale: string;
  section: Section;
  /** Path relative to the locale folder (`docs/faqs/safe.md`). */
  contentPath: string;
  source: ContentFile;
  /** True when the locale has no file of its own and shows the default locale's. */
  untranslated: boolean;
  /** Doc id (its original's `id:` in place of its file name, when it has one), post path (`2024/01/02/slug`) or page path. */
  id: string;
  /** Path under the locale (`/docs/faqs/`). */
  permalink: string;
  /** Full URL path, the page's address (`/en/docs/faqs/`; `/en/docs/x`, or `/en/docs/x/` with `trailingSlash`). */
  urlPath: string;
  /** Posts: YYYY-MM-DD. */
  date?: string;
  /** Posts whose `date:` gives a time of day: the instant (`dateTimeOf`). */
  dateTime?: string;
}

/**
 * Every (locale, page) pair, with fallbacks to the default locale, and permalink collisions reported. `versions`: the
 * docs versions built (a site with versions.json), which place each doc under its version's address and id.
 */
export function planEntries(config: SiteConfig, files: ContentFile[], locales: LocaleConfig[] = config.locales, versions: DocsVersion[] | null = null): { plans: EntryPlan[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const key = contentPathOf;
  const byLocale = new Map<string, Map<string, ContentFile>>();
  for (const file of files) {
    // The current docs left out of the versions built (`includeCurrentVersion: false`, `onlyIncludeVersions`).
    if (versions && file.section === 'docs' && !versionOf(versions, file.version)) continue;
    if (!byLocale.has(file.locale)) byLocale.set(file.locale, new Map());
    byLocale.get(file.locale)!.set(key(file), file);
  }
  const fallback = byLocale.get(config.defaultLocale) ?? new Map<string, ContentFile>();
  const ids = docIds(files, config.defaultLocale);
  diagnostics.push(...translationIdProblems(files, config.defaultLocale));
  const plans: EntryPlan[] = [];
  for (const locale of locales) {
    const own = byLocale.get(locale.code) ?? new Map<string, ContentFile>();
    const paths = new Set([...own.keys(), ...fallback.keys()]);
    for (const contentPath of [...paths].sort()) {
      const source = own.get(contentPath) ?? fallback.get(contentPath)!;
      const placed = inVersion(versions, source, placeEntry(source, diagnostics, ids.get(source)));
      if (!placed) continue;
      plans.push({
        locale: locale.code,
        section: source.section,
        contentPath,
        source,
        untranslated: !own.has(contentPath),
        ...placed,
        urlPath: urlPathOf(config, locale, placed.permalink),
      });
    }
  }
  diagnostics.push(...findCollisions(plans, fallback), ...unpairedSlugs(plans));
  // A fallback is its source placed again: a problem of the file is told once, not once per locale.
  const told = new Set<string>();
  return { plans, diagnostics: diagnostics.filter((d) => !told.has(`${d.file}:${d.line}:${d.message}`) && told.add(`${d.file}:${d.line}:${d.message}`)) };
}

/** A file's path in its locale folder: `docs/a.md`, `versioned_docs/version-10.x/a.md`. */
export function contentPathOf(file: Pick<ContentFile, 'section' | 'relPath' | 'version'>): string {
  return `${file.version === undefined ? file.section : versionDir(file.version)}/${file.relPath}`;
}

/** A doc placed in its version: its id `10.x/a` inside sitegen, its address `/docs/10.x/a` (`/docs/a` for the last version). */
function inVersion<T extends { id: string; permalink: string }>(versions: DocsVersion[] | null, source: ContentFile, placed: T | null): T | null {
  const version = versions && placed && source.section === 'docs' ? versionOf(versions, source.version) : undefined;
  return version ? { ...placed!, id: version.idPrefix + placed!.id, permalink: versionedPermalink(version, placed!.permalink) } : placed;
}

/**
 * Translations of one file (the same path in each locale's folder) are paired by their address: a
 * `slug:` in one of them only gives each its own address, and the pair loses its language menu links
 * and hreflang alternates. Told at the slug.
 */
function unpairedSlugs(plans: EntryPlan[]): Diagnostic[] {
  const byPath = new Map<string, EntryPlan[]>();
  for (const plan of plans) if (!plan.untranslated) byPath.set(plan.contentPath, [...(byPath.get(plan.contentPath) ?? []), plan]);
  const out: Diagnostic[] = [];
  for (const group of byPath.values()) {
    const first = group[0]!;
    const other = group.find((plan) => plan.permalink !== first.permalink);
    if (!other) continue;
    for (const plan of group.filter((p) => p.source.frontMatter.slug !== undefined)) {
      const rest = group.filter((p) => p !== plan).map((p) => `${p.source.file} (${p.permalink})`).join(', ');
      out.push({ severity: 'warning', code: 'content', file: plan.source.file, line: plan.source.keyLines.slug, message: `slug: gives this page the address ${plan.permalink}, but its translation ${rest} has another, so the two are not paired as translations`, hint: 'give every translation the same slug' });
    }
    // A post's day is in its address: date: in one translation and not in the other (or another day in each) parts them.
    if (group.some((p) => p.source.frontMatter.slug !== undefined) || new Set(group.map((p) => p.date)).size < 2) continue;
    for (const plan of group.filter((p) => p.source.frontMatter.date !== undefined)) {
      const rest = group.filter((p) => p.date !== plan.date).map((p) => `${p.source.file} (${p.date})`).join(', ');
      out.push({ severity: 'warning', code: 'blog', file: plan.source.file, line: plan.source.keyLines.date, message: `date: dates this post ${plan.date}, but its translation ${rest} is dated another day, so their addresses differ and the two are not paired as translations`, hint: 'give every translation the same date: (or none: the file name dates them)' });
    }
  }
  return out;
}

/** Characters a path cannot hold as written: a URL would end, or need encoding, there. */
const URL_UNSAFE_RE = /[#?%\s]/;
/** A `.` or `..` segment, an empty one, a backslash or a control character: the page would be written somewhere else than its address says, or outside the site. */
const PATH_UNSAFE_RE = /(?:^|\/)\.\.?(?:\/|$)|\/\/|\\|[\u0000-\u001f\u007f]/;

function placeEntry(file: ContentFile, diagnostics: Diagnostic[], docId?: string): { id: string; permalink: string; date?: string; dateTime?: string } | null {
  const placed = placeByName(file, diagnostics, docId);
  const fromSlug = file.frontMatter.slug !== undefined;
  // A doc's address made of its front matter's id: told at the id, which is what to change.
  const fromId = !fromSlug && file.section === 'docs' && file.frontMatter.id !== undefined && file.keyLines.id !== undefined;
  const badPath = placed ? PATH_UNSAFE_RE.exec(placed.permalink) : null;
  if (placed && badPath) {
    const what = badPath[0].includes('.') ? `a "${badPath[0].replace(/\//g, '')}" segment` : badPath[0] === '//' ? 'an empty segment (//)' : badPath[0] === '\\' ? 'a backslash' : 'a control character';
    diagnostics.push({
      severity: 'error',
      code: 'content',
      file: file.file,
      line: fromSlug ? file.keyLines.slug : fromId ? file.keyLines.id : 1,
      message: `the page's address ${JSON.stringify(placed.permalink)} would hold ${what}`,
      hint: fromSlug ? 'a slug names a page inside its section: letters, digits, - and _, with / between folders' : fromId ? 'change the id (letters, digits, - and _), or set slug: in the front matter' : 'rename the file (letters, digits, - and _)',
    });
    return null;
  }
  // A slug's part longer than a file name may be (a folder of the output): an error, not the disk's ENAMETOOLONG.
  const long = placed && fromSlug ? placed.permalink.split('/').find((part) => Buffer.byteLength(part) > 200) : undefined;
  if (placed && long) {
    diagnostics.push({ severity: 'error', code: 'content', file: file.file, line: file.keyLines.slug, message: `the page's address has a part of ${Buffer.byteLength(long)} bytes (${long.slice(0, 24)}…), too long for a file name`, hint: 'shorten the slug' });
    return null;
  }
  const unsafe = placed ? URL_UNSAFE_RE.exec(placed.permalink) : null;
  if (!placed || !unsafe) return placed;
  const shown = unsafe[0] === '%' ? '%' : /\s/.test(unsafe[0]) ? 'a space' : unsafe[0];
  diagnostics.push({
    severity: 'error',
    code: 'content',
    file: file.file,
    line: fromSlug ? file.keyLines.slug : fromId ? file.keyLines.id : 1,
    message: `the page's address ${placed.permalink} would hold ${shown}, which ${unsafe[0] === '#' || unsafe[0] === '?' ? 'ends a URL path' : 'a URL path cannot hold as written'}`,
    hint: fromSlug ? 'change the slug (letters, digits, - and _)' : fromId ? 'change the id (letters, digits, - and _), or set slug: in the front matter' : 'rename the file (letters, digits, - and _), or set slug: in the front matter',
  });
  return null;
}

function placeByName(file: ContentFile, diagnostics: Diagnostic[], docId?: string): { id: string; permalink: string; date?: string; dateTime?: string } | null {
  const fm = file.frontMatter;
  const stem = file.relPath.replace(/\.md$/, '');
  if (file.section === 'docs') {
    // A number prefix (`02-guides/01-intro.md`) is not part of the id, nor of the address (as in Docusaurus); an
    // `id:` (`docId`) replaces the file's name in both. A folder's index is known by its file, as Docusaurus knows it
    // (`index.md`, `README.md`, or the folder's own name: `isFolderIndexPath`).
    const byName = docIdOf(file.relPath);
    const id = docId ?? byName;
    const isIndex = isFolderIndexPath(byName);
    const dir = isIndex ? byName.slice(0, Math.max(0, byName.lastIndexOf('/'))) : id;
    // A relative slug is relative to the doc's folder, an index's own folder included (Docusaurus's rule).
    const permalink = fm.slug ? slugPath('/docs', isIndex ? byName : id, fm.slug) : isIndex ? `/docs/${dir ? `${dir}/` : ''}` : `/docs/${id}`;
    return { id, permalink };
  }
  if (file.section === 'pages') {
    const isIndex = stem === 'index' || stem.endsWith('/index');
    const permalink = fm.slug ? slugPath('', stem, fm.slug) : isIndex ? `/${stem.replace(/\/?index$/, '')}${stem === 'index' ? '' : '/'}` : `/${stem}`;
    return { id: stem, permalink };
  }
  const m = BLOG_FILE_RE.exec(file.relPath);
  const date = fm.date?.slice(0, 10) ?? (m ? `${m[1]}-${m[2]}-${m[3]}` : undefined);
  if (!date || !isRealDate(date)) {
    const unread = date ? null : unreadNameDate(file.relPath);
    diagnostics.push({
      severity: 'error',
      code: 'blog',
      file: file.file,
      line: fm.date ? file.keyLines.date : 1,
      message: date ? `the date ${date} in the file name is not a real calendar date` : `a post needs a date${unread ? `: ${unread.why}` : ''}`,
      hint: unread?.hint ?? 'name the file YYYY-MM-DD-slug.md or set date: in the front matter',
    });
    return null;
  }
  // A file name and a date: that disagree (one edited, not the other), or a name that starts like a date
  // but is not one (2026-11-5-x.md): the post is dated by date:, which the author may not know.
  const named = m ? `${m[1]}-${m[2]}-${m[3]}` : null;
  if (named && fm.date && named !== date) {
    diagnostics.push({ severity: 'warning', code: 'blog', file: file.file, line: file.keyLines.date, message: `date: ${date} is not the date in the file name (${named}); the post is dated ${date}`, hint: 'make them the same: the file name is what readers of the folder see, and a translation without date: is dated by it' });
  }
  const loose = m ? null : /^(\d{4}-\d{1,2}-\d{1,2})-/.exec(file.relPath);
  if (loose) diagnostics.push({ severity: 'warning', code: 'blog', file: file.file, line: 1, message: `the file name starts with ${loose[1]}, which is not a date written YYYY-MM-DD, so it is not the post's date${fm.date ? ` (date: ${date} is)` : ''}`, hint: 'write the month and day with two digits each, such as 2026-01-05-title.md' });
  // Published at once, whatever its date (as Docusaurus does; Hugo leaves such posts out): said, since a post
  // meant for later would otherwise go out now, at the top of the blog and the feeds. A day still to come
  // everywhere: a post dated today in Beijing at 7 in the morning is dated tomorrow in UTC, where CI builds.
  if (date > earliestToday()) {
    diagnostics.push({ severity: 'warning', code: 'blog', file: file.file, line: fm.date ? file.keyLines.date : 1, message: `the post is dated ${date}, a day still to come, and is published now`, hint: 'set draft: true until that day, or correct the date' });
  }
  const slug = (fm.slug ?? m?.[4] ?? stem.split('/').pop()!).replace(/^\/+|\/+$/g, '');
  const id = `${date.replace(/-/g, '/')}/${slug}`;
  // The time of day, when date: gives one: the feeds and the order of a day's posts keep it; the address has the day.
  const dateTime = fm.date === undefined ? undefined : dateTimeOf(fm.date);
  return { id, permalink: `/blog/${id}`, date, ...(dateTime ? { dateTime } : {}) };
}

/**
 * Why the date a post's file name starts with is not read, when it starts with one: no slug after it
 * (`2024-05-01.md`), or a file in a folder of blog/ (`2024/05/2024-05-04-x.md`, read by Docusaurus).
 */
function unreadNameDate(relPath: string): { why: string; hint: string } | null {
  const stem = relPath.replace(/(?:\/index)?\.mdx?$/, '');
  const parts = stem.split('/');
  const after = 'or set date: in the front matter';
  // 2026-11-5-x.md: a date with a one-digit month or day, which is not read as one.
  const loose = /^(\d{4})-(\d{1,2})-(\d{1,2})(?=-|$)/.exec(parts.at(-1)!);
  if (loose && (loose[2]!.length === 1 || loose[3]!.length === 1)) {
    const at = stem.length - parts.at(-1)!.length;
    const named = `${relPath.slice(0, at)}${loose[1]}-${loose[2]!.padStart(2, '0')}-${loose[3]!.padStart(2, '0')}${relPath.slice(at + loose[0].length)}`;
    return { why: `the file name starts with ${loose[0]}, which is not a date written YYYY-MM-DD`, hint: `write the month and day with two digits each, blog/${named}, ${after}` };
  }
  const dated = /^(\d{4}-\d{2}-\d{2})(-.+)?$/.exec(parts.at(-1)!);
  if (!dated) return null;
  const folder = parts.slice(0, -1).join('/');
  if (folder) return { why: `the file is in a folder of blog/ (${folder}/), where the date its name starts with is not read`, hint: `move it to blog/${relPath.slice(folder.length + 1)}, ${after}` };
  return dated[2] ? null : { why: `the file name has no slug after its date, ${dated[1]}, so it is not read as one`, hint: `name the file ${dated[1]}-<slug>.md, ${after}` };
}

/** The address a file of a section gets from its name alone (`docs/a/b.md` → `/docs/a/b`), or null (a post's file name without a date). */
export function defaultPermalink(section: Section, relPath: string): string | null {
  return placeByName({ relPath, section, frontMatter: {}, keyLines: {}, file: '' } as unknown as ContentFile, [])?.permalink ?? null;
}

/** The address a post gets from its file name and its front matter's `date:` and `slug:` (`/blog/2026/11/20/x`), or null (no usable date). */
export function postPermalink(relPath: string, frontMatter: ContentFile['frontMatter']): string | null {
  return placeByName({ relPath, section: 'blog', frontMatter, keyLines: {}, file: '' } as unknown as ContentFile, [])?.permalink ?? null;
}

function slugPath(base: string, stem: string, slug: string): string {
  if (slug.startsWith('/')) return `${base}${slug}`;
  const dir = stem.includes('/') ? stem.slice(0, stem.lastIndexOf('/')) : '';
  return `${base}/${dir ? `${dir}/` : ''}${slug}`;
}

/** The URL path a content file gets in `locale` from its name alone (`docs/a/b.md` → `/en/docs/a/b`), or null (see `defaultPermalink`). */
export function urlPathByName(config: SiteConfig, locale: LocaleConfig, contentPath: string): string | null {
  const [section, ...rest] = contentPath.split('/');
  const permalink = defaultPermalink(section as Section, rest.join('/'));
  return permalink ? urlPathOf(config, locale, permalink) : null;
}

/** The address of the page at `permalink` in `locale`: `/docs/x` in `en` → `/en/docs/x` (`/en/docs/x/` with `trailingSlash`; see `pageHref`). */
export function urlPathOf(config: SiteConfig, locale: LocaleConfig, permalink: string): string {
  return pageHref(config, localeUrlPath(config, locale, permalink));
}

/** A path in a locale's part of the site as given, a folder's or a file's: `/blog` in `en` → `/en/blog` (under baseUrl). */
export function localeUrlPath(config: Pick<SiteConfig, 'baseUrl'>, locale: LocaleConfig, path: string): string {
  const prefix = config.baseUrl + (locale.path ? `${locale.path}/` : '');
  return prefix + path.replace(/^\//, '');
}

/** The output file of a URL path: `/en/docs/x` → `en/docs/x/index.html`. */
export function outputFileOf(config: SiteConfig, urlPath: string): string {
  const local = urlPath.slice(config.baseUrl.length);
  if (local.endsWith('.html')) return local;
  return local === '' ? 'index.html' : `${local.replace(/\/$/, '')}/index.html`;
}

/** Today's date where it comes first (UTC+14, Kiribati's Line Islands): no author anywhere has a later one. */
function earliestToday(): string {
  return new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** Collisions of addresses, and of doc ids; `originals` are the default locale's files by content path (`docs/02-guides/01-setup.md`), which translations pair with. */
function findCollisions(plans: EntryPlan[], originals: ReadonlyMap<string, ContentFile>): Diagnostic[] {
  const originalOf = (plan: EntryPlan) => (plan.section === 'docs' ? originals.get(plan.contentPath) : undefined);
  // The file whose `id:` gives a doc its id: its original's (a translation has its original's id), else its own.
  const idGiver = (plan: EntryPlan) => {
    const giver = plan.section === 'docs' ? (originalOf(plan) ?? plan.source) : undefined;
    return giver?.frontMatter.id !== undefined ? giver : undefined;
  };
  const seen = new Map<string, EntryPlan>();
  const ids = new Map<string, EntryPlan>();
  const out: Diagnostic[] = [];
  const collided = new Set<ContentFile>();
  for (const plan of plans) {
    const key = caseFolded(plan.urlPath.replace(/\/$/, ''));
    const other = seen.get(key);
    // Two docs of one locale with one id (`1-a.md` and `2-a.md`, their prefixes left out) at two addresses (a slug).
    const idKey = plan.section === 'docs' ? `${plan.locale}\0${plan.id}` : null;
    const sameId = idKey === null ? undefined : ids.get(idKey);
    if (idKey !== null && !sameId) ids.set(idKey, plan);
    if (!other) {
      seen.set(key, plan);
      if (sameId && !(sameId.untranslated && plan.untranslated)) {
        out.push(strayTranslation(plan, sameId, originals) ?? idCollision(plan, sameId, idGiver, originalOf));
      }
      continue;
    }
    if (other.untranslated && plan.untranslated) continue; // reported for the default locale already
    const stray = strayTranslation(plan, other, originals);
    if (stray) {
      out.push(stray);
      continue;
    }
    // One id at one address, an `id:` the cause: told as the id's collision, at the id.
    if (other === sameId && (idGiver(plan) || idGiver(other))) {
      out.push(idCollision(plan, other, idGiver, originalOf));
      continue;
    }
    // An untranslated copy of a page whose slug collided in the default locale: that one error says it.
    if ((plan.untranslated && collided.has(plan.source)) || (other.untranslated && collided.has(other.source))) continue;
    collided.add(plan.source).add(other.source);
    // A page placed by its slug: at the slug, which is what to change, whichever of the two comes first.
    const [told, first] = plan.source.keyLines.slug === undefined && other.source.keyLines.slug !== undefined ? [other, plan] : [plan, other];
    const sameCase = first.urlPath.replace(/\/$/, '') === told.urlPath.replace(/\/$/, '');
    out.push({
      severity: 'error',
      code: 'duplicate-route',
      file: told.source.file,
      line: told.source.keyLines.slug ?? 1,
      message: `${sameCase ? '' : 'case-only '}permalink collision: ${told.urlPath} is also produced by ${first.source.file}${sameCase ? '' : ` (${first.urlPath})`}${prefixNote(told, first)}`,
      hint: 'rename one of the files or set a different slug',
    });
  }
  return out;
}

/**
 * A translation whose file has other number prefixes than its original's (`01-setup.md` beside the default
 * locale's `05-setup.md`, renamed in one folder only): it has no original, so it is paired with nothing, and has
 * the id and address of the original's copy shown in its place. Told at the translation, with the name to give it.
 */
function strayTranslation(plan: EntryPlan, other: EntryPlan, originals: ReadonlyMap<string, ContentFile>): Diagnostic | null {
  const [own, copy] = plan.untranslated ? [other, plan] : [plan, other];
  if (own.untranslated || !copy.untranslated || own.section !== 'docs' || own.id !== copy.id || originals.has(own.contentPath)) return null;
  // One id by an `id:`, not by names alike: no renamed translation, but two docs.
  if (stripNumberPrefixes(own.contentPath) !== stripNumberPrefixes(copy.contentPath)) return null;
  // Named as on disk: `relPath` says `.md` for an `.mdx` file, and the rename keeps the translation's own extension.
  const { folder, name } = sectionPath(own.source);
  const renamed = name.endsWith('.mdx') ? `${copy.source.relPath}x` : copy.source.relPath;
  return {
    severity: 'error',
    code: 'duplicate-route',
    file: own.source.file,
    line: 1,
    message: `translation of no file: the default locale has no docs/${name}; the doc "${own.id}" is ${copy.source.file}, whose name has other number prefixes, so the two are not paired`,
    hint: `rename this file ${folder}${renamed}: a translation is paired with its original by its file name, number prefixes and all`,
  };
}

/** A content file's section folder (`content/en/docs/`) and its path in it as named on disk (`guides/a.mdx`). */
function sectionPath(source: ContentFile): { folder: string; name: string } {
  const parts = source.file.split('/');
  const cut = parts.length - source.relPath.split('/').length;
  return { folder: `${parts.slice(0, cut).join('/')}/`, name: parts.slice(cut).join('/') };
}

/**
 * Two docs of one locale with one id: told at the `id:` that gives it (the later doc's when both have one, or
 * neither; a translation's is its original's, where the default locale tells it too, once), naming the other file.
 */
function idCollision(plan: EntryPlan, other: EntryPlan, idGiver: (plan: EntryPlan) => ContentFile | undefined, originalOf: (plan: EntryPlan) => ContentFile | undefined): Diagnostic {
  const [at, them] = idGiver(other) && !idGiver(plan) ? [other, plan] : [plan, other];
  const giver = idGiver(at);
  return {
    severity: 'error',
    code: 'duplicate-route',
    file: giver?.file ?? at.source.file,
    line: giver?.keyLines.id ?? 1,
    message: `doc id collision: "${at.id}" is also the id of ${giver ? (originalOf(them) ?? them.source).file : them.source.file}${prefixNote(at, them)}`,
    hint: `${giver ? 'change the id: here, or rename the other file' : 'rename one of the files'}: sidebars.yaml and pagination_prev / pagination_next name a doc by its id`,
  };
}

/** Why two docs whose paths differ only by number prefixes (`1-a.md`, `2-a.md`) meet: said, as it is not seen in the names. */
function prefixNote(plan: EntryPlan, other: EntryPlan): string {
  const differ = plan.section === 'docs' && other.section === 'docs' && plan.contentPath !== other.contentPath;
  return differ && stripNumberPrefixes(plan.contentPath) === stripNumberPrefixes(other.contentPath) ? ' (a number prefix is left out of a doc\'s id and address)' : '';
}
