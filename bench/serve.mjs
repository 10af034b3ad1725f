// Dev-server benchmark: time from saving a docs page to the reload message (median and p90 of 20
// body edits, 20 title edits, 20 pages added and removed) and memory after 200 edits. Runs on a copy of the bundled site.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const EDITS = Number(process.argv[2] ?? 20);
const dir = mkdtempSync(join(tmpdir(), 'sitegen-serve-bench-'));
cpSync(join(REPO, 'content'), join(dir, 'content'), { recursive: true });
writeFileSync(join(dir, 'site.config.ts'), readFileSync(join(REPO, 'site.config.ts'), 'utf8').replace("scripts: ['/invite.js'],", `scripts: ['/invite.js'],\n  themeDir: ${JSON.stringify(join(REPO, 'theme'))},`));

// As bin/sitegen.js does: React's production build.
process.env.NODE_ENV ??= 'production';
const { startDevServer } = await import('../lib/serve.js');
const started = performance.now();
const server = await startDevServer({ port: '0', host: '127.0.0.1', watch: true, config: join(dir, 'site.config.ts') }, { out() {}, err() {}, interactive: false });
console.log(`sitegen serve benchmark · first build and listen ${Math.round(performance.now() - started)} ms`);

// One server-sent-events connection; each edit waits for the reload naming its page.
const waiting = new Set();
const events = request({ host: '127.0.0.1', port: server.port, path: '/__sitegen/events', headers: { Origin: `http://127.0.0.1:${server.port}` } });
events.on('response', (res) => {
  let buffer = '';
  res.on('data', (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const message = JSON.parse(buffer.slice(6, end));
      buffer = buffer.slice(end + 2);
      for (const waiter of [...waiting]) waiter(message);
    }
  });
});
// Edits start once the channel is open: a reload sent before it would be missed and the run would hang.
const connected = new Promise((ready) => waiting.add(function first(message) {
  if (message.type !== 'connected') return;
  waiting.delete(first);
  ready();
}));
events.end();
await connected;

const page = join(dir, 'content/en/docs/faqs/deepl-limit.md');
const original = readFileSync(page, 'utf8');
const reloadOf = (path) =>
  new Promise((resolveWait) => {
    const waiter = (message) => {
      if (message.type === 'reload' && message.paths.some((p) => p.replace(/\/$/, '') === path)) {
        waiting.delete(waiter);
        resolveWait();
      }
    };
    waiting.add(waiter);
  });

async function edit(i, kind) {
  const text = kind === 'title' ? original.replace(/^title: (.*)$/m, (_, t) => `title: ${t.replace(/"$/, '')} ${i}${t.endsWith('"') ? '"' : ''}`) : `${original}\nEdit number ${i}.\n`;
  const reloaded = reloadOf('/en/docs/faqs/deepl-limit');
  const t0 = performance.now();
  writeFileSync(page, text);
  await reloaded;
  return performance.now() - t0;
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, p90 ${sorted[Math.floor(sorted.length * 0.9)].toFixed(0)} ms`;
};
const body = [];
const title = [];
for (let i = 0; i < EDITS; i++) body.push(await edit(i, 'body'));
for (let i = 0; i < EDITS; i++) title.push(await edit(i, 'title'));
console.log(`body edit → reload message:  ${stats(body)} (${EDITS} edits)`);
console.log(`title edit → reload message: ${stats(title)} (${EDITS} edits)`);
// A page added (a new file in a docs folder, as `sitegen new doc` writes one) until the reload that names it, and
// removed again until the next reload: each changes the locale's list of pages, which every page's links may read.
const added = [];
const removed = [];
for (let i = 0; i < EDITS; i++) {
  const file = join(dir, `content/en/docs/faqs/bench-added-${i}.md`);
  const reloaded = reloadOf(`/en/docs/faqs/bench-added-${i}`);
  let t0 = performance.now();
  writeFileSync(file, `---\ntitle: Added page ${i}\ndescription: A page the benchmark adds.\n---\n\nA page added while the server runs.\n`);
  await reloaded;
  added.push(performance.now() - t0);
  const next = new Promise((resolveWait) => waiting.add(function gone(message) {
    if (message.type !== 'reload') return;
    waiting.delete(gone);
    resolveWait();
  }));
  t0 = performance.now();
  rmSync(file);
  await next;
  removed.push(performance.now() - t0);
}
console.log(`page added → reload message:   ${stats(added)} (${EDITS} pages)`);
console.log(`page removed → reload message: ${stats(removed)} (${EDITS} pages)`);
const mb = (bytes) => (bytes / 1048576).toFixed(0);
global.gc?.();
const before = process.memoryUsage();
for (let i = 0; i < 200; i++) await edit(1000 + i, 'body');
global.gc?.();
const after = process.memoryUsage();
console.log(`memory after ${2 * EDITS} edits: ${mb(before.rss)} MB RSS, ${mb(before.heapUsed)} MB heap; after 200 more: ${mb(after.rss)} MB RSS, ${mb(after.heapUsed)} MB heap${global.gc ? '' : ' (run with --expose-gc for settled heap figures)'}`);
writeFileSync(page, original);
events.destroy();
await server.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
