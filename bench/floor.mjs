// The floor of a cold build: what the libraries the design card prescribes cost, on their own, for the
// work a cold build of a corpus cannot skip, each part in a fresh process (cold JIT, as a build pays
// it), beside Hugo and a sitegen cold build of the same corpus in the same run.
// Usage: node bench/floor.mjs [--scale 1] [--runs 5]
//
// The parts, each timed inside its own process from before its library loads to the end of its work
// (process CPU time, V8's helper threads included), under the V8 flags `sitegen build` sets:
//   node    an empty Node process (its whole CPU time)
//   marked  every markdown body of the corpus through plain `marked.parse` (no extension, no
//           highlighting, no slugs: less than the build's markdown stage does)
//   shiki   every distinct fenced code block tokenized once, by sitegen's own highlighter (the
//           cheapest way this project knows: shiki's primitive, both themes in one pass)
//   jieba   the dictionary cut to the corpus's characters, then every Han run of the zh-Hans pages
//           split into words (what the zh-Hans search index needs, nothing else of it)
//   react   every route rendered to HTML by the theme's React components (`renderToString`), without
//           the link scan, the page data or any writing
// Left out, so that the floor stays a floor: esbuild bundling the theme (a stock theme could ship
// prebuilt), reading and writing files, routes, search postings, feeds, the link check.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readFlags } from './flags.mjs';
import { benchEnv, caCertsCost, caCertsLine } from './nodeEnv.mjs';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(REPO, 'node_modules/.cache/sitegen-bench-floor');
const PARTS = ['marked', 'shiki', 'jieba', 'react'];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cpuMs = (usage) => (usage.user + usage.system) / 1000;

/** The markdown files of a corpus, front matter cut off, with their locale. */
function markdownBodies(dir) {
  const bodies = [];
  const walk = (folder) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) bodies.push({ locale: path.includes('/zh-Hans/') ? 'zh-Hans' : 'en', body: readFileSync(path, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '') });
    }
  };
  walk(join(dir, 'content'));
  return bodies;
}

/** sitegen's highlighter, tokenizer, page renderer and V8 flags, bundled for Node from src/. */
async function loadInternals() {
  const { build } = await import('esbuild');
  await build({
    entryPoints: { shiki: 'src/content/shiki.ts', highlight: 'src/content/highlight.ts', tokenize: 'src/search/tokenize.ts', renderPage: 'src/render/renderPage.ts', bundleClient: 'src/assets/bundleClient.ts', v8Flags: 'src/v8Flags.ts' },
    absWorkingDir: REPO,
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    splitting: true,
    outdir: CACHE,
    outExtension: { '.js': '.mjs' },
    define: { SITEGEN_VERSION: '"bench"', SITEGEN_SOURCE: '"bench"' },
    logLevel: 'warning',
  });
}

const internal = (name) => import(pathToFileURL(join(CACHE, `${name}.mjs`)).href);

/** One part, in this (fresh) process: its CPU time in ms, from before its library loads. */
async function runPart(part, dir) {
  const { ONE_SHOT_START_FLAGS, setV8Flags } = await internal('v8Flags');
  setV8Flags(ONE_SHOT_START_FLAGS);
  const bodies = markdownBodies(dir);
  if (part === 'marked') {
    const start = process.cpuUsage();
    const { marked } = await import('marked');
    let bytes = 0;
    for (const { body } of bodies) bytes += marked.parse(body).length;
    return { cpuMs: cpuMs(process.cpuUsage(start)), detail: `${bodies.length} files, ${bytes} bytes of HTML` };
  }
  if (part === 'shiki') {
    const { languageOf } = await internal('highlight');
    const blocks = new Map();
    for (const { body } of bodies) {
      for (const m of body.matchAll(/^```([\w+#.-]*)\n([\s\S]*?)\n```$/gm)) {
        const lang = languageOf(m[1]);
        if (lang) blocks.set(`${lang}\0${m[2]}`, { lang, code: m[2] });
      }
    }
    const start = process.cpuUsage();
    const { loadShiki } = await internal('shiki');
    const shiki = await loadShiki([...new Set([...blocks.values()].map((b) => b.lang))]);
    let bytes = 0;
    for (const { code, lang } of blocks.values()) bytes += shiki.html(code, lang)?.length ?? 0;
    return { cpuMs: cpuMs(process.cpuUsage(start)), detail: `${blocks.size} distinct blocks, ${bytes} bytes of HTML` };
  }
  if (part === 'jieba') {
    const texts = bodies.filter((b) => b.locale === 'zh-Hans').map((b) => b.body);
    const start = process.cpuUsage();
    const { prepareChinese, segmentChinese } = await internal('tokenize');
    prepareChinese(texts);
    let words = 0;
    for (const text of texts) for (const [run] of text.matchAll(/[\u2e80-\uffff]+/g)) words += segmentChinese(run).length;
    return { cpuMs: cpuMs(process.cpuUsage(start)), detail: `${texts.length} pages, ${words} words` };
  }
  if (part === 'react') {
    // The routes come from sitegen's own pipeline (not timed); its worker threads are closed by then.
    const { loadConfig, planSite } = await import(pathToFileURL(join(REPO, 'lib/index.js')).href);
    const config = await loadConfig({ configFile: join(dir, 'site.config.ts'), outDir: join(dir, '.floor-out') });
    const plan = await planSite({ config, cache: false });
    const { loadClientAssets } = await internal('bundleClient');
    const { files: _files, ...client } = (await loadClientAssets(config, null)).value;
    const start = process.cpuUsage();
    const { renderPage } = await internal('renderPage');
    let bytes = 0;
    for (const route of plan.routes) bytes += renderPage(config, plan.theme, plan.siteData[route.locale], route, { client, siteDataUrl: '/site-data.js' }, !!plan.theme.sharedBlocks).length;
    return { cpuMs: cpuMs(process.cpuUsage(start)), detail: `${plan.routes.length} pages, ${bytes} bytes of HTML` };
  }
  throw new Error(`unknown part ${part}`);
}

if (process.argv[2] === '--part') {
  const result = await runPart(process.argv[3], process.argv[4]);
  console.log(JSON.stringify(result));
  process.exit(0);
}

const { values: flags } = readFlags('node bench/floor.mjs [--scale 1] [--runs 5]', {
  scale: { type: 'string', default: '1' },
  runs: { type: 'string', default: '5' },
}, { numbers: ['scale', 'runs'] });
const scale = Number(flags.scale);
const runs = Number(flags.runs);
const dir = `/tmp/sitegen-corpus-${scale}`;
const { benchTheme, generateCorpus } = await import('./corpus.mjs');
const { buildWithHugo, hugoVersion, prepareHugo } = await import('./hugo.mjs');
const files = generateCorpus(dir, scale, benchTheme());
const hugo = hugoVersion();
if (hugo) prepareHugo(dir);
await loadInternals();

const inChild = (args) => execFileSync(process.execPath, args, { encoding: 'utf8', cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'], env: benchEnv({ NODE_ENV: 'production' }) });
const scratch = [];
const figures = { node: [], build: [], buildCpu: [], hugo: [], ...Object.fromEntries(PARTS.map((p) => [p, []])) };
const details = {};
// Interleaved, so every figure sees the same states of the machine.
for (let run = 0; run < runs; run++) {
  figures.node.push(cpuMs(JSON.parse(inChild(['-e', 'console.log(JSON.stringify(process.cpuUsage()))']))));
  for (const part of PARTS) {
    const { cpuMs: ms, detail } = JSON.parse(inChild([fileURLToPath(import.meta.url), '--part', part, dir]).trim().split('\n').pop());
    figures[part].push(ms);
    details[part] = detail;
  }
  rmSync(join(dir, '.sitegen-cache'), { recursive: true, force: true });
  const out = join(dir, `.floor-build-${process.pid}-${run}`);
  scratch.push(out);
  const started = performance.now();
  const build = JSON.parse(inChild([join(REPO, 'bench/buildOnce.mjs'), join(dir, 'site.config.ts'), out]).trim().split('\n').pop());
  figures.build.push(performance.now() - started);
  figures.buildCpu.push(build.cpuMs);
  if (hugo) {
    const hugoOut = join(dir, `.floor-hugo-${process.pid}-${run}`);
    scratch.push(hugoOut);
    figures.hugo.push(buildWithHugo(dir, hugoOut, 'minimal'));
  }
}
for (const folder of [...scratch, join(dir, '.floor-out')]) rmSync(folder, { recursive: true, force: true });

const m = Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, v.length ? median(v) : null]));
const sum = m.node + PARTS.reduce((total, part) => total + m[part], 0);
console.log(`cold-build floor · corpus ${scale}× (${files} files) · node ${process.version} · medians of ${runs}, CPU time of each part in a fresh process`);
const caCerts = caCertsLine(caCertsCost());
if (caCerts) console.log(`  ${caCerts}`);
console.log(`  node    ${m.node.toFixed(0).padStart(6)} ms  an empty Node process`);
for (const part of PARTS) console.log(`  ${part.padEnd(7)} ${m[part].toFixed(0).padStart(6)} ms  ${details[part]}`);
console.log(`  sum     ${sum.toFixed(0).padStart(6)} ms  → at least ${(sum / 2).toFixed(0)} ms of wall time on 2 cores, both busy from the first moment to the last`);
console.log(`sitegen cold build: ${(m.build / 1000).toFixed(2)} s wall, ${(m.buildCpu / 1000).toFixed(2)} s CPU (the floor is ${((sum / m.buildCpu) * 100).toFixed(0)} % of its CPU time)`);
if (m.hugo) {
  console.log(`${hugo} (minimal template): ${(m.hugo / 1000).toFixed(2)} s wall · 2× Hugo = ${((2 * m.hugo) / 1000).toFixed(2)} s`);
  console.log(`floor / Hugo ${((sum / 2) / m.hugo).toFixed(2)}× (the target is ≤ 2×) · sitegen cold / Hugo ${(m.build / m.hugo).toFixed(2)}×`);
} else {
  console.log('Hugo is not installed (apt-get install hugo): no same-run comparison.');
}
