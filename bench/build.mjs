// Build benchmark: wall time, CPU time, peak memory and pages/s for the bundled site and for
// generated corpora at 1×, 10× and 50× its size. Usage: node bench/build.mjs [--sizes 1,10,50] [--runs 3]
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appendFileSync, rmSync } from 'node:fs';
import { benchTheme, generateCorpus } from './corpus.mjs';
import { readFlags } from './flags.mjs';
import { buildWithHugo, hugoVersion, prepareHugo } from './hugo.mjs';
import { benchEnv, caCertsCost, caCertsLine } from './nodeEnv.mjs';

// bench/hugo.mjs's two templates, each with the label its figures are printed under.
const HUGO_TEMPLATES = [
  ['minimal', 'minimal template'],
  ['docs', 'docs template: sidebars, feeds, sitemap, search JSON'],
];

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags } = readFlags('node bench/build.mjs [--sizes 1,10,50] [--runs 3]', {
  sizes: { type: 'string', default: '1,10,50' },
  runs: { type: 'string', default: '3' },
}, { numbers: ['sizes', 'runs'] });
const sizes = flags.sizes.split(',').map(Number);
const runs = Number(flags.runs);

/**
 * One build in a child process. Its wall time is the whole process's, Node's start included, measured
 * here as Hugo's is; CPU time and peak memory come from the child.
 */
function buildOnce(configFile, outDir) {
  try {
    const started = performance.now();
    const out = execFileSync(process.execPath, [join(REPO, 'bench/buildOnce.mjs'), configFile, outDir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'], env: benchEnv() });
    const wallMs = performance.now() - started;
    return { ...JSON.parse(out.trim().split('\n').pop()), wallMs };
  } catch (error) {
    const reason = /heap out of memory/.test(String(error.stderr)) ? 'out of memory (default 4 GB heap)' : String(error.stderr || error.message).trim().split('\n').pop();
    return { ok: false, errors: [reason] };
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Every build writes into a folder of its own that did not exist before, and nothing is deleted until
 * the whole benchmark is done. On this machine's ext4 (no journal) a file or folder created soon after
 * thousands were deleted costs up to 20× the usual kernel time (the allocator steps over recently freed
 * inodes), so deleting the last build's output right before the next one made each run slower than
 * the one before, for sitegen and for Hugo alike.
 */
const scratch = [];
const freshFolder = (base, name) => {
  const folder = join(base, `.bench-${name}-${process.pid}-${scratch.length}`);
  scratch.push(folder);
  return folder;
};

/**
 * Cold builds (no cache, a new output folder), each followed by Hugo builds of the same corpus with
 * both templates (which one goes first alternates), each into a new folder, so that all see the same
 * state of the machine; then warm builds after changing one page, each followed by Hugo builds in
 * the same way. The warm ratios are taken against the Hugo builds of the warm phase: the machine's
 * speed drifts between the phases.
 */
function measure(label, configFile, outBase, count, changedPage, hugoDir) {
  const cacheDir = join(dirname(configFile), '.sitegen-cache');
  const hugoRuns = Object.fromEntries(HUGO_TEMPLATES.map(([name]) => [name, []]));
  const hugoWarmRuns = Object.fromEntries(HUGO_TEMPLATES.map(([name]) => [name, []]));
  const hugoBuilds = (runs, n) => {
    if (!hugoDir) return;
    const names = HUGO_TEMPLATES.map(([name]) => name);
    for (const name of n % 2 ? names.reverse() : names) runs[name].push(buildWithHugo(hugoDir, freshFolder(outBase, `hugo-${name}`), name));
  };
  let lastOutDir;
  const results = Array.from({ length: count }, (_, n) => {
    rmSync(cacheDir, { recursive: true, force: true });
    lastOutDir = freshFolder(outBase, 'sitegen');
    const result = buildOnce(configFile, lastOutDir);
    hugoBuilds(hugoRuns, n);
    return result;
  });
  const failed = results.find((r) => !r.ok);
  if (failed) {
    console.log(`${label.padEnd(16)} build failed: ${failed.errors.join(' | ')}`);
    return null;
  }
  const wall = median(results.map((r) => r.wallMs));
  const row = {
    label,
    pages: results[0].pages,
    wallS: wall / 1000,
    cpuS: median(results.map((r) => r.cpuMs)) / 1000,
    maxRssMb: Math.max(...results.map((r) => r.maxRssMb)),
    pagesPerS: results[0].pages / (wall / 1000),
    stages: results[results.length - 1].stages,
    hugoS: hugoDir ? Object.fromEntries(HUGO_TEMPLATES.map(([name]) => [name, median(hugoRuns[name]) / 1000])) : null,
  };
  console.log(
    `${label.padEnd(16)} ${String(row.pages).padStart(6)} pages  wall ${row.wallS.toFixed(2)} s  cpu ${row.cpuS.toFixed(2)} s  peak ${row.maxRssMb.toFixed(0)} MB  ${row.pagesPerS.toFixed(0)} pages/s  (median of ${count})`,
  );
  console.log(`${''.padEnd(16)} stages ms: ${Object.entries(row.stages).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  if (changedPage) {
    // Each warm build follows a change to the same page (a line appended), as an author's edit would:
    // a page of the default locale, zh-Hans, whose text goes through jieba for the search index. It
    // updates the last cold build's output folder in place.
    const warms = Array.from({ length: Math.max(3, count) }, (_, n) => {
      appendFileSync(changedPage, `\n基准测试在 ${Date.now()} 加的一行（第 ${n} 次）。\n`);
      const result = buildOnce(configFile, lastOutDir);
      hugoBuilds(hugoWarmRuns, n);
      return result;
    });
    const warm = warms.find((w) => w.wallMs === median(warms.map((x) => x.wallMs)));
    row.warmS = warm.wallMs / 1000;
    if (hugoDir) row.hugoWarmS = Object.fromEntries(HUGO_TEMPLATES.map(([name]) => [name, median(hugoWarmRuns[name]) / 1000]));
    console.log(`${''.padEnd(16)} warm build, one page changed: wall ${row.warmS.toFixed(2)} s, median of ${warms.length} (${Object.entries(warm.stages).map(([k, v]) => `${k} ${v}`).join(', ')})`);
  }
  return row;
}

console.log(`sitegen build benchmark · node ${process.version} · theme ${benchTheme().replace(REPO + '/', '')}`);
const caCerts = caCertsLine(caCertsCost());
if (caCerts) console.log(caCerts);
const hugo = hugoVersion();
const rows = [measure('bundled site', join(REPO, 'site.config.ts'), '/tmp/sitegen-bench-out', runs)];
for (const scale of sizes) {
  const dir = `/tmp/sitegen-corpus-${scale}`;
  const files = generateCorpus(dir, scale, benchTheme());
  if (hugo) prepareHugo(dir);
  const row = measure(`corpus ${scale}× (${files})`, join(dir, 'site.config.ts'), dir, scale >= 10 ? 1 : runs, join(dir, `content/zh-Hans/docs/${scale === 1 ? 'guides' : 'guides-0'}/page-1.md`), hugo ? dir : null);
  rows.push(row);
  for (const [name, description] of row?.hugoS ? HUGO_TEMPLATES : []) {
    const hugoS = row.hugoS[name];
    const hugoWarmS = row.hugoWarmS?.[name] ?? hugoS;
    console.log(`${''.padEnd(16)} ${hugo} (${description}): wall ${hugoS.toFixed(2)} s beside the cold builds, ${hugoWarmS.toFixed(2)} s beside the warm ones · sitegen cold / Hugo ${(row.wallS / hugoS).toFixed(2)}× · sitegen warm / Hugo ${(row.warmS / hugoWarmS).toFixed(2)}×`);
  }
}
if (!hugo) console.log('Hugo is not installed (apt-get install hugo): no same-run comparison.');
const base = rows.find((r) => r && r.label.startsWith('corpus 1×'));
if (base) {
  for (const row of rows.filter((r) => r && r !== base && r.label.startsWith('corpus'))) {
    const perPage = row.wallS / row.pages / (base.wallS / base.pages);
    console.log(`${row.label}: time per page ${(perPage * 100).toFixed(0)} % of 1×, peak memory ${row.maxRssMb.toFixed(0)} MB`);
  }
}
// Only now, with every figure taken, are the builds' folders deleted.
for (const folder of scratch) rmSync(folder, { recursive: true, force: true });
