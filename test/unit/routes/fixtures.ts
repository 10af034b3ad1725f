// In-memory inputs for the routes stage: a two-locale config, content files and rendered entries.
import { resolveConfig } from '../../../src/config/resolveConfig.js';
import type { UserConfig } from '../../../src/config/userConfig.js';
import { parseFrontMatter } from '../../../src/content/frontMatter.js';
import type { ContentFile, Entry, Section, SiteConfig } from '../../../src/types.js';

/** Glint's config: zh-Hans at the root, English under /en/; folders resolve next to `configFile`. */
export function siteConfig(extra: Partial<UserConfig> = {}, configFile = '/srv/glint/site.config.ts'): SiteConfig {
  return resolveConfig(
    {
      title: { 'zh-Hans': '灵译划词翻译', en: 'Glint Translate' },
      tagline: { 'zh-Hans': '划词、截图、网页翻译', en: 'Translate what you select' },
      url: 'https://glint.example',
      i18n: { defaultLocale: 'zh-Hans', locales: { 'zh-Hans': { label: '简体中文', htmlLang: 'zh-CN' }, en: { label: 'English', htmlLang: 'en' } } },
      blog: { tags: { release: { 'zh-Hans': '版本发布', en: 'Releases' }, outage: { 'zh-Hans': '故障', en: 'Outages' } }, authors: { team: { name: { 'zh-Hans': '灵译团队', en: 'Glint team' } } } },
      ...extra,
    },
    { configFile, shownFile: 'site.config.ts' },
  );
}

/** A content file as loadContent gives it: `text` is the whole file, front matter included. */
export function contentFile(locale: string, section: Section, relPath: string, text = '---\ntitle: 页面\n---\n\n正文\n'): ContentFile {
  const file = `content/${locale}/${section}/${relPath}`;
  const split = parseFrontMatter(text, file);
  return { locale, section, relPath, file, frontMatter: split.frontMatter, body: split.body, bodyLine: split.bodyLine, keyLines: split.keyLines, hash: 'h', mtimeMs: 0 };
}

/** A rendered entry; `localPath` and `permalink` follow from `locale` + `id` unless given. */
export function entry(fields: Partial<Entry> & Pick<Entry, 'section' | 'id' | 'title'>): Entry {
  const locale = fields.locale ?? 'zh-Hans';
  const prefix = locale === 'zh-Hans' ? '' : `/${locale}`;
  const localPath = fields.localPath ?? (fields.section === 'docs' ? `/docs/${fields.id}` : fields.section === 'blog' ? `/blog/${fields.id}` : `/${fields.id}`);
  return {
    locale,
    permalink: prefix + localPath,
    localPath,
    contentPath: `${fields.section}/${fields.id}.md`,
    description: '',
    keywords: [],
    hideToc: false,
    noindex: false,
    draft: false,
    file: `content/${locale}/${fields.section}/${fields.id}.md`,
    untranslated: false,
    lastUpdated: null,
    rendered: { html: `<p>${fields.title}</p>\n`, headings: [], headingLines: [], excerptHtml: null, intro: '', sections: [], readingMinutes: 1, refs: [] },
    tags: [],
    authors: [],
    ...fields,
  };
}

/** A blog post entry dated by its id (`2024/06/18/version-11`). */
export function post(id: string, title: string, fields: Partial<Entry> = {}): Entry {
  const date = id.slice(0, 10).replace(/\//g, '-');
  const name = `${date}-${id.slice(11)}.md`;
  const locale = fields.locale ?? 'zh-Hans';
  return entry({ section: 'blog', id, title, date, contentPath: `blog/${name}`, file: `content/${locale}/blog/${name}`, ...fields });
}
