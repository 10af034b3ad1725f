// deploy/nginx.conf (Debian's nginx on a loopback port) serving the real site's build: the SPEC route
// list, 404 pages with status 404, URL normalisation, cache headers, and client-side navigation in Chromium.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { REPO } from '../helpers/site';
import { builtSite, launchChromium, waitHydrated } from '../e2e/helpers/site';

let nginx: ChildProcess;
let base: string;
/** The same file serving the real site built with `baseUrl: '/tools/docs/'`, edited as its first lines say. */
let sub: string;
const BASE_URL = '/tools/docs/';

/** deploy/nginx.conf for a site under a baseUrl, as its comment tells: the baseUrl before the locations' and 404 pages' paths. */
function underBaseUrl(conf: string, baseUrl: string): string {
  let out = conf;
  for (const [from, to] of [
    ['location / {', `location ${baseUrl} {`],
    ['location /en/ {', `location ${baseUrl}en/ {`],
    ['location /assets/ {', `location ${baseUrl}assets/ {`],
    ['error_page 404 /en/404.html;', `error_page 404 ${baseUrl}en/404.html;`],
    ['error_page 404 /404.html;', `error_page 404 ${baseUrl}404.html;`],
  ]) {
    expect(out).toContain(from);
    out = out.replace(from, to);
  }
  return out;
}

/** The real site built with a baseUrl into `<root>/tools/docs/`, its config importing the repository's. */
function builtUnderBaseUrl(root: string): void {
  const project = mkdtempSync(join(tmpdir(), 'sitegen-nginx-base-'));
  writeFileSync(
    join(project, 'site.config.ts'),
    `import site from ${JSON.stringify(join(REPO, 'site.config.ts'))};\nexport default { ...site, baseUrl: ${JSON.stringify(BASE_URL)}, contentDir: ${JSON.stringify(join(REPO, 'content'))}, themeDir: ${JSON.stringify(join(REPO, 'theme'))} };\n`,
  );
  const result = spawnSync(process.execPath, [join(REPO, 'bin/sitegen.js'), 'build', '--quiet', '--out', join(root, BASE_URL)], { cwd: project, encoding: 'utf8', timeout: 240_000 });
  if (result.status !== 0) throw new Error(`site build failed:\n${result.stdout}\n${result.stderr}`);
}
let browser: Browser | undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const dist = builtSite(); // the real site, analytics and ad ids unset as in site.config.ts
  // What a site may publish under /.well-known/ (the shared build has none of its own).
  mkdirSync(join(dist, '.well-known'), { recursive: true });
  writeFileSync(join(dist, '.well-known/security.txt'), 'Contact: mailto:security@test.example\n');
  const port = await freePort();
  const subPort = await freePort();
  const prefix = mkdtempSync(join(tmpdir(), 'sitegen-nginx-'));
  const conf = readFileSync(join(REPO, 'deploy/nginx.conf'), 'utf8');
  const server = conf.replace('listen 80 default_server;', `listen 127.0.0.1:${port} default_server;`).replace('root /srv/sitegen;', `root ${dist};`);
  const subRoot = join(prefix, 'root');
  builtUnderBaseUrl(subRoot);
  const subServer = underBaseUrl(conf, BASE_URL).replace('listen 80 default_server;', `listen 127.0.0.1:${subPort} default_server;`).replace('root /srv/sitegen;', `root ${subRoot};`);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;\ndaemon off;\npid ${prefix}/nginx.pid;\nerror_log ${prefix}/error.log;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n  client_body_temp_path ${prefix};\n  proxy_temp_path ${prefix};\n  fastcgi_temp_path ${prefix};\n  uwsgi_temp_path ${prefix};\n  scgi_temp_path ${prefix};\n${STOCK_SITE(port)}${server}\n${subServer}\n}\n`,
  );
  nginx = spawn('/usr/sbin/nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'ignore' });
  base = `http://127.0.0.1:${port}`;
  sub = `http://127.0.0.1:${subPort}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(base);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`nginx did not start: ${readFileSync(join(prefix, 'error.log'), 'utf8')}`);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  nginx?.kill();
});

const get = (path: string) => fetch(base + path, { redirect: 'manual' });

/** Debian's stock `sites-enabled/default`, included before the site's file, answering any name on the same port. */
const STOCK_SITE = (port: number) => `server {\n  listen 127.0.0.1:${port};\n  server_name _;\n  return 200 "Welcome to nginx!";\n}\n`;

describe('deploy/nginx.conf', () => {
  it('serves every route of the SPEC in both locales', async () => {
    const spec = ['/', '/home', '/search', '/docs/installv2/', '/docs/guides/summary', '/docs/faqs/', '/docs/services/', '/docs/pricing', '/docs/log/', '/docs/issues/', '/docs/business/', '/docs/histroy', '/docs/log', '/docs/services/intro', '/reportcentral/AFNInventoryReportByCountry/1', '/blog', '/blog/page/2', '/blog/page/3', '/blog/archive', '/blog/tags', '/blog/tags/announcements', '/blog/tags/announcements/page/2', '/blog/tags/announcements/page/3', '/docs/faqs/deepl-limit', '/docs/installv2/offline', '/docs/pricing/credits', '/docs/privacy-policy'];
    for (const path of [...spec, ...spec.map((p) => `/en${p === '/' ? '/' : p}`), '/sitemap.xml', '/robots.txt', '/blog/rss.xml', '/blog/atom.xml', '/en/blog/feed.json', '/search-index.json', '/en/search-index.json', '/search-text/0.json?v=1', '/en/search-text/0.json?v=1', '/invite.js']) {
      expect((await get(path)).status, path).toBe(200);
    }
    const sitemap = await (await get('/sitemap.xml')).text();
    const posts = [...sitemap.matchAll(/<loc>https:\/\/[^/]+(\/en)?(\/blog\/\d{4}\/\d\d\/\d\d\/[^<]+)<\/loc>/g)].map((m) => (m[1] ?? '') + m[2]);
    expect(posts.length).toBeGreaterThan(40);
    for (const post of posts) expect((await get(post)).status, post).toBe(200);
  }, 60_000);

  it('answers unknown paths with the locale 404 page and status 404', async () => {
    const zh = await get('/nope');
    expect(zh.status).toBe(404);
    expect(await zh.text()).toContain('<html lang="zh-CN"');
    const en = await get('/en/nope');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('<html lang="en"');
    // A missing markdown copy or a dotfile under /en/: the English page too (the server-wide .md and dotfile rules gave the Chinese one).
    for (const path of ['/en/nope.md', '/en/docs/x.md', '/en/.env', '/en/.well-known/x']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('<html lang="en"');
    }
    for (const path of ['/nope.md', '/.env']) expect(await (await get(path)).text(), path).toContain('<html lang="zh-CN"');
    // The English markdown copies are still served as UTF-8 markdown.
    const copy = await get('/en/docs/faqs/safe.md');
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });

  it('normalises trailing slashes and index.html', async () => {
    expect((await get('/docs/faqs/safe/')).status).toBe(200);
    expect((await get('/docs/faqs')).status).toBe(200);
    expect((await get('/en/docs/faqs/safe/')).status).toBe(200);
    expect((await get('/en')).status).toBe(200);
    expect((await get('/en/index.html')).headers.get('location')).toBe('/en/');
    for (const target of ['//evil.example/index.html', '/%2f%2fevil.example/index.html', '/\\evil.example/index.html', '///evil.example/index.html']) {
      const location = (await get(target)).headers.get('location') ?? '';
      expect(location.startsWith('//') || /^https?:/.test(location), `${target} → ${location}`).toBe(false);
    }
    const redirect = await get('/docs/faqs/index.html?x=1');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/docs/faqs/?x=1');
    expect((await get('/index.html')).headers.get('location')).toBe('/');
    // The name spelled with percent-escapes is the same file, and redirected the same way (as the dev server does).
    expect((await get('/docs/faqs/%69ndex.html')).headers.get('location')).toBe('/docs/faqs/');
    expect((await get('/en/docs/faqs/index%2Ehtm%6c?x=1')).headers.get('location')).toBe('/en/docs/faqs/?x=1');
    // A file name followed by a slash is not the file (the dev server answers these the same way).
    for (const path of ['/docs/faqs/index.html/', '/sitemap.xml/', '/en/docs/faqs/safe/index.html/']) expect((await get(path)).status, path).toBe(404);
  });

  it('caches hashed assets for a year and HTML not at all, and hides dotfiles', async () => {
    const html = await get('/docs/faqs/safe');
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const script = /src="(\/assets\/client\.[^"]+\.js)"/.exec(await html.text())![1];
    const asset = await get(script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/.git/config')).status).toBe(404);
    expect((await get('/.e2e-complete')).status).toBe(404);
    expect((await get('/.well-known/security.txt')).status).toBe(200);
    expect((await get('/nope')).headers.get('cache-control')).toBe('no-cache');
  });

  it('serves llms.txt and the markdown copies as UTF-8 text, compressed', async () => {
    for (const [path, type] of [['/llms.txt', 'text/plain'], ['/en/llms-full.txt', 'text/plain'], ['/docs/guides/card.md', 'text/markdown'], ['/en/docs/faqs/index.md', 'text/markdown']]) {
      const response = await fetch(base + path!, { headers: { 'accept-encoding': 'gzip' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe(`${type}; charset=utf-8`);
      expect(response.headers.get('content-encoding'), path).toBe('gzip');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
    expect(await (await get('/docs/guides/card.md')).text()).toMatch(/^# /);
    expect((await get('/docs/nope.md')).status).toBe(404);
  });

  it('navigates client-side in Chromium, loading nothing from another origin', async () => {
    browser = await launchChromium();
    const page = await browser.newPage();
    const foreign: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(base) || url.startsWith('data:')) return route.continue();
      foreign.push(url);
      return route.abort();
    });
    await page.goto(`${base}/en/docs/faqs/deepl-limit`);
    await waitHydrated(page);
    await page.evaluate(() => ((window as unknown as { sgMarker: number }).sgMarker = 1));
    await page.locator('a[href="/en/docs/faqs/mutli-keys"]:visible').first().click();
    await page.waitForFunction(() => location.pathname === '/en/docs/faqs/mutli-keys' && document.title.length > 0);
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent?.length);
    expect(await page.evaluate(() => (window as unknown as { sgMarker?: number }).sgMarker)).toBe(1); // no full page load
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await page.goBack();
    await page.waitForFunction(() => location.pathname === '/en/docs/faqs/deepl-limit');
    expect(await page.evaluate(() => (window as unknown as { sgMarker?: number }).sgMarker)).toBe(1);
    expect(foreign).toEqual([]);
  }, 60_000);
});

describe('deploy/nginx.conf for a site under a baseUrl, edited as its first lines say', () => {
  const at = (path: string) => fetch(sub + BASE_URL + path, { redirect: 'manual' });

  it('serves the pages and files, each locale\'s 404 page with status 404 at any depth, and the index.html redirect', async () => {
    for (const path of ['', 'en/', 'docs/guides/summary', 'docs/faqs/', 'en/docs/faqs/safe', 'blog', 'sitemap.xml', 'robots.txt', 'llms.txt', 'search-index.json', 'en/blog/rss.xml']) expect((await at(path)).status, path).toBe(200);
    for (const [path, lang] of [['nope', 'zh-CN'], ['a/b/c/d/', 'zh-CN'], ['en/nope', 'en'], ['en/a/b/c/d', 'en'], ['en/nope.md', 'en']]) {
      const res = await at(path!);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain(`<html lang="${lang}"`);
    }
    expect((await at('docs/faqs/index.html?x=1')).headers.get('location')).toBe(`${BASE_URL}docs/faqs/?x=1`);
    const copy = await at('docs/guides/card.md');
    expect(copy.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });

  it('caches its hashed assets for a year and its HTML not at all', async () => {
    const html = await at('docs/faqs/safe');
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const script = new RegExp(`src="(${BASE_URL}assets/client\\.[^"]+\\.js)"`).exec(await html.text())![1]!;
    const asset = await fetch(sub + script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('shows a deep unknown address as the 404 page with its stylesheet and scripts, and every request answered', async () => {
    browser ??= await launchChromium();
    const page = await browser.newPage();
    const failed: string[] = [];
    page.on('response', (r) => void (r.status() >= 400 && !r.url().includes('/x/y/z') && failed.push(`${r.status()} ${r.url()}`)));
    await page.goto(`${sub}${BASE_URL}en/x/y/z/`);
    await waitHydrated(page);
    expect(await page.locator('main h1').textContent()).toBe('Page not found');
    expect(await page.evaluate(() => [...document.styleSheets].every((sheet) => sheet.cssRules.length > 0))).toBe(true);
    expect(failed).toEqual([]);
    await page.close();
  }, 60_000);
});
