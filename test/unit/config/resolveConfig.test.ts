import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH, ogLocaleOf, resolveConfig } from '../../../src/config/resolveConfig.js';
import type { UserConfig } from '../../../src/config/userConfig.js';
import { SitegenError } from '../../../src/diagnostics.js';
import { REPO } from '../../helpers/site.js';

const options = { configFile: '/srv/glint/site.config.ts', shownFile: 'site.config.ts' };
const i18n: UserConfig['i18n'] = {
  defaultLocale: 'zh-Hans',
  locales: { 'zh-Hans': { label: '简体中文', htmlLang: 'zh-CN' }, en: { label: 'English', htmlLang: 'en' } },
};
const base: UserConfig = { title: { 'zh-Hans': '灵译划词翻译', en: 'Glint Translate' }, url: 'https://glint.example', i18n };

/** The diagnostics a config fails with (exit 2), as `message (hint)` lines. */
function failure(user: UserConfig): string[] {
  try {
    resolveConfig(user, options);
  } catch (error) {
    expect(error).toBeInstanceOf(SitegenError);
    expect((error as SitegenError).exitCode).toBe(2);
    return (error as SitegenError).diagnostics.map((d) => `${d.file}: ${d.message}${d.hint ? ` (${d.hint})` : ''}`);
  }
  throw new Error('expected resolveConfig to fail');
}

describe('resolveConfig defaults', () => {
  const config = resolveConfig({ title: 'Glint Translate', url: 'https://glint.example' }, options);

  it('has one English locale served at the root when i18n is not set', () => {
    expect(config.defaultLocale).toBe('en');
    expect(config.locales).toEqual([{ code: 'en', label: 'English', direction: 'ltr', htmlLang: 'en', path: '', ogLocale: 'en_US' }]);
  });

  it('fills the documented defaults', () => {
    expect(config.baseUrl).toBe('/');
    expect(config.favicon).toBe('');
    expect(config.image).toBe('');
    expect(config.trailingSlash).toBe(false);
    expect(config.tagline).toEqual({ en: '' });
    expect(config.navbar).toEqual([]);
    expect(config.footer).toEqual({ columns: [], copyright: { en: '' } });
    expect(config.announcement).toBeNull();
    expect(config.colorMode).toEqual({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true });
    expect(config.docs).toEqual({ tocMinLevel: 2, tocMaxLevel: 3, tags: {}, editUrl: '', showLastUpdateTime: true, versionName: 'current', versionLabel: 'Next' });
    expect(config.blog).toEqual({ postsPerPage: 10, sidebarCount: 'ALL', feedCount: 20, tags: {}, authors: {} });
    expect(config.search).toEqual(DEFAULT_SEARCH);
    expect(config.analytics).toEqual({ trackingId: '', adClientId: '' });
    expect(config.scripts).toEqual([]);
  });

  it('resolves the folders against the config file, and --out overrides outDir', () => {
    expect(config.root).toBe('/srv/glint');
    expect(config.contentDir).toBe('/srv/glint/content');
    // /srv/glint has no theme/ folder: the theme that comes with sitegen (below).
    expect(config.themeDir).toBe(join(REPO, 'theme'));
    expect(config.outDir).toBe('/srv/glint/dist');
    const custom = resolveConfig({ ...base, contentDir: 'site/content', outDir: '../public' }, { ...options, outDir: '/tmp/out' });
    expect(custom.contentDir).toBe('/srv/glint/site/content');
    expect(custom.outDir).toBe('/tmp/out');
    expect(resolveConfig({ ...base, outDir: '../public' }, options).outDir).toBe('/srv/public');
  });

  it("takes the project's theme/ folder when it is a whole theme, else sitegen's own with theme/ as its overrides, and an explicit themeDir as written", () => {
    const root = mkdtempSync(join(tmpdir(), 'sitegen-theme-'));
    const at = { configFile: join(root, 'site.config.ts'), shownFile: 'site.config.ts' };
    const themes = (user: typeof base) => {
      const { themeDir, themeOverrides } = resolveConfig(user, at);
      return { themeDir, themeOverrides };
    };
    // No theme/ folder yet: its overrides go there once it is made (sitegen serve watches for it).
    expect(themes(base)).toEqual({ themeDir: join(REPO, 'theme'), themeOverrides: join(root, 'theme') });
    mkdirSync(join(root, 'theme/components/Footer'), { recursive: true });
    writeFileSync(join(root, 'theme/components/Footer/index.tsx'), 'export function Footer() { return null; }\n');
    expect(themes(base)).toEqual({ themeDir: join(REPO, 'theme'), themeOverrides: join(root, 'theme') });
    writeFileSync(join(root, 'theme/server.tsx'), '');
    expect(themes(base)).toEqual({ themeDir: join(root, 'theme'), themeOverrides: undefined });
    // A themeDir the config names is never replaced, nor overlaid: the build tells that it holds no theme.
    expect(themes({ ...base, themeDir: 'missing' })).toEqual({ themeDir: join(root, 'missing'), themeOverrides: undefined });
    rmSync(root, { recursive: true });
  });

  it('keeps the other search defaults when some are set', () => {
    const custom = resolveConfig({ ...base, search: { searchResultLimits: 5, language: ['zh'] } }, options);
    expect(custom.search).toEqual({ ...DEFAULT_SEARCH, searchResultLimits: 5, language: ['zh'] });
  });

  it('treats an option set to undefined as not set', () => {
    const custom = resolveConfig(
      { ...base, docs: { tocMaxLevel: undefined, editUrl: 'https://github.com/glint/docs/edit/main' }, colorMode: { defaultMode: undefined }, search: { language: undefined } },
      options,
    );
    expect(custom.docs.tocMaxLevel).toBe(3);
    expect(custom.docs.editUrl).toBe('https://github.com/glint/docs/edit/main');
    expect(custom.colorMode.defaultMode).toBe('light');
    expect(custom.search.language).toEqual(['en', 'zh']);
  });

  it('makes announcements dismissible unless told otherwise', () => {
    const custom = resolveConfig({ ...base, announcement: { id: 'v11', content: '11.0 已发布' } }, options);
    expect(custom.announcement).toEqual({ id: 'v11', content: { 'zh-Hans': '11.0 已发布', en: '11.0 已发布' }, dismissible: true });
  });
});

describe('resolveConfig locales', () => {
  it('puts the default locale first whatever the declaration order', () => {
    const config = resolveConfig({ ...base, i18n: { defaultLocale: 'zh-Hans', locales: { en: { label: 'English', htmlLang: 'en' }, 'zh-Hans': { label: '简体中文', htmlLang: 'zh-CN' } } } }, options);
    expect(config.locales.map((l) => l.code)).toEqual(['zh-Hans', 'en']);
  });

  it('serves the default locale at the root and others under their code, with og locales from htmlLang', () => {
    const config = resolveConfig(base, options);
    expect(config.locales).toEqual([
      { code: 'zh-Hans', label: '简体中文', direction: 'ltr', htmlLang: 'zh-CN', path: '', ogLocale: 'zh_CN' },
      { code: 'en', label: 'English', direction: 'ltr', htmlLang: 'en', path: 'en', ogLocale: 'en_US' },
    ]);
  });

  it('gives og:locale as Open Graph writes it, language_TERRITORY, from the likeliest region of htmlLang; an ogLocale given is kept', () => {
    const ogLocales = (locales: Record<string, { label: string; htmlLang: string; ogLocale?: string }>) => resolveConfig({ ...base, title: 'Glint', i18n: { defaultLocale: 'zh-Hans', locales: { 'zh-Hans': { label: '简体中文', htmlLang: 'zh-Hans' }, ...locales } } }, options).locales.map((l) => l.ogLocale);
    expect(ogLocales({ en: { label: 'English', htmlLang: 'en' }, tw: { label: '繁體中文', htmlLang: 'zh-Hant' }, pt: { label: 'Português', htmlLang: 'pt-BR' }, sr: { label: 'Srpski', htmlLang: 'sr-Latn-RS' } })).toEqual(['zh_CN', 'en_US', 'zh_TW', 'pt_BR', 'sr_RS']);
    // No country is likeliest for Esperanto (its region is the world, 001): its tag, as before.
    expect(ogLocales({ eo: { label: 'Esperanto', htmlLang: 'eo' } })).toEqual(['zh_CN', 'eo']);
    expect(ogLocales({ en: { label: 'English', htmlLang: 'en', ogLocale: 'en_GB' } })).toEqual(['zh_CN', 'en_GB']);
  });

  it("gives the og:locale Intl's likely subtags give, for the languages it knows without asking Intl and for tags with a region", () => {
    const intl = (tag: string) => {
      const likely = new Intl.Locale(tag).maximize();
      return likely.region && /^[A-Z]{2}$/.test(likely.region) ? `${likely.language}_${likely.region}` : tag.replaceAll('-', '_');
    };
    const tags = ['en', 'zh', 'zh-Hans', 'zh-Hant', 'ZH-hans', 'ja', 'ko', 'fr', 'de', 'es', 'pt', 'ru', 'it', 'ar', 'tr', 'vi', 'th', 'id', 'pl', 'nl', 'uk', 'he', 'fa', 'hi', 'sv', 'cs', 'el'];
    const withRegions = ['pt-BR', 'en-GB', 'zh-Hans-CN', 'zh-Hant-HK', 'sr-Latn-RS', 'es-419', 'en-x-ab', 'de-CH-1996', 'en-US-u-ca-gregory', 'eo', 'yue', 'zh-TW'];
    for (const tag of [...tags, ...withRegions]) expect([tag, ogLocaleOf(tag)]).toEqual([tag, intl(tag)]);
  });

  it('rejects a default locale that is not declared, with the nearest declared one', () => {
    expect(failure({ ...base, i18n: { ...i18n, defaultLocale: 'zh' } })).toEqual(['site.config.ts: i18n.defaultLocale: "zh" is not in i18n.locales (one of zh-Hans, en)']);
    expect(failure({ ...base, i18n: { ...i18n, defaultLocale: 'zh-Hant' } })).toEqual(['site.config.ts: i18n.defaultLocale: "zh-Hant" is not in i18n.locales (did you mean zh-Hans?)']);
    // No locale at all: said so, not "is not in i18n.locales" with an empty list to choose from ("one of ").
    expect(failure({ ...base, title: 'Glint', i18n: { defaultLocale: 'en', locales: {} } })).toEqual(["site.config.ts: i18n.locales: no locale is configured (add the default locale: { en: { label: '…', htmlLang: 'en' } })"]);
  });

  it('rejects a locale whose code is not a language tag: it names a content folder, the scripts\' files and the pages\' language', () => {
    const locales = (code: string) => ({ ...base, i18n: { defaultLocale: 'zh-Hans', locales: { 'zh-Hans': { label: '简体中文', htmlLang: 'zh-CN' }, en: { label: 'English', htmlLang: 'en' }, [code]: { label: 'X', htmlLang: 'sr', path: 'x' } } } });
    // The tag meant, as for pt_BR (before: only the rule of what a tag is).
    expect(failure(locales('en us'))).toEqual(['site.config.ts: i18n.locales."en us": not a language tag (such as en, zh-Hans, pt-BR) (did you mean en-US?)']);
    expect(failure(locales('zh_hans_cn'))).toEqual(['site.config.ts: i18n.locales."zh_hans_cn": not a language tag (such as en, zh-Hans, pt-BR) (did you mean zh-hans-CN?)']);
    expect(failure(locales('pt_BR'))).toEqual(['site.config.ts: i18n.locales."pt_BR": not a language tag (such as en, zh-Hans, pt-BR) (did you mean pt-BR?)']);
    expect(failure(locales('x/../../en'))).toEqual(['site.config.ts: i18n.locales."x/../../en": not a language tag (such as en, zh-Hans, pt-BR) (a language tag is letters, with a hyphen before each subtag)']);
    expect(resolveConfig(locales('sr-Latn-RS'), options).locales.map((l) => l.code)).toEqual(['zh-Hans', 'en', 'sr-Latn-RS']);
  });

  it("rejects an htmlLang that is not a language tag: it is each page's <html lang> and, by default, its og:locale", () => {
    const htmlLang = (value: string) => ({ ...base, i18n: { ...i18n, locales: { ...i18n.locales, en: { label: 'English', htmlLang: value } } } });
    expect(failure(htmlLang('en_US'))).toEqual(['site.config.ts: i18n.locales.en.htmlLang: "en_US" is not a language tag (such as en, zh-CN, pt-BR) (did you mean en-US?)']);
    expect(failure(htmlLang('English'))).toEqual(['site.config.ts: i18n.locales.en.htmlLang: "English" is not a language tag (such as en, zh-CN, pt-BR) (a language tag is letters, with a hyphen before each subtag)']);
    expect(failure(htmlLang(''))).toEqual(['site.config.ts: i18n.locales.en.htmlLang: "" is not a language tag (such as en, zh-CN, pt-BR) (a language tag is letters, with a hyphen before each subtag)']);
    expect(resolveConfig(htmlLang('en-GB'), options).locales.find((l) => l.code === 'en')!.htmlLang).toBe('en-GB');
  });

  it('warns of a text given per locale that misses one, saying what its pages show instead', () => {
    const config = resolveConfig({ ...base, tagline: { en: 'Translate anything' }, blog: { tags: { events: { 'zh-Hans': '活动' } } } }, options);
    expect(config.warnings?.map((w) => `${w.severity} ${w.message}`)).toEqual([
      'warning tagline: no "zh-Hans" text, so its pages show none',
      'warning blog.tags.events: no "en" text, so its pages show the zh-Hans one',
    ]);
    expect(config.blog.tags.events).toEqual({ 'zh-Hans': '活动', en: '活动' });
    expect(resolveConfig(base, options).warnings).toBeUndefined();
  });

  it("sets a text shown in another locale's words, on a page written the other way, in an isolate of its own direction", () => {
    const withArabic: UserConfig['i18n'] = { ...i18n, locales: { ...i18n.locales, ar: { label: 'العربية', htmlLang: 'ar', direction: 'rtl' } } };
    const config = resolveConfig({ ...base, i18n: withArabic, tagline: { 'zh-Hans': '划词翻译。', ar: 'ترجمة' }, variables: { version: { 'zh-Hans': 'v11.6.1（正式版）' } } }, options);
    // The Arabic page shows the Chinese title left to right, its full stop at its own end: U+2066 … U+2069.
    expect(config.title).toEqual({ 'zh-Hans': '灵译划词翻译', en: 'Glint Translate', ar: '\u2066灵译划词翻译\u2069' });
    // The English page, written the same way as the Chinese, shows the Chinese text as it is.
    expect(config.tagline).toEqual({ 'zh-Hans': '划词翻译。', en: '划词翻译。', ar: 'ترجمة' });
    // A variable goes into the markdown (code blocks too, where a reader copies it): never with invisible characters.
    expect(config.variables.version).toEqual({ 'zh-Hans': 'v11.6.1（正式版）', en: 'v11.6.1（正式版）', ar: 'v11.6.1（正式版）' });
    // A site written right to left: its words on a page written left to right, in a right-to-left isolate (U+2067).
    const arabicFirst = resolveConfig({ title: { ar: 'غلينت', en: 'Glint' }, tagline: { ar: 'ترجمة فورية.' }, url: 'https://glint.example', i18n: { defaultLocale: 'ar', locales: { ar: { label: 'العربية', htmlLang: 'ar', direction: 'rtl' }, en: { label: 'English', htmlLang: 'en' } } } }, options);
    expect(arabicFirst.tagline).toEqual({ ar: 'ترجمة فورية.', en: '\u2067ترجمة فورية.\u2069' });
    expect(arabicFirst.warnings?.map((w) => w.message)).toEqual(['tagline: no "en" text, so its pages show the ar one']);
  });

  it('takes trailingSlash: true (every page address ends with /) without a warning; false is the default', () => {
    const config = resolveConfig({ ...base, trailingSlash: true }, options);
    expect(config.trailingSlash).toBe(true);
    expect(config.warnings).toBeUndefined();
    expect(resolveConfig({ ...base, trailingSlash: false }, options).trailingSlash).toBe(false);
    expect(resolveConfig({ ...base, trailingSlash: false }, options).warnings).toBeUndefined();
  });

  it('rejects two locales with the same path', () => {
    const locales = { ...i18n.locales, 'zh-Hant': { label: '繁體中文', htmlLang: 'zh-TW', path: 'en' } };
    expect(failure({ ...base, i18n: { ...i18n, locales } })).toEqual(['site.config.ts: i18n.locales.zh-Hant.path: "en" is the path of en too, and two locales cannot share one (give each locale its own path; the locale\'s code is the usual choice)']);
  });

  // Before: 'i18n.locales.ar.path: "ar" is used by two locales', at ar, which writes no path, naming neither the other
  // locale nor where the path was written.
  it('tells a shared path at the locale that writes it, naming the locale whose path it is', () => {
    const ar = { label: 'العربية', htmlLang: 'ar', direction: 'rtl' as const };
    const ja = { label: '日本語', htmlLang: 'ja', path: 'ar' };
    expect(failure({ ...base, i18n: { ...i18n, locales: { ...i18n.locales, ja, ar } } })).toEqual(['site.config.ts: i18n.locales.ja.path: "ar" is the path of ar too, and two locales cannot share one (give each locale its own path; the locale\'s code is the usual choice)']);
    expect(failure({ ...base, i18n: { ...i18n, locales: { ...i18n.locales, ar, ja } } })).toEqual(['site.config.ts: i18n.locales.ja.path: "ar" is the path of ar too, and two locales cannot share one (give each locale its own path; the locale\'s code is the usual choice)']);
    const root = { ...i18n.locales, ja: { ...ja, path: '' } };
    expect(failure({ ...base, i18n: { ...i18n, locales: root } })).toEqual(['site.config.ts: i18n.locales.ja.path: "" is the path of zh-Hans too, and two locales cannot share one (give each locale its own path; the locale\'s code is the usual choice)']);
  });

  // Before: accepted, and the build failed with a duplicate-route error at every page of one of the two locales (exit 1).
  it('rejects two locale paths, or two locale codes, that differ only in case: one folder on a disk that ignores case', () => {
    const paths = { ...i18n.locales, en: { ...i18n.locales.en, path: 'en' }, fr: { label: 'Français', htmlLang: 'fr', path: 'EN' } };
    expect(failure({ ...base, i18n: { ...i18n, locales: paths } })).toEqual(['site.config.ts: i18n.locales.fr.path: "EN" and the path "en" of en differ only in case, and a disk that ignores case makes their folders one (give each locale its own path; the locale\'s code is the usual choice)']);
    const codes = { ...i18n.locales, 'pt-br': { label: 'Português', htmlLang: 'pt-BR' }, 'pt-BR': { label: 'Português', htmlLang: 'pt-BR', path: 'br' } };
    expect(failure({ ...base, i18n: { ...i18n, locales: codes } })).toEqual(['site.config.ts: i18n.locales.pt-BR: "pt-BR" and "pt-br" differ only in case, and a disk that ignores case makes their folders of content/ one (keep one of the two locales)']);
  });

  it("rejects a locale path that is a folder of the root already (the default locale's blog, the assets)", () => {
    for (const path of ['blog', 'docs', 'assets', 'Search']) {
      const locales = { ...i18n.locales, en: { ...i18n.locales.en, path } };
      expect(failure({ ...base, i18n: { ...i18n, locales } }), path).toEqual([`site.config.ts: i18n.locales.en.path: "${path}" is a folder of the site's root already (not one of docs, blog, search, home, assets, search-text, img, __sitegen; the locale's code is the usual choice)`]);
    }
  });
});

describe('resolveConfig text values', () => {
  it('gives a plain string to every locale', () => {
    expect(resolveConfig({ ...base, tagline: '划词翻译' }, options).tagline).toEqual({ 'zh-Hans': '划词翻译', en: '划词翻译' });
  });

  it('keeps one string per locale', () => {
    expect(resolveConfig(base, options).title).toEqual({ 'zh-Hans': '灵译划词翻译', en: 'Glint Translate' });
  });

  it('falls back to the default locale for a locale left out', () => {
    const config = resolveConfig({ ...base, footer: { copyright: { 'zh-Hans': '© 2024 灵译' } } }, options);
    expect(config.footer.copyright).toEqual({ 'zh-Hans': '© 2024 灵译', en: '© 2024 灵译' });
  });

  it('localizes navbar and footer labels, tags and author names', () => {
    const config = resolveConfig(
      {
        ...base,
        navbar: [{ label: { 'zh-Hans': '博客', en: 'Blog' }, to: '/blog' }],
        footer: { columns: [{ title: { 'zh-Hans': '更多', en: 'More' }, items: [{ label: 'GitHub', to: 'https://github.com/glint' }] }] },
        blog: { tags: { news: { 'zh-Hans': '新闻', en: 'News' }, tips: 'Tips' }, authors: { team: { name: { 'zh-Hans': '灵译团队', en: 'Glint team' }, url: 'https://glint.example' } } },
      },
      options,
    );
    expect(config.navbar).toEqual([{ label: { 'zh-Hans': '博客', en: 'Blog' }, to: '/blog', hash: undefined }]);
    expect(config.footer.columns[0].items[0].label).toEqual({ 'zh-Hans': 'GitHub', en: 'GitHub' });
    expect(config.blog.tags).toEqual({ news: { 'zh-Hans': '新闻', en: 'News' }, tips: { 'zh-Hans': 'Tips', en: 'Tips' } });
    expect(config.blog.authors.team).toEqual({ name: { 'zh-Hans': '灵译团队', en: 'Glint team' }, title: undefined, url: 'https://glint.example' });
  });

  it('keeps a string variable as one string and localizes a per-locale one', () => {
    const config = resolveConfig({ ...base, variables: { version: '11.6.2', product: { 'zh-Hans': '灵译', en: 'Glint' } } }, options);
    expect(config.variables).toEqual({ version: '11.6.2', product: { 'zh-Hans': '灵译', en: 'Glint' } });
  });

  it('reports a locale key that is not a configured locale, with the key path and the locales', () => {
    expect(failure({ ...base, title: { 'zh-Hans': '灵译', en: 'Glint', fr: 'Glint' } })).toEqual([
      'site.config.ts: title.fr: unknown locale "fr" (locales: zh-Hans, en)',
    ]);
  });

  it('reports every misspelt locale key at once, in nested values too', () => {
    expect(
      failure({
        ...base,
        navbar: [{ label: { 'zh-Hans': '文档', 'en-US': 'Docs' }, to: '/docs' }],
        blog: { tags: { news: { zh: '新闻', en: 'News' } } },
      }),
    ).toEqual([
      'site.config.ts: navbar[0].label.en-US: unknown locale "en-US" (locales: zh-Hans, en)',
      'site.config.ts: blog.tags.news.zh: unknown locale "zh" (locales: zh-Hans, en)',
    ]);
  });

  it('rejects a table of contents whose minimum level is above its maximum', () => {
    expect(failure({ ...base, docs: { tocMinLevel: 4, tocMaxLevel: 3 } })).toEqual(['site.config.ts: docs.tocMinLevel: 4 is greater than docs.tocMaxLevel (3) (the table of contents shows heading levels from tocMinLevel to tocMaxLevel)']);
  });

  it('takes synonym groups of single words, and names each entry that is not one', () => {
    expect(resolveConfig({ ...base, search: { synonyms: [['插件', '扩展'], ['Hotkey', 'shortcut', '11.6.1']] } }, options).search.synonyms).toHaveLength(2);
    const hint = '(list single words: a Chinese word, or a word without spaces or hyphens)';
    expect(failure({ ...base, search: { synonyms: [['插件'], ['google translate', 'Google'], ['the', 'a', ''], ['插件 扩展', '谷歌ok', 'gpt-4o']] } })).toEqual([
      "site.config.ts: search.synonyms[0]: a group needs two words or more, it has 1 (for example ['插件', '扩展'])",
      `site.config.ts: search.synonyms[1][0]: "google translate" is not one word to the search index (google, translate) ${hint}`,
      'site.config.ts: search.synonyms[2][0]: "the" is a stop word, which the index leaves out',
      'site.config.ts: search.synonyms[2][1]: "a" is a stop word, which the index leaves out',
      `site.config.ts: search.synonyms[2][2]: "" is empty ${hint}`,
      `site.config.ts: search.synonyms[3][0]: "插件 扩展" is not one word to the search index (插件, 扩展) ${hint}`,
      `site.config.ts: search.synonyms[3][1]: "谷歌ok" is not one word to the search index (谷歌, ok) ${hint}`,
      `site.config.ts: search.synonyms[3][2]: "gpt-4o" is not one word to the search index (gpt, 4o) ${hint}`,
    ]);
    // With stop words kept in the index, "the" is a word like any other.
    expect(resolveConfig({ ...base, search: { removeDefaultStopWordFilter: true, synonyms: [['the', 'a']] } }, options).search.synonyms).toEqual([['the', 'a']]);
  });

  it('checks synonyms against the languages of search.language', () => {
    // No English rules: stop words are words; no Chinese words: the index holds single characters.
    expect(resolveConfig({ ...base, search: { language: ['zh'], synonyms: [['the', 'a']] } }, options).search.synonyms).toEqual([['the', 'a']]);
    expect(failure({ ...base, search: { language: ['en'], synonyms: [['插件', '扩']] } })).toEqual([
      'site.config.ts: search.synonyms[0][0]: "插件" is not one word to the search index (插, 件) (list single words: a Chinese word, or a word without spaces or hyphens)',
    ]);
  });
});
