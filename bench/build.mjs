// Build benchmark: wall time, CPU time, peak memory and pages/s for the bundled site and for
// generated corpora at 1×, 10× and 50× its size. Usage: node bench/build.mjs [--sizes 1,10,50] [--runs 3]
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appendFileSync, rmSync } from 'node:fs';
import { benchTheme, generateCorpus } from './corpus.mjs';
import { buildWithHugo, hugoVersion, prepareHugo } from './hugo.mjs';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1];
};
const sizes = arg('--sizes', '1,10,50').split(',').map(Number);
const runs = Number(arg('--runs', '3'));

function buildOnce(configFile, outDir) {
  try {
    const out = execFileSync(process.execPath, [join(REPO, 'bench/buildOnce.mjs'), configFile, outDir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(out.trim().split('\n').pop());
  } catch (error) {
    const reason = /heap out of memory/.test(String(error.stderr)) ? 'out of memory (default 4 GB heap)' : String(error.stderr || error.message).trim().split('\n').pop();
    return { ok: false, errors: [reason] };
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Cold builds (no cache), then one warm build after changing one page. */
function measure(label, configFile, outDir, count, changedPage) {
  const cacheDir = join(dirname(configFile), '.sitegen-cache');
  const results = Array.from({ length: count }, () => {
    rmSync(cacheDir, { recursive: true, force: true });
    return buildOnce(configFile, outDir);
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
  };
  console.log(
    `${label.padEnd(16)} ${String(row.pages).padStart(6)} pages  wall ${row.wallS.toFixed(2)} s  cpu ${row.cpuS.toFixed(2)} s  peak ${row.maxRssMb.toFixed(0)} MB  ${row.pagesPerS.toFixed(0)} pages/s  (median of ${count})`,
  );
  console.log(`${''.padEnd(16)} stages ms: ${Object.entries(row.stages).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  if (changedPage) {
    // Each warm build follows a change to the same page (a line appended), as an author's edit would.
    const warms = Array.from({ length: Math.max(3, count) }, (_, n) => {
      appendFileSync(changedPage, `\nA line added by the benchmark at ${Date.now()} (${n}).\n`);
      return buildOnce(configFile, outDir);
    });
    const warm = warms.find((w) => w.wallMs === median(warms.map((x) => x.wallMs)));
    row.warmS = warm.wallMs / 1000;
    console.log(`${''.padEnd(16)} warm build, one page changed: wall ${row.warmS.toFixed(2)} s, median of ${warms.length} (${Object.entries(warm.stages).map(([k, v]) => `${k} ${v}`).join(', ')})`);
  }
  return row;
}

console.log(`sitegen build benchmark · node ${process.version} · theme ${benchTheme().replace(REPO + '/', '')}`);
const hugo = hugoVersion();
const rows = [measure('bundled site', join(REPO, 'site.config.ts'), '/tmp/sitegen-bench-out/site', runs)];
for (const scale of sizes) {
  const dir = `/tmp/sitegen-corpus-${scale}`;
  const files = generateCorpus(dir, scale, benchTheme());
  const row = measure(`corpus ${scale}× (${files})`, join(dir, 'site.config.ts'), join(dir, 'dist'), scale >= 10 ? 1 : runs, join(dir, `content/en/docs/${scale === 1 ? 'guides' : 'guides-0'}/page-1.md`));
  rows.push(row);
  if (hugo && row) {
    prepareHugo(dir);
    const hugoMs = median(Array.from({ length: scale >= 10 ? 1 : runs }, () => buildWithHugo(dir)));
    console.log(`${''.padEnd(16)} ${hugo}: wall ${(hugoMs / 1000).toFixed(2)} s · sitegen cold / Hugo ${(row.wallS / (hugoMs / 1000)).toFixed(2)}× · sitegen warm / Hugo ${(row.warmS / (hugoMs / 1000)).toFixed(2)}×`);
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
