// The bundled site: every route of SPEC section 2 exists in both locales, with the counts the content issue sets.
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { buildSite, type BuildResult } from '../../src/build';
import { loadConfig } from '../../src/config/loadConfig';
import { REPO } from '../helpers/site';

let result: BuildResult;
const paths = (locale: string) => new Set(result.routes.filter((r) => r.locale === locale).map((r) => r.path));
const prefixes = { 'zh-Hans': '', en: '/en' } as const;

beforeAll(async () => {
  const config = await loadConfig({ configFile: join(REPO, 'site.config.ts') });
  result = await buildSite({ config, write: false });
}, 120_000);

describe('the bundled site', () => {
  it('builds with no errors and no warnings', () => {
    expect(result.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([]);
    expect(result.ok).toBe(true);
  });

  for (const [locale, prefix] of Object.entries(prefixes)) {
    describe(locale, () => {
      it('has the navbar routes and single pages of SPEC section 2', () => {
        const routes = paths(locale);
        const expected = ['/', '/home', '/search', '/docs/installv2/', '/docs/guides/summary', '/docs/faqs/', '/docs/services/', '/docs/pricing/', '/docs/log/', '/docs/issues', '/blog', '/docs/business', '/docs/histroy', '/docs/services/intro', '/reportcentral/AFNInventoryReportByCountry/1'];
        for (const path of expected) expect(routes, path).toContain(`${prefix}${path}` || '/');
      });

      it('has the single docs, 20 FAQs, 21 guides, install, changelog v6–v12, pricing, 28 services and the services intro', () => {
        const routes = paths(locale);
        const has = (p: string) => expect(routes, p).toContain(`${prefix}${p}`);
        for (const id of ['before-buy', 'business', 'edit-note', 'faq', 'histroy', 'install', 'invite', 'issues', 'paypal', 'privacy-policy', 'vc', 'vip']) has(`/docs/${id}`);
        const section = (name: string) => [...routes].filter((r) => r.startsWith(`${prefix}/docs/${name}/`) && r !== `${prefix}/docs/${name}/`);
        expect(section('faqs')).toHaveLength(20);
        for (const slug of ['deepl-limit', 'safe', 'mutli-keys', 'server-no-response', 'why-apply', 'chatgpt-ban', 'edge-boot', 'shortcut-keys', 'pdf', 'services-loading']) has(`/docs/faqs/${slug}`);
        expect(section('guides')).toHaveLength(21);
        for (const g of ['card', 'cross', 'direct', 'extra', 'fav', 'firefox', 'history', 'microphone', 'nobtn', 'options', 'page', 'panel', 'pdf', 'pdfreader', 'popup', 'screenshot', 'standalone', 'summary', 'talk', 'video', 'welcome']) has(`/docs/guides/${g}`);
        for (const p of ['/docs/installv2/', '/docs/installv2/offline', '/docs/installv2/update']) has(p);
        for (let v = 6; v <= 12; v++) has(`/docs/log/v${v}`);
        for (const p of ['/docs/pricing/', '/docs/pricing/credits', '/docs/pricing/package', '/docs/pricing/vip']) has(p);
        expect(section('services')).toHaveLength(29); // 28 providers and the intro page
        for (const s of ['ali', 'baidu', 'caiyun', 'chatgpt', 'claude', 'deepl', 'deepseek', 'doubao', 'gemini', 'groq', 'moonshot', 'tongyi', 'wenxin', 'youdao', 'zhipu', 'free', 'custom-api', 'tp']) has(`/docs/services/${s}`);
      });

      it('tags the services with a free tier or an OpenAI-compatible API, each tag a page listing them', () => {
        const data = (path: string) => result.routes.find((r) => r.path === `${prefix}${path}`)?.data;
        const tags = data('/docs/tags');
        expect(tags?.kind === 'docTags' && tags.tags.map((t) => `${t.href} ${t.count}`)).toEqual([`${prefix}/docs/tags/free-tier 16`, `${prefix}/docs/tags/openai-compatible 5`]);
        const compatible = data('/docs/tags/openai-compatible');
        expect(compatible?.kind === 'docTag' && compatible.docs.map((d) => d.href).sort()).toEqual(['custom-api', 'openrouter', 'siliconflow', 'tp', 'zhipu'].map((s) => `${prefix}/docs/services/${s}`));
        const zhipu = data('/docs/services/zhipu');
        expect(zhipu?.kind === 'doc' && zhipu.tags?.map((t) => t.href)).toEqual([`${prefix}/docs/tags/free-tier`, `${prefix}/docs/tags/openai-compatible`]);
      });

      it('paginates the blog 10, 10, 8 and the announcements tag 10, 10, 7', () => {
        const list = (path: string) => result.routes.find((r) => r.path === `${prefix}${path}`)?.data;
        const count = (path: string) => {
          const data = list(path);
          return data?.kind === 'blogList' ? data.posts.length : -1;
        };
        expect([count('/blog'), count('/blog/page/2'), count('/blog/page/3')]).toEqual([10, 10, 8]);
        expect(list('/blog/page/4')).toBeUndefined();
        expect([count('/blog/tags/announcements'), count('/blog/tags/announcements/page/2'), count('/blog/tags/announcements/page/3')]).toEqual([10, 10, 7]);
        const tags = result.routes.find((r) => r.path === `${prefix}/blog/tags`)?.data;
        expect(tags?.kind === 'tags' && tags.tags.map((t) => t.href)).toEqual(['announcements', 'bundles', 'events', 'promotions'].map((t) => `${prefix}/blog/tags/${t}`));
        expect(result.routes.filter((r) => r.locale === locale && r.data.kind === 'post')).toHaveLength(28);
        expect([...paths(locale)]).toContain(`${prefix}/blog/archive`);
      });

      it('dates posts 2021–2025 at /blog/YYYY/MM/DD/slug, each with an excerpt', () => {
        const posts = result.entries.filter((e) => e.locale === locale && e.section === 'blog');
        for (const post of posts) {
          expect(post.permalink).toMatch(new RegExp(`^${prefix}/blog/202[1-5]/\\d\\d/\\d\\d/[a-z0-9-]+$`));
          expect(post.rendered.excerptHtml, post.file).not.toBeNull();
        }
      });

      it('is fully translated, and every page has a title, description and keywords', () => {
        const entries = result.entries.filter((e) => e.locale === locale);
        expect(entries.filter((e) => e.untranslated).map((e) => e.file)).toEqual([]);
        for (const e of entries) {
          expect(e.title, e.file).not.toBe('');
          expect(e.description, e.file).not.toBe('');
          expect(e.keywords.length, e.file).toBeGreaterThan(0);
        }
      });

      it('links the history page to its 2013 anchor from the navbar', () => {
        const history = result.routes.find((r) => r.path === `${prefix}/docs/histroy`);
        expect(history?.data.kind === 'doc' && history.data.toc.map((h) => h.id)).toContain('2013');
        expect(result.siteData[locale].navbar.map((l) => l.href)).toContain(`${prefix}/docs/histroy#2013`);
      });
    });
  }

  it('marks the Chinese words of its English pages as Chinese, for screen readers and the font', () => {
    const english = result.entries.filter((e) => e.locale === 'en');
    const unmarked = english.filter((e) => /[\u4e00-\u9fff]/.test(e.rendered.html.replace(/<span lang="zh-CN">[^<]*<\/span>/g, ''))).map((e) => e.file);
    expect(unmarked).toEqual([]);
    expect(english.filter((e) => e.rendered.html.includes('<span lang="zh-CN">')).length).toBeGreaterThanOrEqual(9);
  });
});
