// Page weight on first visit, in Chromium: JavaScript and CSS (gzip), HTML (raw and gzip) and the
// number of requests for a docs page, the home page and a blog post. Builds the bundled site first.
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './staticServe.mjs';
import { chromium } from 'playwright-core';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = '/tmp/sitegen-bench-weight';
execFileSync(process.execPath, [join(REPO, 'bin/sitegen.js'), 'build', '--quiet', '--out', OUT], { cwd: REPO, stdio: 'ignore' });

const server = await serveStatic(OUT);
const origin = server.origin;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log('page weight on first visit (gzip -9 of each response; budgets: JS ≤ 70 KB, CSS ≤ 15 KB, HTML ≤ 9 KB)');
for (const [label, path] of [['docs page', '/docs/faqs/deepl-limit'], ['docs page (en)', '/en/docs/services/deepl'], ['home', '/'], ['blog post', '/blog/2025/09/16/version-11-6']]) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const sizes = { script: 0, stylesheet: 0, document: 0, documentRaw: 0, other: 0, requests: 0, scripts: 0 };
  const pending = [];
  page.on('response', (response) => {
    if (!response.url().startsWith(origin)) return;
    sizes.requests++;
    const type = response.request().resourceType();
    pending.push(
      response.body().then((body) => {
        const gz = gzipSync(body, { level: 9 }).length;
        if (type === 'script') (sizes.script += gz), sizes.scripts++;
        else if (type === 'stylesheet') sizes.stylesheet += gz;
        else if (type === 'document') (sizes.document += gz), (sizes.documentRaw += body.length);
        else sizes.other += gz;
      }, () => undefined),
    );
  });
  await page.goto(origin + path, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  console.log(`${label.padEnd(15)} JS ${kb(sizes.script)} in ${sizes.scripts} files · CSS ${kb(sizes.stylesheet)} · HTML ${kb(sizes.document)} gzip (${kb(sizes.documentRaw)} raw) · other ${kb(sizes.other)} · ${sizes.requests} requests`);
  await page.close();
}
await browser.close();
server.close();
