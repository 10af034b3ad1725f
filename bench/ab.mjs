// Same-run A/B of two checkouts of sitegen: interleaved cold (or warm) builds of one corpus, the order
// alternating, each checkout on its own copy of the corpus, then the copies swapped and the whole run
// repeated (a folder on this machine's ext4 can stay slow long after thousands of files in it were
// deleted). Prints the ratio of the medians and the median of the pairwise ratios, wall and CPU, B/A.
//
// Usage: node bench/ab.mjs <A checkout> <B checkout> [--scale 1] [--pairs 8] [--warm] [--same-theme]
// Each checkout must be compiled (`npm run compile`). Output folders are made fresh and removed at the end.
// Each checkout builds with its own theme (`<checkout>/theme`), as a site on it would: compiling a checkout bundles
// that theme in advance (`lib/seed/`), and a theme it was not compiled with is bundled by esbuild in every cold
// build, which had counted against whichever checkout's theme differed from the runner's. `--same-theme` builds
// both with this checkout's theme (a change to the engine alone, measured on one theme).
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readFlags } from './flags.mjs';
import { benchEnv } from './nodeEnv.mjs';
import { benchTheme, generateCorpus } from './corpus.mjs';

const { values: flags, positionals } = readFlags('node bench/ab.mjs <A checkout> <B checkout> [--scale 1] [--pairs 8] [--warm] [--same-theme]', {
  scale: { type: 'string', default: '1' },
  pairs: { type: 'string', default: '8' },
  warm: { type: 'boolean', default: false },
  'same-theme': { type: 'boolean', default: false },
}, { numbers: ['scale', 'pairs'], positionals: 2 });
const [a, b] = positionals.map((dir) => resolve(dir));
const scale = Number(flags.scale);
const pairs = Number(flags.pairs);
const warm = flags.warm;

const work = mkdtempSync(join(tmpdir(), 'sitegen-ab-'));
const corpora = [join(work, 'one'), join(work, 'two')];
generateCorpus(corpora[0], scale, benchTheme());
cpSync(corpora[0], corpora[1], { recursive: true });
/** Each checkout's config in each copy: the corpus's, with the checkout's own theme (or this one's, `--same-theme`). */
const configOf = new Map([a, b].map((checkout) => [checkout, `site.config.${checkout === a ? 'a' : 'b'}.ts`]));
for (const corpus of corpora) {
  const source = readFileSync(join(corpus, 'site.config.ts'), 'utf8');
  for (const [checkout, name] of configOf) {
    const theme = flags['same-theme'] ? benchTheme() : join(checkout, 'theme');
    writeFileSync(join(corpus, name), source.replace(/themeDir: .*,/, `themeDir: ${JSON.stringify(theme)},`));
  }
}
let folders = 0;

/** One build by the checkout's CLI in a child process, as `bench/buildOnce.mjs` runs it. */
function build(checkout, corpus, outDir) {
  const started = performance.now();
  const out = execFileSync(process.execPath, [join(checkout, 'bench/buildOnce.mjs'), join(corpus, configOf.get(checkout)), outDir], { encoding: 'utf8', maxBuffer: 64 << 20, env: benchEnv() });
  const result = JSON.parse(out.trim().split('\n').pop());
  if (!result.ok) throw new Error(`${checkout}: ${result.errors.join('; ')}`);
  return { wall: performance.now() - started, cpu: result.cpuMs };
}

/** A cold build: no cache, a new output folder. A warm one: a line appended to one page, the last output updated. */
const lastOut = new Map();
function once(checkout, corpus) {
  if (!warm || !lastOut.has(corpus)) {
    rmSync(join(corpus, '.sitegen-cache'), { recursive: true, force: true });
    lastOut.set(corpus, join(work, `out-${folders++}`));
    if (!warm) return build(checkout, corpus, lastOut.get(corpus));
    build(checkout, corpus, lastOut.get(corpus));
  }
  appendFileSync(join(corpus, `content/zh-Hans/docs/${scale === 1 ? 'guides' : 'guides-0'}/page-1.md`), `\n编辑 ${folders++}\n`);
  return build(checkout, corpus, lastOut.get(corpus));
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const fmt = (n) => n.toFixed(3);
for (const [round, [ca, cb]] of [[corpora[0], corpora[1]], [corpora[1], corpora[0]]].entries()) {
  if (warm) {
    lastOut.clear();
    once(a, ca);
    once(b, cb);
  }
  const results = { a: [], b: [] };
  for (let i = 0; i < pairs; i++) {
    const order = i % 2 ? ['b', 'a'] : ['a', 'b'];
    for (const side of order) results[side].push(once(side === 'a' ? a : b, side === 'a' ? ca : cb));
  }
  const line = (key) => {
    const ma = median(results.a.map((r) => r[key]));
    const mb = median(results.b.map((r) => r[key]));
    const pairwise = median(results.a.map((r, i) => results.b[i][key] / r[key]));
    return `${key} A ${ma.toFixed(0)} ms, B ${mb.toFixed(0)} ms: medians ${fmt(mb / ma)}, pairwise ${fmt(pairwise)}`;
  };
  console.log(`round ${round + 1} (${warm ? 'warm' : 'cold'}, ${scale}× corpus, ${pairs} pairs): ${line('wall')}; ${line('cpu')}`);
}
rmSync(work, { recursive: true, force: true });
