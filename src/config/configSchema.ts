import type { Schema } from './schema.js';
import { SEARCH_LANGUAGES } from '../search/text.js';
import { AUTHOR_IMAGE_RE, AUTHOR_URL_RE } from '../content/blogMetaSchema.js';
import { VARIABLE_NAME_RE } from '../content/variables.js';
import { SHARE_IMAGE_RE } from '../regexp.js';

const string: Schema = { type: 'string' };
const boolean: Schema = { type: 'boolean' };
const number: Schema = { type: 'number', min: 0 };
/** A count: 0, 1, 2… */
const count: Schema = { type: 'number', min: 0, integer: true };
const text: Schema = { type: 'union', of: [string, { type: 'record', values: string }], label: 'a string or one string per locale' };
const sitePath: Schema = { type: 'string', pattern: /^(\/|https?:\/\/[^\s/?#]+|mailto:\S)/, patternHint: 'start with "/", or be an address such as "https://example.org/x" or "mailto:a@example.org"' };
// The anchor of a link, as its id is written: `hash: '#2013'` would make `/docs/x##2013`.
const anchor: Schema = { type: 'string', pattern: /^[^#\s]+$/, patternHint: 'the anchor without its "#" and without spaces, e.g. "2013"' };
// A tag's key is its page's address part as written (/blog/tags/<key>, /docs/tags/<key>): `..` or `a/b` would lead elsewhere.
const tags: Schema = {
  type: 'record',
  values: text,
  keys: { pattern: /^(?!\.\.?$)[^\s/?#%\\]+$/, message: "makes no address for the tag's page", hint: 'one part of an address, such as release-notes or 新闻: no spaces, "/", "?", "#" or "%", and not "." or ".."' },
};
const link: Schema = { type: 'object', props: { label: text, to: sitePath, hash: anchor }, required: ['label', 'to'] };

/** The schema of `site.config.ts` (see UserConfig). */
export const configSchema: Schema = {
  type: 'object',
  required: ['title', 'url'],
  props: {
    title: text,
    tagline: text,
    // An origin: a host name (letters, digits, dots, hyphens) and maybe a port. A path goes in baseUrl.
    url: { type: 'string', pattern: /^https?:\/\/(?:[\p{L}\p{N}-]+\.)*[\p{L}\p{N}-]+(?::\d{1,5})?$/u, patternHint: 'an origin such as "https://example.org": no path, query or trailing slash (a path goes in baseUrl)' },
    // Path segments between slashes: never "//" (a link to another host), "?", "#" or spaces.
    // Folder names of URL-safe ASCII: a host, a Location header and a sitemap take them as written.
    baseUrl: { type: 'string', pattern: /^\/(?:(?!\.\.?\/)[A-Za-z0-9._~-]+\/)*$/, patternHint: 'start and end with "/", with folder names of ASCII letters, digits, ".", "_", "~" and "-" between (no "." or ".."), e.g. "/" or "/docs-site/"' },
    favicon: string,
    image: { type: 'string', pattern: SHARE_IMAGE_RE, patternHint: 'a share image is a site path of a file of content/static/ (/img/card.png) or an http(s):// address' },
    trailingSlash: boolean,
    i18n: {
      type: 'object',
      required: ['defaultLocale', 'locales'],
      props: {
        defaultLocale: string,
        locales: {
          type: 'record',
          values: {
            type: 'object',
            required: ['label', 'htmlLang'],
            props: {
              label: string,
              htmlLang: string,
              direction: { type: 'enum', values: ['ltr', 'rtl'] },
              path: { type: 'string', pattern: /^[a-z0-9-]*$/i, patternHint: 'a single path segment such as "en", or "" for the root' },
              ogLocale: string,
            },
          },
        },
      },
    },
    // A key is the name content writes as `{{name}}`: one no placeholder can write (`'latest version'`) would be set for nothing.
    variables: {
      type: 'record',
      values: text,
      keys: { pattern: VARIABLE_NAME_RE, message: 'cannot be written as a {{name}} placeholder', hint: 'a variable\'s name is ASCII letters, digits, "_" and ".", starting with a letter or "_", such as latestVersion or store_url' },
    },
    navbar: { type: 'array', items: link },
    footer: {
      type: 'object',
      props: {
        columns: { type: 'array', items: { type: 'object', required: ['title', 'items'], props: { title: text, items: { type: 'array', items: link } } } },
        copyright: text,
      },
    },
    product: { type: 'object', props: { latestVersion: string, firstRelease: count, years: count, github: string } },
    announcement: {
      type: 'nullable',
      of: { type: 'object', required: ['id', 'content'], props: { id: string, content: text, dismissible: boolean } },
    },
    colorMode: {
      type: 'object',
      props: {
        defaultMode: { type: 'enum', values: ['light', 'dark'] },
        disableSwitch: boolean,
        respectPrefersColorScheme: boolean,
      },
    },
    docs: {
      type: 'object',
      props: {
        tocMinLevel: { type: 'enum', values: [2, 3, 4, 5, 6] },
        tocMaxLevel: { type: 'enum', values: [2, 3, 4, 5, 6] },
        // Each page's "edit this page" link is this address followed by the page's file path.
        editUrl: { type: 'string', pattern: /^(?:https?:\/\/[^\s/?#]+\/\S*)?$/, patternHint: 'an address ending in the content folder, such as "https://github.com/you/site/edit/main/content/"' },
        showLastUpdateTime: boolean,
        versionName: string,
        versionLabel: string,
        // Docs versions (content/versions.json), named as Docusaurus names them.
        lastVersion: string,
        includeCurrentVersion: boolean,
        onlyIncludeVersions: { type: 'array', items: string },
        versions: {
          type: 'record',
          values: {
            type: 'object',
            props: {
              label: string,
              // `..` would put the version's pages beside /docs/, `.` on top of the current docs; `tags` and `category` (in
              // any case, one folder on a disk that ignores it) are the docs' tags and category pages', as versions.json's names.
              path: { type: 'string', pattern: /^(?!\.\.?$)(?!(?:tags|category)$)[A-Za-z0-9._-]*$/i, patternHint: 'one URL segment of letters, digits, ".", "_" and "-" ("" for /docs/ itself; not "." or "..", nor "tags" or "category", the addresses of the docs\' tags and category pages)' },
              banner: { type: 'enum', values: ['none', 'unreleased', 'unmaintained'] },
              badge: boolean,
              noIndex: boolean,
            },
          },
        },
        // The docs' tags, declared as the blog's are (a locale's docs/tags.yml declares them too).
        tags,
        onInlineTags: { type: 'enum', values: ['ignore', 'warn', 'error'] },
      },
    },
    blog: {
      type: 'object',
      props: {
        title: text,
        description: text,
        postsPerPage: { type: 'number', min: 1, integer: true },
        sidebarCount: { type: 'union', of: [count, { type: 'enum', values: ['ALL'] }], label: 'a whole number or "ALL"' },
        feedCount: { type: 'number', min: 1, integer: true },
        tags,
        // As an entry of a locale's blog/authors.yml (Docusaurus's), name and title per locale.
        authors: {
          type: 'record',
          values: {
            type: 'object',
            required: ['name'],
            props: {
              name: text,
              title: text,
              url: { type: 'string', pattern: AUTHOR_URL_RE, patternHint: 'an http(s):// address, a site path (/docs/team) or mailto:…' },
              image_url: { type: 'string', pattern: AUTHOR_IMAGE_RE, patternHint: 'a site path of a file of content/static/ (/img/jane.png), or an http(s):// address' },
              email: string,
              socials: { type: 'record', values: string },
              page: boolean,
            },
          },
        },
        onInlineTags: { type: 'enum', values: ['ignore', 'warn', 'error'] },
        authorPages: boolean,
      },
    },
    search: {
      type: 'object',
      props: {
        language: { type: 'array', items: { type: 'enum', values: [...SEARCH_LANGUAGES] } },
        ignoreFiles: { type: 'array', items: string },
        searchResultLimits: { type: 'number', min: 1, integer: true },
        searchResultContextMaxLength: { type: 'number', min: 10, integer: true },
        hideSearchBarOnSearchPage: boolean,
        highlightSearchTermsOnTargetPage: boolean,
        closeOnNavigate: boolean,
        searchBarShortcut: boolean,
        searchBarShortcutHint: boolean,
        searchBarPosition: { type: 'enum', values: ['left', 'right'] },
        searchContextByPaths: { type: 'array', items: string },
        removeDefaultStopWordFilter: boolean,
        synonyms: { type: 'array', items: { type: 'array', items: string } },
        b: { type: 'number', min: 0, max: 1 },
        k1: number,
      },
    },
    markdown: { type: 'object', props: { math: boolean } },
    llms: { type: 'object', props: { enabled: boolean, fullText: boolean, sections: { type: 'array', items: string }, ignoreFiles: { type: 'array', items: string } } },
    analytics: { type: 'object', props: { trackingId: string, adClientId: string } },
    scripts: { type: 'array', items: sitePath },
    links: {
      type: 'object',
      props: Object.fromEntries(['onBrokenLinks', 'onBrokenImages', 'onBrokenAnchors'].map((k) => [k, { type: 'enum', values: ['off', 'warn', 'error'] } as Schema])),
    },
    contentDir: string,
    themeDir: string,
    outDir: string,
  },
};
