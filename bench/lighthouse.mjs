// Lighthouse (mobile settings) on the built site with Debian's chromium: performance and
// accessibility scores of a docs page, the home page and a blog post. Fetches lighthouse with npx.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './staticServe.mjs';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = '/tmp/sitegen-bench-lighthouse';
execFileSync(process.execPath, [join(REPO, 'bin/sitegen.js'), 'build', '--quiet', '--out', OUT], { cwd: REPO, stdio: 'ignore' });
const server = await serveStatic(OUT);
const origin = server.origin;
const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
for (const [label, path] of [['docs page', '/docs/faqs/deepl-limit'], ['home', '/en/'], ['blog post', '/blog/2025/09/16/version-11-6']]) {
  const report = join(dir, `${label.replace(/\W+/g, '-')}.json`);
  try {
    // Asynchronously: the static server runs in this process and must answer lighthouse's requests.
    await promisify(execFile)('npx', ['--yes', 'lighthouse@12', origin + path, '--quiet', '--output=json', `--output-path=${report}`, '--only-categories=performance,accessibility', '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking'], {
      env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' },
      timeout: 180_000,
    });
    const result = JSON.parse(readFileSync(report, 'utf8'));
    const score = (c) => Math.round(result.categories[c].score * 100);
    const audit = (a) => result.audits[a]?.displayValue ?? '';
    console.log(`${label.padEnd(10)} performance ${score('performance')} · accessibility ${score('accessibility')} · FCP ${audit('first-contentful-paint')} · LCP ${audit('largest-contentful-paint')} · TBT ${audit('total-blocking-time')} · CLS ${audit('cumulative-layout-shift')}`);
  } catch (error) {
    // The last line that is not an npm notice says what went wrong.
    const lines = String(error.stderr || error.message).split('\n').filter((l) => l.trim() && !/^npm (warn|notice)/.test(l));
    console.log(`${label.padEnd(10)} lighthouse failed: ${lines.pop() ?? 'no output'}${error.signal ? ` (${error.signal})` : ''}`);
  }
}
server.close();
