#!/usr/bin/env node
// Screenshots of every page kind of the built site at 1280 px and 390 px wide, light and dark,
// for looking at the theme.
// Usage: node scripts/screenshots.mjs [outDir=/tmp/shots] [--full] [--dist=DIR] [--only=NAME-PART]
//        [--mode=light|dark] [--width=1280|390] [--menu]
// --menu also shoots each page at 390 px with the mobile menu open (NAME-390-MODE-menu.png).
// Needs a built site (npm run build, or --dist=DIR for another output folder) and Chromium at
// /usr/bin/chromium (or $CHROMIUM).
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const root = resolve(option('dist') ?? fileURLToPath(new URL('../dist', import.meta.url)));
const outDir = args.find((a) => !a.startsWith('--')) ?? '/tmp/shots';
const fullPage = args.includes('--full');
const only = option('only');
const menu = args.includes('--menu');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png' };

if (!existsSync(join(root, 'index.html'))) {
  console.error(`${join(root, 'index.html')} not found: build the site first (npm run build)`);
  process.exit(1);
}

async function fileAt(urlPath) {
  const path = normalize(join(root, decodeURIComponent(urlPath)));
  if (path !== root && !path.startsWith(root + sep)) return null;
  for (const candidate of [path, join(path, 'index.html')]) {
    if ((await stat(candidate).catch(() => null))?.isFile()) return candidate;
  }
  return null;
}

const server = createServer(async (req, res) => {
  const pathname = new URL(req.url ?? '/', 'http://x').pathname;
  let file = await fileAt(pathname);
  let status = 200;
  if (!file) {
    status = 404;
    file = (await fileAt(`/${pathname.split('/')[1]}/404.html`)) ?? (await fileAt('/404.html'));
  }
  res.writeHead(status, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const pageData = async (path) => JSON.parse(await readFile(join(root, path.replace(/\/?$/, '/'), 'page-data.json'), 'utf8'));
const blog = await pageData('/en/blog');
const tags = await pageData('/en/blog/tags');
const zhBlog = await pageData('/blog');
const zhTags = await pageData('/blog/tags');
const allPages = [
  ['home-zh', '/'],
  ['home-en', '/en/'],
  ['doc-zh', '/docs/faqs/safe'],
  ['doc-en', '/en/docs/faqs/safe'],
  ['faq-index-zh', '/docs/faqs/'],
  ['faq-index-en', '/en/docs/faqs/'],
  ['services-zh', '/docs/services/deepl'],
  ['services-en', '/en/docs/services/deepl'],
  ['services-intro-en', '/en/docs/services/intro'],
  // A code block with a title, highlighted lines and line numbers.
  ['code-zh', '/docs/services/custom-api#准备接口信息'],
  ['code-en', '/en/docs/services/custom-api#preparing-the-endpoint-details'],
  ['history-zh', '/docs/histroy#2013'],
  ['history-en', '/en/docs/histroy#2013'],
  ['changelog-en', '/en/docs/log/'],
  ['blog-list-zh', '/blog'],
  ['blog-list-en', '/en/blog'],
  ['blog-list-p3-en', '/en/blog/page/3'],
  ['post-en', blog.data.posts[0].href],
  ['post-zh', zhBlog.data.posts[0].href],
  ['tags-zh', '/blog/tags'],
  ['tags-en', '/en/blog/tags'],
  ['tag-zh', zhTags.data.tags[0].href],
  ['tag-en', tags.data.tags[0].href],
  ['archive-zh', '/blog/archive'],
  ['archive-en', '/en/blog/archive'],
  ['search-en', '/en/search?q=deepl'],
  ['search-zh', '/search?q=截图'],
  ['not-found-zh', '/no-such-page'],
  ['not-found-en', '/en/no-such-page'],
  ['report-zh', '/reportcentral/AFNInventoryReportByCountry/1'],
  ['report-en', '/en/reportcentral/AFNInventoryReportByCountry/1'],
];
const pages = only ? allPages.filter(([name]) => name.includes(only)) : allPages;
const widths = [
  [1280, 900],
  [390, 844],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
await mkdir(outDir, { recursive: true });
let count = 0;
for (const mode of ['light', 'dark'].filter((m) => !option('mode') || m === option('mode'))) {
  for (const [width, height] of widths.filter(([w]) => !option('width') || String(w) === option('width'))) {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    await context.addInitScript((m) => localStorage.setItem('sg-color-mode', m), mode);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`  page error on ${page.url()}: ${error.message}`));
    for (const [name, path] of pages) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      // Hydrated, and (search) results rendered.
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-sg-hydrated'), null, { timeout: 10_000 }).catch(() => console.error(`  ${path} did not hydrate`));
      if (path.includes('search?q')) await page.waitForSelector('.search-page-list, .search-page-status', { timeout: 10_000 }).catch(() => {});
      if (fullPage) {
        // Lazy images load only near the viewport: load them all before the full-page shot.
        await page.evaluate(async () => {
          for (const img of document.querySelectorAll('img[loading="lazy"]')) img.loading = 'eager';
          const settled = (img) =>
            new Promise((done) => {
              img.addEventListener('load', done, { once: true });
              img.addEventListener('error', done, { once: true });
            });
          await Promise.all([...document.images].filter((img) => !img.complete).map(settled));
        });
      }
      await page.waitForTimeout(150);
      const file = join(outDir, `${name}-${width}-${mode}.png`);
      await page.screenshot({ path: file, fullPage });
      count++;
      if (menu && width < 997) {
        await page.click('.navbar-toggle');
        await page.waitForSelector('.navbar-sidebar', { state: 'visible' });
        await page.mouse.move(width - 5, height - 5); // off the panel: no hover on its first link
        await page.waitForTimeout(300); // the panel's slide-in
        await page.screenshot({ path: file.replace(/\.png$/, '-menu.png') });
        count++;
      }
    }
    await context.close();
  }
}
await browser.close();
server.close();
console.log(`${count} screenshots in ${outDir}`);
