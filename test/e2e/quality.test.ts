// The quality bar of the theme: accessibility (axe-core, both colour modes), valid HTML
// (html-validate, every page kind) and page weight (first-visit JS and CSS of a docs page).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoHydrated, hasChromium, newPage, openSite, type E2eSite } from './helpers/site.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** JavaScript budget of a docs page's first visit, and CSS budget (gzip, issue 3). */
const JS_BUDGET = 70 * 1024;
// A post's page carries its authors' cards (names, titles, avatars, social links: 0.4 KB) beside the docs page's code.
const POST_JS_BUDGET = 72 * 1024;
const CSS_BUDGET = 15 * 1024;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

describe.skipIf(!hasChromium)('quality', () => {
  let site: E2eSite;
  let post: string;
  let tag: string;
  beforeAll(async () => {
    site = await openSite();
    const list = JSON.parse(readFileSync(join(site.dist, 'en/blog/page-data.json'), 'utf8'));
    post = list.data.posts[0].href;
    tag = JSON.parse(readFileSync(join(site.dist, 'en/blog/tags/page-data.json'), 'utf8')).data.tags[0].href;
  }, 240_000);
  afterAll(async () => site?.close());

  it('has no serious or critical axe violation on the home, a docs page, a post and the blog list (and the other page kinds), light and dark', async () => {
    const problems: string[] = [];
    const paths = ['/', '/en/', '/en/docs/faqs/safe', '/docs/services/deepl', '/en/docs/services/ollama', post, '/en/blog'];
    // The other page kinds: tags, a tag page, archive, search results, 404, and the report page (a wide table).
    paths.push('/blog/tags', tag, '/en/blog/archive', '/en/search?q=deepl', '/en/no-such-page', '/en/reportcentral/AFNInventoryReportByCountry/1');
    // Code with highlighted lines and line numbers (their colours on the band).
    paths.push('/docs/services/custom-api');
    for (const mode of ['light', 'dark']) {
      const { context, page } = await newPage(site);
      await page.addInitScript((m) => localStorage.setItem('sg-color-mode', m), mode);
      for (const path of paths) {
        await gotoHydrated(page, site.url + path);
        if (path.includes('?q=')) await page.waitForSelector('.search-page-list', { timeout: 10_000 });
        await page.addScriptTag({ content: AXE_SOURCE });
        const violations = (await page.evaluate(async () => {
          const result = await (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: AxeViolation[] }> } }).axe.run(document, { resultTypes: ['violations'] });
          return result.violations;
        })) as AxeViolation[];
        // Serious and critical ones, and every landmark problem (landmarks are how screen reader users move around).
        for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical' || x.id.startsWith('landmark'))) {
          problems.push(`${mode} ${path}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
        }
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('produces valid HTML on every page kind (html-validate)', async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
    const pages = [
      'index.html',
      'en/index.html',
      'home/index.html',
      'en/docs/faqs/safe/index.html',
      // Tabs: a radio group and panels.
      'en/docs/services/ollama/index.html',
      'docs/faqs/index.html',
      'en/docs/histroy/index.html',
      'en/blog/index.html',
      'en/blog/page/2/index.html',
      `${post.slice(1)}/index.html`,
      'en/blog/tags/index.html',
      `${tag.slice(1)}/index.html`,
      'en/blog/archive/index.html',
      // A doc's tags row, the docs tags page and a tag's page.
      'en/docs/services/zhipu/index.html',
      'docs/tags/index.html',
      'en/docs/tags/free-tier/index.html',
      'en/search/index.html',
      'en/404.html',
      '404.html',
      'en/reportcentral/AFNInventoryReportByCountry/1/index.html',
    ];
    const problems: string[] = [];
    for (const file of pages) {
      const report = await validator.validateString(readFileSync(join(site.dist, file), 'utf8'), file);
      for (const message of report.results.flatMap((r) => r.messages)) problems.push(`${file}:${message.line}:${message.column} ${message.ruleId} ${message.message}`);
    }
    expect(problems).toEqual([]);
  });

  it('keeps a docs page within 70 KB of JavaScript and 15 KB of CSS (gzip), with no render-blocking script', async () => {
    const { context, page } = await newPage(site);
    const path = '/docs/faqs/safe';
    await gotoHydrated(page, site.url + path);
    await page.waitForLoadState('networkidle');
    const urls = await page.evaluate(() => [...new Set(performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname))]);
    const gz = (p: string) => gzipSync(readFileSync(join(site.dist, p)), { level: 9 }).length;
    const js = urls.filter((u) => u.endsWith('.js')).map((u) => ({ u, size: gz(u) }));
    const css = urls.filter((u) => u.endsWith('.css')).map((u) => ({ u, size: gz(u) }));
    const jsTotal = js.reduce((a, f) => a + f.size, 0);
    const cssTotal = css.reduce((a, f) => a + f.size, 0);
    console.log(`${path}: JavaScript ${(jsTotal / 1024).toFixed(1)} KB gzip in ${js.length} files, CSS ${(cssTotal / 1024).toFixed(1)} KB gzip`);
    expect(jsTotal).toBeLessThanOrEqual(JS_BUDGET);
    expect(cssTotal).toBeLessThanOrEqual(CSS_BUDGET);
    // A page without tabs loads none of their script (a chunk of its own, for pages with tabs).
    expect(js.filter(({ u }) => readFileSync(join(site.dist, u), 'utf8').includes('sg-tabs'))).toEqual([]);
    // A site without docs versions loads none of the version menu's and banner's code (a chunk of its own, for sites with versions).
    expect(js.filter(({ u }) => readFileSync(join(site.dist, u), 'utf8').includes('version-dropdown'))).toEqual([]);
    // In <head>: only the inline head script runs before the body (external scripts are modules, async or defer).
    const head = readFileSync(join(site.dist, 'docs/faqs/safe/index.html'), 'utf8').split('</head>')[0];
    const blocking = [...head.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]).filter((attrs) => /\bsrc=/.test(attrs) && !/type="module"|\basync\b|\bdefer\b/.test(attrs));
    expect(blocking).toEqual([]);
    // The code a page runs on its first visit is one chunk beside the entry (a line that imports it), not one per set of
    // lazily loaded modules sharing a part of it: nine chunks, each gzipped alone with its import and export lists (3 KB more).
    const code = [...head.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((m) => m[1]!).filter((u) => /^\/assets\/(?:client|chunk)\./.test(u));
    expect(code.length).toBe(2);
    expect(readFileSync(join(site.dist, code[0]!), 'utf8').trim()).toBe(`import"./${code[1]!.split('/').pop()}";`);
    const inline = [...head.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline.length).toBe(1);
    expect(inline[0].length).toBeLessThan(2_000);
    await context.close();
  });

  it('fetches the stylesheet ahead of the scripts, which only hydrate a page readable without them', async () => {
    const { context, page } = await newPage(site);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const priorities = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (e) => priorities.set(new URL(e.request.url).pathname, e.request.initialPriority));
    await gotoHydrated(page, `${site.url}/docs/faqs/safe`);
    const head = readFileSync(join(site.dist, 'docs/faqs/safe/index.html'), 'utf8').split('</head>')[0];
    const scripts = [...head.matchAll(/<(?:link rel="modulepreload"|script type="module")[^>]*(?:href|src)="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(2);
    // Chrome's default for module scripts is High, next to the stylesheet's VeryHigh.
    expect(scripts.map((s) => `${s} ${priorities.get(s)}`)).toEqual(scripts.map((s) => `${s} Low`));
    expect([...priorities].filter(([p]) => p.endsWith('.css')).map(([, v]) => v)).toEqual(['VeryHigh']);
    await context.close();
  });

  it('keeps a blog post within 72 KB of JavaScript, loading none of the blog lists\' code', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, `${site.url}/blog/2025/09/16/version-11-6`);
    await page.waitForLoadState('networkidle');
    const scripts = await page.evaluate(() => [...new Set(performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname))].filter((p) => p.endsWith('.js')));
    const code = scripts.map((p) => readFileSync(join(site.dist, p), 'utf8'));
    expect(code.reduce((total, text) => total + gzipSync(text, { level: 9 }).length, 0)).toBeLessThanOrEqual(POST_JS_BUDGET);
    // The lists' post cards (a class only they render) come with the list pages' chunk, not with a post.
    expect(code.filter((text) => text.includes('post-card-footer'))).toEqual([]);
    await context.close();
  });
});
