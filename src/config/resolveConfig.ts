import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { cacheDirOf } from '../cache/cacheDir.js';
import { closestMatch, SitegenError } from '../diagnostics.js';
import { sitegenPackageDir } from '../packageDir.js';
import type { Diagnostic, LocaleConfig, Localized, SearchConfig, SiteConfig } from '../types.js';
import type { Text, UserConfig } from './userConfig.js';
import { socialUrl } from '../content/blogMetaSocials.js';
import { DEFAULT_SEARCH_LANGUAGES, splitRuns, synonymTerm, textOptionsFor, wordSpans, type TextOptions } from '../search/text.js';
import { isolated } from '../bidi.js';

/**
 * Search defaults: the constants of SPEC section 9, but for the pages it leaves out, which are the bundled
 * site's (its site.config.ts names them): another site's `docs/faq` is searched.
 */
export const DEFAULT_SEARCH: SearchConfig = {
  language: [...DEFAULT_SEARCH_LANGUAGES],
  ignoreFiles: [],
  searchResultLimits: 8,
  searchResultContextMaxLength: 50,
  hideSearchBarOnSearchPage: false,
  highlightSearchTermsOnTargetPage: true,
  closeOnNavigate: true,
  searchBarShortcut: true,
  searchBarShortcutHint: true,
  searchBarPosition: 'right',
  searchContextByPaths: [],
  removeDefaultStopWordFilter: false,
  synonyms: [],
  b: 0.75,
  k1: 1.2,
  baseUrl: '/',
};

const DEFAULT_LOCALES: UserConfig['i18n'] = {
  defaultLocale: 'en',
  locales: { en: { label: 'English', htmlLang: 'en' } },
};

interface ResolveOptions {
  configFile: string;
  shownFile: string;
  /** The `--out` folder, resolved; `shownOutDir` is the flag's value as given. */
  outDir?: string;
  shownOutDir?: string;
}

/** Fills defaults and turns every `Text` into a per-locale map. */
export function resolveConfig(user: UserConfig, options: ResolveOptions): SiteConfig {
  const root = dirname(options.configFile);
  const i18n = user.i18n ?? DEFAULT_LOCALES!;
  const locales = resolveLocales(i18n, options.shownFile);
  const codes = locales.map((l) => l.code);
  const problems: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  const directions = new Map(locales.map((l) => [l.code, l.direction]));
  /**
   * The default locale's text shown on a page of `code` written the other way: in an isolate of its own direction, as
   * the theme sets its English texts on a right-to-left page, so that a Chinese title on an Arabic page keeps its
   * punctuation at its own end (its language is not marked: the warning below asks for the locale's own text). Not a
   * variable's: it goes into the markdown, code blocks too, where a reader would copy the invisible characters.
   */
  const inDirectionOf = (text: string | undefined, code: string): string | undefined => {
    const from = directions.get(i18n.defaultLocale)!;
    return text && from !== directions.get(code) ? isolated(text, from) : text;
  };
  const localize = (value: Text | undefined, key: string, fallback = '', isolate = true): Localized => {
    const out: Localized = {};
    if (value === undefined || typeof value === 'string') {
      for (const code of codes) out[code] = value ?? fallback;
      return out;
    }
    for (const key2 of Object.keys(value)) {
      if (!codes.includes(key2)) problems.push(configProblem(options.shownFile, `${key}.${key2}: unknown locale "${key2}"`, `locales: ${codes.join(', ')}`));
    }
    for (const code of codes) {
      out[code] = value[code] ?? (isolate ? inDirectionOf(value[i18n.defaultLocale], code) : value[i18n.defaultLocale]) ?? fallback;
      // A text given per locale that misses one: that locale's pages show another's words, or none.
      if (value[code] === undefined) {
        const shown = value[i18n.defaultLocale] !== undefined ? `its pages show the ${i18n.defaultLocale} one` : fallback ? `its pages show "${fallback}"` : 'its pages show none';
        warnings.push({ severity: 'warning', code: 'config', file: options.shownFile, message: `${key}: no "${code}" text, so ${shown}`, hint: `add ${code}: '…' (or give one string for every locale)` });
      }
    }
    return out;
  };
  const link = (l: { label: Text; to: string; hash?: string }, key: string) => ({ label: localize(l.label, `${key}.label`), to: l.to, hash: l.hash });
  const config: SiteConfig = {
    title: localize(user.title, 'title'),
    tagline: localize(user.tagline, 'tagline'),
    url: user.url,
    baseUrl: user.baseUrl ?? '/',
    favicon: user.favicon ?? '',
    image: user.image ?? '',
    trailingSlash: user.trailingSlash ?? false,
    defaultLocale: i18n.defaultLocale,
    locales,
    variables: Object.fromEntries(Object.entries(user.variables ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : localize(v, `variables.${k}`, '', false)])),
    navbar: (user.navbar ?? []).map((l, i) => link(l, `navbar[${i}]`)),
    footer: {
      columns: (user.footer?.columns ?? []).map((c, i) => ({
        title: localize(c.title, `footer.columns[${i}].title`),
        items: c.items.map((l, j) => link(l, `footer.columns[${i}].items[${j}]`)),
      })),
      copyright: localize(user.footer?.copyright, 'footer.copyright'),
    },
    product: { latestVersion: '', firstRelease: 0, years: 0, github: '', ...defined(user.product) },
    announcement: user.announcement
      ? { id: user.announcement.id, content: localize(user.announcement.content, 'announcement.content'), dismissible: user.announcement.dismissible ?? true }
      : null,
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true, ...defined(user.colorMode) },
    docs: { tocMinLevel: 2, tocMaxLevel: 3, editUrl: '', showLastUpdateTime: true, versionName: 'current', versionLabel: 'Next', ...defined(user.docs), tags: Object.fromEntries(Object.entries(user.docs?.tags ?? {}).map(([k, v]) => [k, localize(v, `docs.tags.${k}`, k)])) },
    blog: {
      ...(user.blog?.title === undefined ? {} : { title: localize(user.blog.title, 'blog.title') }),
      ...(user.blog?.description === undefined ? {} : { description: localize(user.blog.description, 'blog.description') }),
      postsPerPage: user.blog?.postsPerPage ?? 10,
      sidebarCount: user.blog?.sidebarCount ?? 'ALL',
      feedCount: user.blog?.feedCount ?? 20,
      tags: Object.fromEntries(Object.entries(user.blog?.tags ?? {}).map(([k, v]) => [k, localize(v, `blog.tags.${k}`, k)])),
      authors: Object.fromEntries(
        Object.entries(user.blog?.authors ?? {}).map(([k, a]) => [
          k,
          {
            name: localize(a.name, `blog.authors.${k}.name`),
            title: a.title ? localize(a.title, `blog.authors.${k}.title`) : undefined,
            url: a.url,
            ...(a.image_url !== undefined ? { imageUrl: a.image_url } : {}),
            ...(a.email !== undefined ? { email: a.email } : {}),
            ...(a.socials !== undefined ? { socials: a.socials } : {}),
            ...(a.page !== undefined ? { page: a.page } : {}),
          },
        ]),
      ),
      ...(user.blog?.onInlineTags !== undefined ? { onInlineTags: user.blog.onInlineTags } : {}),
      ...(user.blog?.authorPages !== undefined ? { authorPages: user.blog.authorPages } : {}),
    },
    search: { ...DEFAULT_SEARCH, ...defined(user.search), baseUrl: user.baseUrl ?? '/' },
    markdown: { math: false, ...defined(user.markdown) },
    llms: { enabled: false, fullText: true, ignoreFiles: [], ...defined(user.llms) },
    analytics: { trackingId: '', adClientId: '', ...defined(user.analytics) },
    scripts: user.scripts ?? [],
    links: { onBrokenLinks: 'error', onBrokenImages: 'error', onBrokenAnchors: 'warn', ...user.links },
    root,
    contentDir: resolve(root, user.contentDir ?? 'content'),
    ...(user.themeDir === undefined ? defaultTheme(root) : { themeDir: resolve(root, user.themeDir) }),
    outDir: options.outDir ?? resolve(root, user.outDir ?? 'dist'),
    configFile: options.configFile,
  };
  problems.push(...synonymProblems(config.search, options.shownFile), ...socialProblems(config.blog.authors, options.shownFile));
  if (config.docs.tocMinLevel > config.docs.tocMaxLevel) problems.push(configProblem(options.shownFile, `docs.tocMinLevel: ${config.docs.tocMinLevel} is greater than docs.tocMaxLevel (${config.docs.tocMaxLevel})`, 'the table of contents shows heading levels from tocMinLevel to tocMaxLevel'));
  const outDirProblem = outDirConflict(config);
  if (outDirProblem) {
    const hint = 'give the site a folder of its own, such as dist';
    problems.push(options.outDir ? { ...configProblem(`--out ${options.shownOutDir ?? options.outDir}`, outDirProblem, hint), code: 'usage' } : configProblem(options.shownFile, `outDir: ${outDirProblem}`, hint));
  }
  if (problems.length > 0) throw new SitegenError(problems, 2);
  if (warnings.length > 0) config.warnings = warnings;
  return config;
}

function resolveLocales(i18n: NonNullable<UserConfig['i18n']>, file: string): LocaleConfig[] {
  const entries = Object.entries(i18n.locales);
  if (entries.length === 0) {
    const code = i18n.defaultLocale;
    throw new SitegenError([configProblem(file, 'i18n.locales: no locale is configured', `add the default locale: { ${/^\w+$/.test(code) ? code : `'${code}'`}: { label: '…', htmlLang: '${code}' } }`)], 2);
  }
  // A locale's code names its content folder and its scripts' files, and is the language a page declares; its
  // htmlLang is each page's <html lang> (and its og:locale, unless given): `zh_CN` or `English` there is no language
  // to a browser, a screen reader or a search engine. Every bad one is told, each at its key.
  const key = (code: string) => `i18n.locales.${LOCALE_CODE_RE.test(code) ? code : JSON.stringify(code)}`;
  const badTags = [
    ...entries.filter(([code]) => !LOCALE_CODE_RE.test(code)).map(([code]) => configProblem(file, `${key(code)}: not a language tag (such as en, zh-Hans, pt-BR)`, languageTagHint(code))),
    ...entries.filter(([, l]) => !LOCALE_CODE_RE.test(l.htmlLang)).map(([code, l]) => configProblem(file, `${key(code)}.htmlLang: ${JSON.stringify(l.htmlLang)} is not a language tag (such as en, zh-CN, pt-BR)`, languageTagHint(l.htmlLang))),
  ];
  if (badTags.length > 0) throw new SitegenError(badTags, 2);
  if (!i18n.locales[i18n.defaultLocale]) {
    const near = closestMatch(i18n.defaultLocale, entries.map(([code]) => code));
    throw new SitegenError([configProblem(file, `i18n.defaultLocale: "${i18n.defaultLocale}" is not in i18n.locales`, near ? `did you mean ${near}?` : `one of ${entries.map(([code]) => code).join(', ')}`)], 2);
  }
  const locales = entries.map(([code, l]): LocaleConfig => ({
    code,
    label: l.label,
    direction: l.direction ?? 'ltr',
    htmlLang: l.htmlLang,
    path: l.path ?? (code === i18n.defaultLocale ? '' : code),
    ogLocale: l.ogLocale ?? ogLocaleOf(l.htmlLang),
  }));
  // By case-folded path and code: "en" and "EN" are one folder of the output, and of content/, on a disk that ignores case.
  const paths = new Map<string, LocaleConfig>();
  const codes = new Map<string, string>();
  for (const locale of locales) {
    const sameCode = codes.get(locale.code.toLowerCase());
    if (sameCode) throw new SitegenError([configProblem(file, `${key(locale.code)}: "${locale.code}" and "${sameCode}" differ only in case, and a disk that ignores case makes their folders of content/ one`, 'keep one of the two locales')], 2);
    const other = paths.get(locale.path.toLowerCase());
    if (other?.path === locale.path) {
      // Told at the locale that writes the path (`ja: { path: 'ar' }`), not at the one that has it by its code (ar).
      const [at, owner] = i18n.locales[locale.code].path === undefined && i18n.locales[other.code].path !== undefined ? [other, locale] : [locale, other];
      throw new SitegenError([configProblem(file, `i18n.locales.${at.code}.path: "${at.path}" is the path of ${owner.code} too, and two locales cannot share one`, 'give each locale its own path; the locale\'s code is the usual choice')], 2);
    }
    if (other) throw new SitegenError([configProblem(file, `i18n.locales.${locale.code}.path: "${locale.path}" and the path "${other.path}" of ${other.code} differ only in case, and a disk that ignores case makes their folders one`, 'give each locale its own path; the locale\'s code is the usual choice')], 2);
    // The root holds the default locale's sections and the build's own folders: a locale there would mix with them.
    if (RESERVED_PATHS.has(locale.path.toLowerCase())) throw new SitegenError([configProblem(file, `i18n.locales.${locale.code}.path: "${locale.path}" is a folder of the site's root already`, `not one of ${[...RESERVED_PATHS].join(', ')}; the locale's code is the usual choice`)], 2);
    paths.set(locale.path.toLowerCase(), locale);
    codes.set(locale.code.toLowerCase(), locale.code);
  }
  // The default locale first: it owns the root and is the fallback for untranslated pages.
  return [...locales.filter((l) => l.code === i18n.defaultLocale), ...locales.filter((l) => l.code !== i18n.defaultLocale)];
}

/**
 * The project's own `theme/` when it is a whole theme (it holds server.tsx; a file of that name too: the
 * build says it holds no theme), else the theme that comes with sitegen, with the project's `theme/`
 * folder (there or not) as the files that replace some of its own.
 */
function defaultTheme(root: string): Pick<SiteConfig, 'themeDir' | 'themeOverrides'> {
  const own = join(root, 'theme');
  if (existsSync(own) && (!statSync(own).isDirectory() || existsSync(join(own, 'server.tsx')))) return { themeDir: own };
  return { themeDir: join(sitegenPackageDir(), 'theme'), themeOverrides: own };
}

/** The tag meant (`pt_BR` or `en us` written with hyphens, a region, two letters after the language, in capitals), or what a tag is. */
function languageTagHint(text: string): string {
  const tag = text.trim().split(/[_\s]+/).map((part, i) => (i > 0 && /^[a-z]{2}$/i.test(part) ? part.toUpperCase() : part)).join('-');
  return LOCALE_CODE_RE.test(tag) ? `did you mean ${tag}?` : 'a language tag is letters, with a hyphen before each subtag';
}

/**
 * Open Graph's locale, language_TERRITORY (`zh_CN`, `en_US`), of an htmlLang: its likeliest region (`zh-Hans` is
 * written in China, `en` in the United States), or the tag with underscores where no country is likely (`eo`).
 */
export function ogLocaleOf(htmlLang: string): string {
  // A region written in the tag is the one (`pt-BR`, `zh-Hans-CN`); a common language's likeliest one is known here
  // (asking Intl first loads ICU's data: 3-5 ms of every command's start, nothing else in a build needing it).
  const subtags = htmlLang.split('-');
  // Before any extension or private-use part (`-u-…`, `-x-…`), whose subtags are not regions.
  const singleton = subtags.findIndex((subtag, i) => i > 0 && subtag.length === 1);
  const region = subtags.slice(1, singleton === -1 ? undefined : singleton).find((subtag) => /^[A-Za-z]{2}$/.test(subtag));
  if (region && /^[A-Za-z]{2,3}$/.test(subtags[0]!)) return `${subtags[0]!.toLowerCase()}_${region.toUpperCase()}`;
  const known = LIKELY_REGIONS[htmlLang.toLowerCase()];
  if (known) return known;
  try {
    const likely = new Intl.Locale(htmlLang).maximize();
    if (likely.region && /^[A-Z]{2}$/.test(likely.region)) return `${likely.language}_${likely.region}`;
  } catch {
    // A tag of the right shape that Intl does not know (a private-use subtag): written as it is.
  }
  return htmlLang.replaceAll('-', '_');
}

/**
 * `ogLocaleOf` of common tags without a region, as Intl's likely subtags give them (a unit test holds them to Intl).
 * Keyed in lower case, as tags are compared.
 */
const LIKELY_REGIONS: Record<string, string> = {
  en: 'en_US', zh: 'zh_CN', 'zh-hans': 'zh_CN', 'zh-hant': 'zh_TW', ja: 'ja_JP', ko: 'ko_KR', fr: 'fr_FR', de: 'de_DE',
  es: 'es_ES', pt: 'pt_BR', ru: 'ru_RU', it: 'it_IT', ar: 'ar_EG', tr: 'tr_TR', vi: 'vi_VN', th: 'th_TH', id: 'id_ID',
  pl: 'pl_PL', nl: 'nl_NL', uk: 'uk_UA', he: 'he_IL', fa: 'fa_IR', hi: 'hi_IN', sv: 'sv_SE', cs: 'cs_CZ', el: 'el_GR',
};

/** A language tag as BCP 47 writes one (en, zh-Hans, pt-BR, sr-Latn-RS): letters, then subtags of letters and digits. */
const LOCALE_CODE_RE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;

/** Folders at the root of a build: the default locale's sections, the assets and search files, the usual static img/, the dev server's channel. */
const RESERVED_PATHS = new Set(['docs', 'blog', 'search', 'home', 'assets', 'search-text', 'img', '__sitegen']);

/** The keys of a partial options object that are set: `{ tocMaxLevel: undefined }` keeps the default. */
function defined<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * What is wrong with the output folder's place, if anything. A build replaces its whole output folder
 * (and deletes the one it replaced), so that folder must not be, or hold, the project, its content, its
 * theme or its build cache; nor sit inside the content, the theme or the cache, where it would be read
 * back or swept away.
 */
export function outDirConflict(config: SiteConfig): string | undefined {
  const within = (outer: string, inner: string) => {
    const path = relative(outer, inner);
    return path === '' || (!path.startsWith('..') && !isAbsolute(path));
  };
  const guarded: [string, string][] = [
    [config.contentDir, 'the content folder'],
    [config.themeDir, 'the theme folder'],
    ...(config.themeOverrides ? [[config.themeOverrides, 'the theme folder'] as [string, string]] : []),
    [cacheDirOf(config.root), 'the build cache'],
  ];
  for (const [dir, what] of [[config.root, 'the project folder (where the config file is)'], ...guarded] as [string, string][]) {
    if (within(config.outDir, dir)) return `the output folder ${config.outDir === dir ? 'is' : 'holds'} ${what}, which a build would replace`;
  }
  // A content folder that is the project folder itself (`contentDir: '.'`) holds the output folder as any project does.
  const inside: [string, string][] = within(config.contentDir, config.root) ? [[join(config.contentDir, 'static'), 'the static files folder'], ...guarded.slice(1)] : guarded;
  for (const [dir, what] of inside) {
    if (within(dir, config.outDir)) return `the output folder is inside ${what}`;
  }
  return undefined;
}

/** A synonym group needs two words or more, each one index term (synonymTerm). */
function synonymProblems(search: SearchConfig, file: string): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const options = textOptionsFor(search.language, search.removeDefaultStopWordFilter);
  search.synonyms.forEach((group, g) => {
    if (group.length < 2) problems.push(configProblem(file, `search.synonyms[${g}]: a group needs two words or more, it has ${group.length}`, "for example ['插件', '扩展']"));
    group.forEach((word, w) => {
      if (synonymTerm(word, options) !== null) return;
      const stop = word.trim() !== '' && synonymTerm(word, { ...options, stopWords: false }) !== null;
      const what = stop ? 'a stop word, which the index leaves out' : word.trim() === '' ? 'empty' : `not one word to the search index (${searchTerms(word, options).join(', ')})`;
      problems.push(configProblem(file, `search.synonyms[${g}][${w}]: ${JSON.stringify(word)} is ${what}`, stop ? undefined : 'list single words: a Chinese word, or a word without spaces or hyphens'));
    });
  });
  return problems;
}

/** An author's socials as Docusaurus takes them: a handle of a platform it knows, or an address. */
function socialProblems(authors: SiteConfig['blog']['authors'], file: string): Diagnostic[] {
  return Object.entries(authors).flatMap(([key, author]) =>
    Object.entries(author.socials ?? {}).flatMap(([platform, handle]) => {
      const social = socialUrl(platform, handle);
      return 'problem' in social ? [configProblem(file, `blog.authors.${key}.socials.${platform}: ${social.problem}`, social.hint)] : [];
    }),
  );
}

/** The pieces the search index makes of a text, as written: Chinese runs whole, and each other word. */
function searchTerms(text: string, options: TextOptions): string[] {
  return splitRuns(text.trim()).flatMap((run) => (run.kind === 'other' ? wordSpans(run.text, options).map((span) => run.text.slice(span.start, span.end)) : run.kind === 'han' && options.words?.zh === false ? Array.from(run.text) : [run.text]));
}

function configProblem(file: string, message: string, hint?: string): Diagnostic {
  return { severity: 'error', code: 'config', file, message, hint };
}
