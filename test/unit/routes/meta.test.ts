import { describe, expect, it } from 'vitest';
import { pageMeta, type MetaInput } from '../../../src/routes/meta.js';
import { siteConfig } from './fixtures.js';

const config = siteConfig({ image: '/img/og-card.png' });
const [zh, en] = config.locales;
const both = config.locales;

const meta = (input: Partial<MetaInput>, cfg = config) => pageMeta(cfg, { locale: zh, permalink: '/docs/guides/card', title: '翻译卡片', availableIn: both, ...input });

describe('pageMeta titles and descriptions', () => {
  it('titles a page "Page · Site" in its locale', () => {
    expect(meta({}).documentTitle).toBe('翻译卡片 · 灵译划词翻译');
    expect(meta({ locale: en, title: 'Translation card' }).documentTitle).toBe('Translation card · Glint Translate');
    expect(meta({}).title).toBe('翻译卡片');
  });

  it('titles the home page with the site title alone', () => {
    expect(meta({ permalink: '/', title: '首页', isHome: true }).documentTitle).toBe('灵译划词翻译');
    expect(meta({ locale: en, permalink: '/', title: 'Home', isHome: true }).documentTitle).toBe('Glint Translate');
  });

  it("uses the page description, else the locale's tagline", () => {
    expect(meta({ description: '划词后弹出的卡片' }).description).toBe('划词后弹出的卡片');
    expect(meta({}).description).toBe('划词、截图、网页翻译');
    expect(meta({ locale: en, description: '' }).description).toBe('Translate what you select');
  });

  it('passes keywords, noindex and the Open Graph type', () => {
    expect(meta({})).toMatchObject({ keywords: [], noindex: false, ogType: 'website' });
    expect(meta({ keywords: ['划词', '429'], noindex: true, ogType: 'article' })).toMatchObject({ keywords: ['划词', '429'], noindex: true, ogType: 'article' });
  });
});

describe('pageMeta URLs', () => {
  it('has an absolute canonical URL in the locale', () => {
    expect(meta({}).canonical).toBe('https://glint.example/docs/guides/card');
    expect(meta({ locale: en }).canonical).toBe('https://glint.example/en/docs/guides/card');
    expect(meta({ locale: en, permalink: '/' }).canonical).toBe('https://glint.example/en/');
  });

  it('uses the canonical permalink of an alias such as /home', () => {
    const home = meta({ permalink: '/home', canonicalPermalink: '/', isHome: true });
    expect(home.canonical).toBe('https://glint.example/');
    expect(home.alternates.map((a) => a.href)).toEqual(['https://glint.example/', 'https://glint.example/en/', 'https://glint.example/']);
  });

  it('lists hreflang alternates per locale plus x-default on the default locale', () => {
    expect(meta({ locale: en }).alternates).toEqual([
      { hreflang: 'zh-CN', href: 'https://glint.example/docs/guides/card' },
      { hreflang: 'en', href: 'https://glint.example/en/docs/guides/card' },
      { hreflang: 'x-default', href: 'https://glint.example/docs/guides/card' },
    ]);
  });

  it('has no alternates for a page in one locale only', () => {
    expect(meta({ locale: en, availableIn: [en] }).alternates).toEqual([]);
    const single = siteConfig();
    const only = pageMeta({ ...single, locales: [zh] }, { locale: zh, permalink: '/', title: '首页', availableIn: [zh] });
    expect(only.alternates).toEqual([]);
  });

  it('leaves x-default out when the default locale lacks the page', () => {
    const fr = { ...en, code: 'fr', htmlLang: 'fr', path: 'fr' };
    expect(meta({ locale: en, availableIn: [en, fr] }).alternates.map((a) => a.hreflang)).toEqual(['en', 'fr']);
  });

  it('makes the share image absolute, from the page or the site', () => {
    expect(meta({}).image).toBe('https://glint.example/img/og-card.png');
    expect(meta({ image: 'img/11.0.png' }).image).toBe('https://glint.example/img/11.0.png');
    expect(meta({ image: 'https://cdn.glint.example/cover.png' }).image).toBe('https://cdn.glint.example/cover.png');
    expect(meta({}, siteConfig()).image).toBe('');
  });

  it('links the feeds of the locale, absolute', () => {
    expect(meta({ locale: en }).feeds).toEqual([
      { type: 'application/rss+xml', title: 'Glint Translate RSS', href: 'https://glint.example/en/blog/rss.xml' },
      { type: 'application/atom+xml', title: 'Glint Translate Atom', href: 'https://glint.example/en/blog/atom.xml' },
      { type: 'application/feed+json', title: 'Glint Translate JSON Feed', href: 'https://glint.example/en/blog/feed.json' },
    ]);
  });
});

describe('pageMeta under a baseUrl', () => {
  const based = siteConfig({ baseUrl: '/glint/', image: '/img/og-card.png' });
  const [bzh, ben] = based.locales;

  it('puts canonical, alternates, image and feeds under the base', () => {
    const m = pageMeta(based, { locale: ben, permalink: '/blog', title: 'Blog', availableIn: based.locales });
    expect(m.canonical).toBe('https://glint.example/glint/en/blog');
    expect(m.alternates).toEqual([
      { hreflang: 'zh-CN', href: 'https://glint.example/glint/blog' },
      { hreflang: 'en', href: 'https://glint.example/glint/en/blog' },
      { hreflang: 'x-default', href: 'https://glint.example/glint/blog' },
    ]);
    expect(m.image).toBe('https://glint.example/glint/img/og-card.png');
    expect(m.feeds[0].href).toBe('https://glint.example/glint/en/blog/rss.xml');
    expect(pageMeta(based, { locale: bzh, permalink: '/', title: '首页', isHome: true, availableIn: based.locales }).canonical).toBe('https://glint.example/glint/');
  });
});
