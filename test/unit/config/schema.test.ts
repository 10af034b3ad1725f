import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../src/config/configSchema.js';
import { formatKeyPath, isPlainObject, validate, type Schema } from '../../../src/config/schema.js';

const minimal = { title: { 'zh-Hans': '灵译划词翻译', en: 'Glint Translate' }, url: 'https://glint.example' };

/** Validates a config and returns one `path: message (hint)` line per issue, as the user reads them. */
function problems(config: Record<string, unknown>): string[] {
  return validate(config, configSchema).map((i) => `${formatKeyPath(i.path)}: ${i.message}${i.hint ? ` (${i.hint})` : ''}`);
}

describe('validate: the config schema', () => {
  it('accepts a minimal config and a full realistic one', () => {
    expect(problems(minimal)).toEqual([]);
    expect(
      problems({
        ...minimal,
        tagline: '划词翻译、截图翻译、网页翻译',
        baseUrl: '/glint/',
        i18n: { defaultLocale: 'zh-Hans', locales: { 'zh-Hans': { label: '简体中文', htmlLang: 'zh-CN' }, en: { label: 'English', htmlLang: 'en', path: 'en' } } },
        variables: { product: { 'zh-Hans': '灵译', en: 'Glint' }, version: '11.6.2' },
        navbar: [{ label: { 'zh-Hans': '文档', en: 'Docs' }, to: '/docs/guides/summary' }, { label: 'GitHub', to: 'https://github.com/glint/glint' }],
        footer: { columns: [{ title: '社区', items: [{ label: '邮件', to: 'mailto:hi@glint.example' }] }], copyright: '© 2024 Glint' },
        announcement: { id: 'v11', content: '11.0 已发布', dismissible: false },
        blog: { postsPerPage: 10, sidebarCount: 'ALL', tags: { news: { 'zh-Hans': '新闻', en: 'News' } }, authors: { team: { name: '灵译团队', url: 'https://glint.example' } } },
        search: { language: ['en', 'zh'], searchResultLimits: 8 },
        scripts: ['/invite.js'],
      }),
    ).toEqual([]);
  });

  it("refuses a docs version's path of . or .., which would put its pages outside /docs/ (told by the build as an output path leaving the output folder)", () => {
    const hint = 'one URL segment of letters, digits, ".", "_" and "-" ("" for /docs/ itself; not "." or "..", nor "tags" or "category", the addresses of the docs\' tags and category pages)';
    expect(problems({ ...minimal, docs: { versions: { current: { path: '..' } } } })).toEqual([`docs.versions.current.path: ".." is not valid (${hint})`]);
    expect(problems({ ...minimal, docs: { versions: { '9.x': { path: '.' } } } })).toEqual([`docs.versions.9.x.path: "." is not valid (${hint})`]);
    expect(problems({ ...minimal, docs: { versions: { '9.x': { path: 'TAGS' } } } })).toEqual([`docs.versions.9.x.path: "TAGS" is not valid (${hint})`]);
    expect(problems({ ...minimal, docs: { versions: { current: { path: '' }, '9.x': { path: 'v9..1' }, '8.x': { path: 'tags-8' } } } })).toEqual([]);
  });

  it("refuses a blog or docs tag key that makes no address for its page (/blog/tags/<key>): '..', 'a/b', 'a b', ''", () => {
    const hint = 'one part of an address, such as release-notes or 新闻: no spaces, "/", "?", "#" or "%", and not "." or ".."';
    expect(problems({ ...minimal, blog: { tags: { news: 'News', '..': 'Up', 'a/b': 'AB' } }, docs: { tags: { 'a b': 'AB', '': 'E', 'c++': 'C++' } } })).toEqual([
      `blog.tags...: ".." makes no address for the tag's page (${hint})`,
      `blog.tags.a/b: "a/b" makes no address for the tag's page (${hint})`,
      `docs.tags.a b: "a b" makes no address for the tag's page (${hint})`,
      `docs.tags.: "" makes no address for the tag's page (${hint})`,
    ]);
  });

  it('reports an unknown top-level key with a did-you-mean hint', () => {
    expect(problems({ ...minimal, tagLine: 'x' })).toEqual(['tagLine: unknown key (did you mean "tagline"?)']);
  });

  it('treats a key named like an inherited method (constructor, toString) as unknown, without crashing', () => {
    for (const key of ['constructor', 'toString', 'hasOwnProperty']) {
      expect(problems({ ...minimal, docs: { [key]: 2 } })[0]).toMatch(new RegExp(`^docs\\.${key}: unknown key`));
    }
  });

  it('names the nested key path of an unknown key', () => {
    expect(problems({ ...minimal, docs: { tocMaxLevl: 3 } })).toEqual(['docs.tocMaxLevl: unknown key (did you mean "tocMaxLevel"?)']);
  });

  it('lists the known keys when nothing is close', () => {
    const [line] = problems({ ...minimal, colorMode: { zzzzzzzz: true } });
    expect(line).toBe('colorMode.zzzzzzzz: unknown key (known keys: defaultMode, disableSwitch, respectPrefersColorScheme)');
  });

  it('reports wrong types with what was expected and what was given', () => {
    expect(problems({ ...minimal, trailingSlash: 'yes', docs: { tocMinLevel: 1 }, blog: { postsPerPage: '10' } })).toEqual([
      'trailingSlash: expected true or false, got the string "yes"',
      'docs.tocMinLevel: expected one of 2, 3, 4, 5, 6, got number 1',
      'blog.postsPerPage: expected a number, got the string "10"',
    ]);
  });

  it('names array indexes in key paths', () => {
    const config = { ...minimal, navbar: [{ label: '文档', to: '/docs' }, { label: 3, to: '/blog' }] };
    expect(problems(config)).toEqual(['navbar[1].label: expected a string or one string per locale, got number 3']);
  });

  it('reaches into arrays of objects inside objects', () => {
    const config = { ...minimal, footer: { columns: [{ title: '更多', items: [{ label: '博客', to: 'blog' }] }] } };
    expect(problems(config)).toEqual(['footer.columns[0].items[0].to: "blog" is not valid (start with "/", or be an address such as "https://example.org/x" or "mailto:a@example.org")']);
  });

  it('reports missing required keys, at every level', () => {
    expect(problems({ url: 'https://glint.example' })).toEqual(['title: "title" is required']);
    expect(problems({ ...minimal, i18n: { locales: { en: { label: 'English' } } } })).toEqual([
      'i18n.locales.en.htmlLang: "htmlLang" is required',
      'i18n.defaultLocale: "defaultLocale" is required',
    ]);
  });

  it('checks string patterns with their hint', () => {
    expect(problems({ ...minimal, url: 'https://glint.example/' })).toEqual([
      'url: "https://glint.example/" is not valid (an origin such as "https://example.org": no path, query or trailing slash (a path goes in baseUrl))',
    ]);
    expect(problems({ ...minimal, baseUrl: '/glint' })).toEqual(['baseUrl: "/glint" is not valid (start and end with "/", with folder names of ASCII letters, digits, ".", "_", "~" and "-" between (no "." or ".."), e.g. "/" or "/docs-site/")']);
    // What made broken pages before: a space in the host, a query or hash, a path; a baseUrl that names another host.
    for (const url of ['https://glint translate.example', 'https://glint.example?x=1', 'https://glint.example#top', 'https://glint.example/docs', 'glint.example', 'ftp://glint.example']) {
      expect(problems({ ...minimal, url }), url).toHaveLength(1);
    }
    for (const url of ['https://glint.example', 'http://localhost:3000', 'https://灵译.example', 'https://a-b.c.example']) expect(problems({ ...minimal, url }), url).toEqual([]);
    for (const baseUrl of ['//repo/', '/a//b/', '/a b/', '/a?x/', '/#/', '/../../', '/./', '/a/../', '/%2e%2e/', '/a\\b/', '/中文/', '/a:b/']) expect(problems({ ...minimal, baseUrl }), baseUrl).toHaveLength(1);
    for (const baseUrl of ['/', '/repo/', '/a/b-c/', '/v1.2_x~/']) expect(problems({ ...minimal, baseUrl }), baseUrl).toEqual([]);
  });

  it('checks link addresses, anchors and the edit address before they make a broken link on every page', () => {
    const nav = (to: string, hash?: string) => problems({ ...minimal, navbar: [{ label: 'X', to, ...(hash === undefined ? {} : { hash }) }] });
    expect(nav('https://')).toHaveLength(1);
    expect(nav('/docs/histroy', '#2013')).toEqual(['navbar[0].hash: "#2013" is not valid (the anchor without its "#" and without spaces, e.g. "2013")']);
    for (const [to, hash] of [['/docs/x', '2013'], ['https://github.com/x', undefined], ['mailto:a@example.org', undefined]] as const) expect(nav(to, hash), to).toEqual([]);
    expect(problems({ ...minimal, docs: { editUrl: 'github.com/x/edit/main/content/' } })).toHaveLength(1);
    expect(problems({ ...minimal, docs: { editUrl: 'https://github.com/x/edit/main/content/' } })).toEqual([]);
    expect(problems({ ...minimal, docs: { editUrl: '' } })).toEqual([]);
  });

  it('wants whole numbers for counts', () => {
    expect(problems({ ...minimal, blog: { postsPerPage: 1.5, feedCount: 2.5, sidebarCount: 2.5 }, search: { searchResultLimits: 1.5, b: 2 } })).toEqual([
      'blog.postsPerPage: must be a whole number, got 1.5',
      'blog.feedCount: must be a whole number, got 2.5',
      'blog.sidebarCount: expected a whole number or "ALL", got number 2.5',
      'search.searchResultLimits: must be a whole number, got 1.5',
      'search.b: must be at most 1',
    ]);
  });

  it('checks number minimums', () => {
    expect(problems({ ...minimal, blog: { postsPerPage: 0 }, search: { searchResultContextMaxLength: 5 } })).toEqual([
      'blog.postsPerPage: must be at least 1',
      'search.searchResultContextMaxLength: must be at least 10',
    ]);
  });

  it('accepts either side of a union and names the union when neither fits', () => {
    expect(problems({ ...minimal, blog: { sidebarCount: 5 } })).toEqual([]);
    expect(problems({ ...minimal, blog: { sidebarCount: 'ALL' } })).toEqual([]);
    expect(problems({ ...minimal, blog: { sidebarCount: 'all' } })).toEqual(['blog.sidebarCount: expected a whole number or "ALL", got the string "all"']);
  });

  it('accepts null for a nullable value and validates anything else', () => {
    expect(problems({ ...minimal, announcement: null })).toEqual([]);
    expect(problems({ ...minimal, announcement: { id: 7 } })).toEqual([
      'announcement.id: expected a string, got number 7',
      'announcement.content: "content" is required',
    ]);
  });

  it('validates every value of a record', () => {
    expect(problems({ ...minimal, blog: { tags: { news: '新闻', tips: ['技巧'] } } })).toEqual([
      'blog.tags.tips: expected a string or one string per locale, got a list',
    ]);
  });

  it('skips keys whose value is undefined', () => {
    expect(problems({ ...minimal, tagline: undefined, docs: { editUrl: undefined } })).toEqual([]);
  });

  it('rejects NaN and Infinity as numbers', () => {
    expect(problems({ ...minimal, search: { b: Number.NaN, k1: Number.POSITIVE_INFINITY } })).toEqual([
      'search.b: expected a number, got NaN',
      'search.k1: expected a number, got Infinity',
    ]);
  });
});

describe('validate: value descriptions', () => {
  const str: Schema = { type: 'string' };

  it('describes lists, mappings, dates and null', () => {
    expect(validate([], str)[0].message).toBe('expected a string, got a list');
    expect(validate({}, str)[0].message).toBe('expected a string, got a mapping');
    expect(validate(new Date(0), str)[0].message).toBe('expected a string, got a date');
    expect(validate(null, str)[0].message).toBe('expected a string, got null');
  });

  it('shortens long strings', () => {
    const long = '灵'.repeat(50);
    expect(validate(long, { type: 'number' })[0].message).toBe(`expected a number, got the string "${'灵'.repeat(40)}…"`);
  });

  it('shortens a long value that does not fit its pattern', () => {
    expect(problems({ ...minimal, baseUrl: `/${'a'.repeat(300)}` })[0]).toMatch(new RegExp(`^baseUrl: "/${'a'.repeat(59)}…" is not valid`));
  });

  it('names bytes as binary data, not as a mapping', () => {
    expect(validate(new Uint8Array([1]), str)[0].message).toBe('expected a string, got binary data');
  });

  it('names a function as one, without its source (a whole config written out on one line)', () => {
    const fn = () => ({ title: 'x', url: 'https://x.example', navbar: [{ label: 'Docs', to: '/docs/' }] });
    expect(validate(fn, { type: 'array', items: str })[0]!.message).toBe('expected a list, got a function');
    expect(validate(async function load() {}, str)[0]!.message).toBe('expected a string, got a function');
  });

  it('does not take an instance of a class (a Map, a URL, a Promise, a RegExp) for a mapping, and names its class', () => {
    for (const value of [new Map([['en', 'Docs']]), new URL('https://x.example/a.png'), Promise.resolve({}), /docs/, new Set(['/a.js'])]) expect(isPlainObject(value)).toBe(false);
    expect(isPlainObject(Object.create(null))).toBe(true);
    expect(problems({ ...minimal, title: new Map([['en', 'Docs']]) })).toEqual(['title: expected a string or one string per locale, got a Map']);
    expect(problems({ ...minimal, favicon: new URL('https://x.example/a.png') })).toEqual(['favicon: expected a string, got a URL']);
    expect(problems({ ...minimal, tagline: /docs/ })).toEqual(['tagline: expected a string or one string per locale, got a RegExp']);
    expect(validate(Promise.resolve(minimal), configSchema)[0]!.message).toBe('expected a mapping, got a Promise');
    class Options {}
    expect(validate(new Options(), str)[0]!.message).toBe('expected a string, got an Options');
  });

  it('does not treat a Date as a mapping', () => {
    expect(isPlainObject(new Date())).toBe(false);
    expect(isPlainObject([])).toBe(false);
    expect(isPlainObject({ a: 1 })).toBe(true);
  });
});

describe('formatKeyPath', () => {
  it('joins keys with dots and indexes with brackets', () => {
    expect(formatKeyPath(['footer', 'columns', 2, 'items', 0, 'label'])).toBe('footer.columns[2].items[0].label');
    expect(formatKeyPath([0, 'x'])).toBe('[0].x');
    expect(formatKeyPath([])).toBe('');
  });
});
