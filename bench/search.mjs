// Search benchmark: index size (raw, gzip), the page text files beside it (count, sizes, and what a
// dropdown query fetches of them), build time, load time and query latency per locale, for
// sitegen's engine and for lunr set up like the reference site's local-search plugin (whose one
// file holds all text), plus a small relevance check (expected page in the top 1 / top 8). Prints
// figures; asserts nothing.
//
//   node bench/search.mjs           figures
//   node bench/search.mjs --show    also each query's top three URLs per engine
//
// Pages come from the build's planSite() (compiled lib/: compiled here when missing), so the bench
// indexes exactly what the site ships. While the build cannot plan the site, it falls back to
// bench/searchPages.mjs, a crude content walker, and says so.
import { build } from 'esbuild';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import lunr from 'lunr';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { loadSearchPages } from './searchPages.mjs';
import { QUERIES } from './searchQueries.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// SPEC 9 search constants; the build will read them from site.config.ts.
const CONFIG = {
  b: 0.75,
  k1: 1.2,
  removeDefaultStopWordFilter: false,
  ignoreFiles: ['docs/faq', 'docs/_ph', 'docs/vc', 'docs/before-buy'],
  searchResultLimits: 8,
};
const LOCALES = [
  { locale: 'zh-Hans', localePath: '' },
  { locale: 'en', localePath: 'en' },
];
const REPS = 25;

/** Bundles the TypeScript engine for Node (inside node_modules so that packages resolve). */
async function loadEngine() {
  const outdir = `${root}node_modules/.cache/sitegen-bench-search/`;
  await build({
    entryPoints: { buildIndex: `${root}src/search/buildIndex.ts`, query: `${root}src/search/query.ts` },
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  return { ...(await import(`${outdir}buildIndex.mjs`)), ...(await import(`${outdir}query.mjs`)) };
}

function time(fn) {
  const start = performance.now();
  const value = fn();
  return { value, ms: performance.now() - start };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// Two p99s: over every sample, and over each query's median of REPS runs. On a shared machine the
// first is mostly the scheduler (a 20 ms time slice lands on a 0.03 ms query); the second is what
// the engine costs for the slowest queries of the set.
function latency(run, queries) {
  const samples = [];
  const medians = [];
  for (const { q } of queries) {
    run(q);
    const own = [];
    for (let i = 0; i < REPS; i++) own.push(time(() => run(q)).ms);
    samples.push(...own);
    own.sort((a, b) => a - b);
    medians.push(own[Math.floor(REPS / 2)]);
  }
  samples.sort((a, b) => a - b);
  medians.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p99: percentile(samples, 99), p99q: percentile(medians, 99) };
}

// A 50+ character Chinese query (pasted question), and the 256-character worst case the engine
// accepts (longer input is cut): lunr-based search hangs on these, ours must answer in milliseconds.
const LONG_CHINESE = [
  '请问为什么我在浏览器里使用网页翻译和截图翻译的时候总是提示服务器没有响应或者额度已经用完了应该怎么解决',
  '翻译'.repeat(128),
];

const LONG_REPS = 7;

function longQueries(run) {
  return LONG_CHINESE.map((q) => {
    run(q);
    const times = Array.from({ length: LONG_REPS }, () => time(() => run(q)).ms).sort((a, b) => a - b);
    return { length: q.length, median: times[Math.floor(LONG_REPS / 2)], max: times[LONG_REPS - 1] };
  });
}

const SHOW = process.argv.includes('--show');

function relevance(run, queries, name) {
  let judged = 0, top1 = 0, top8 = 0, answered = 0;
  for (const { q, expect } of queries) {
    const urls = run(q).map((url) => url.split('#')[0]);
    if (SHOW) console.log(`${name.padEnd(8)} ${urls[0]?.endsWith(expect ?? '\0') ? ' ' : '?'} ${q.slice(0, 30).padEnd(30)} ${urls.slice(0, 3).join('  ')}`);
    if (urls.length > 0) answered++;
    if (!expect) continue;
    judged++;
    if (urls[0]?.endsWith(expect)) top1++;
    if (urls.some((u) => u.endsWith(expect))) top8++;
  }
  return { answered, judged, top1, top8 };
}

// ---- lunr, configured like the reference's local-search plugin -------------------------------

const jieba = Jieba.withDict(dict);
const HAN_RE = /(\p{Script=Han}+)/u;
const trimmer = (token) => token.update((s) => s.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
lunr.Pipeline.registerFunction(trimmer, 'benchTrimmer');

// lunr's own split (whitespace, hyphens), then jieba on Chinese, as the plugin pre-tokenises zh.
function lunrTokenizer(obj, metadata) {
  return lunr.tokenizer(obj, metadata).flatMap((token) =>
    token
      .toString()
      .split(HAN_RE)
      .flatMap((part) => (HAN_RE.test(part) ? jieba.cutForSearch(part, false) : [part]))
      .filter(Boolean)
      .map((s) => new lunr.Token(s, lunr.utils.clone(token.metadata))),
  );
}

function lunrIndex(documents) {
  return lunr(function () {
    this.ref('i');
    this.field('t');
    // The plugin keeps term positions (to highlight matches): most of its index size.
    this.metadataWhitelist = ['position'];
    this.tokenizer = lunrTokenizer;
    this.pipeline.reset();
    this.pipeline.add(trimmer, lunr.stopWordFilter, lunr.stemmer);
    this.searchPipeline.reset();
    this.searchPipeline.add(lunr.stemmer);
    this.b(CONFIG.b);
    this.k1(CONFIG.k1);
    for (const doc of documents) this.add(doc);
  });
}

/** The plugin's file: one `{ documents, index }` per field group (titles, headings, contents). */
function buildLunrFile(pages) {
  const kept = pages.filter((p) => !CONFIG.ignoreFiles.some((f) => p.url.replace(/^\/en/, '') === `/${f}`));
  const titles = [], headings = [], contents = [];
  let id = 0;
  for (const page of kept) {
    const pageId = id++;
    titles.push({ i: pageId, t: page.title, u: page.url });
    contents.push({ i: id++, t: `${page.description} ${page.intro}`, u: page.url, p: pageId });
    for (const s of page.sections) {
      headings.push({ i: id++, t: s.heading, u: page.url, h: `#${s.id}`, p: pageId });
      contents.push({ i: id++, t: s.text, s: s.heading, u: page.url, h: `#${s.id}`, p: pageId });
    }
  }
  return [titles, headings, contents].map((documents) => ({ documents, index: lunrIndex(documents).toJSON() }));
}

function loadLunr(file) {
  return file.map(({ documents, index }) => ({
    documents: new Map(documents.map((d) => [String(d.i), d])),
    index: lunr.Index.load(index),
  }));
}

function lunrTerms(query) {
  return lunrTokenizer(query)
    .map((t) => trimmer(t).toString())
    .flatMap((s) => (HAN_RE.test(s) ? jieba.cut(s, false) : [s]))
    .filter((s) => s && lunr.stopWordFilter(new lunr.Token(s)) !== undefined);
}

// Every term required, the last one as a prefix; for more than two terms, one-term-dropped
// variants next (the plugin's "smart queries"). Like the plugin, results are taken index by index
// (titles, then headings, then contents), each by lunr score, until the limit is reached: lunr
// scores of different indexes are not comparable, so the plugin never merges them.
function searchLunr(loaded, query, limit = CONFIG.searchResultLimits) {
  const terms = lunrTerms(query);
  if (terms.length === 0) return [];
  const variants = [terms, ...(terms.length > 2 ? terms.map((_, i) => terms.filter((__, j) => j !== i)) : [])];
  const urls = new Set();
  for (const variant of variants) {
    for (const { documents, index } of loaded) {
      const hits = index.query((q) =>
        variant.forEach((term, k) => {
          const last = k === variant.length - 1;
          // The last term is stemmed before the wildcard is added: "claude*" would miss "claud".
          q.term(last ? lunr.stemmer(new lunr.Token(term)).toString() : term, {
            presence: lunr.Query.presence.REQUIRED,
            wildcard: last ? lunr.Query.wildcard.TRAILING : lunr.Query.wildcard.NONE,
            usePipeline: !last,
          });
        }),
      );
      for (const hit of hits) {
        const doc = documents.get(hit.ref);
        urls.add(doc.u + (doc.h ?? ''));
      }
      if (urls.size >= limit) return [...urls].slice(0, limit);
    }
  }
  return [...urls];
}

// ---- runner -----------------------------------------------------------------------------------

function sizes(file) {
  const json = typeof file === 'string' ? file : JSON.stringify(file);
  return { raw: Buffer.byteLength(json), gzip: gzipSync(json, { level: 9 }).length, json };
}

const sum = (list) => list.reduce((a, b) => a + b, 0);
const middle = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

/**
 * The page text files (each gzipped on its own, as a server sends them) and what the dropdown
 * fetches of them per query: the texts of the distinct pages among its top results (the index is
 * counted apart: it is fetched once, before the first query).
 */
function textFigures(engine, index, texts, queries) {
  const gzip = texts.map((t) => gzipSync(t, { level: 9 }).length);
  const perQuery = queries.map(({ q }) => {
    const pages = new Set(engine.searchIndex(index, q, { limit: CONFIG.searchResultLimits }).map((r) => r.page.i));
    return { bytes: sum([...pages].map((id) => gzip[id])), requests: pages.size };
  });
  const bytes = perQuery.map((p) => p.bytes).sort((a, b) => a - b);
  return {
    count: texts.length,
    raw: sum(texts.map((t) => Buffer.byteLength(t))),
    gzip: sum(gzip),
    medianFile: middle(gzip),
    queryMedian: middle(bytes),
    queryP90: percentile(bytes, 90),
    queryMax: bytes[bytes.length - 1] ?? 0,
    requests: middle(perQuery.map((p) => p.requests)),
  };
}

function median(fn, runs = 5) {
  const times = Array.from({ length: runs }, () => time(fn).ms).sort((a, b) => a - b);
  return times[Math.floor(runs / 2)];
}

function measureLocale(engine, { locale, pages }) {
  const queries = QUERIES[locale];
  const files = engine.buildSearchJson(pages, CONFIG);
  const ours = sizes(files.index);
  const theirs = sizes(buildLunrFile(pages));
  const oursIndex = engine.loadSearchIndex(JSON.parse(ours.json));
  const theirsIndex = loadLunr(JSON.parse(theirs.json));
  const runOurs = (q) => engine.searchIndex(oursIndex, q, { limit: CONFIG.searchResultLimits, group: false }).map((r) => r.url);
  const runTheirs = (q) => searchLunr(theirsIndex, q);
  return {
    locale,
    pages: pages.length,
    sections: pages.reduce((n, p) => n + p.sections.length, 0),
    queries: queries.length,
    ours: {
      ...ours,
      text: textFigures(engine, oursIndex, files.texts, queries),
      build: median(() => [engine.buildSearchIndex(pages, CONFIG), engine.buildPageTexts(pages, CONFIG)]),
      load: median(() => engine.loadSearchIndex(JSON.parse(ours.json))),
      ...latency(runOurs, queries),
      ...relevance(runOurs, queries, 'sitegen'),
      long: locale === 'zh-Hans' ? longQueries(runOurs) : [],
    },
    lunr: {
      ...theirs,
      build: median(() => buildLunrFile(pages)),
      load: median(() => loadLunr(JSON.parse(theirs.json))),
      ...latency(runTheirs, queries),
      ...relevance(runTheirs, queries, 'lunr'),
      long: locale === 'zh-Hans' ? longQueries(runTheirs) : [],
    },
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n) => `${n.toFixed(n < 1 ? 3 : 1)} ms`;
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;

function report(r) {
  const { text } = r.ours;
  const rows = [
    ['index raw', kb(r.ours.raw), kb(r.lunr.raw), ratio(r.ours.raw, r.lunr.raw)],
    ['index gzip -9', kb(r.ours.gzip), kb(r.lunr.gzip), ratio(r.ours.gzip, r.lunr.gzip)],
    ['text files (one per page)', String(text.count), 'in the index', ''],
    ['text files raw / gzip, total', `${kb(text.raw)} / ${kb(text.gzip)}`, '', ''],
    ['text file gzip, median', kb(text.medianFile), '', ''],
    [`query texts gzip, median (top ${CONFIG.searchResultLimits})`, kb(text.queryMedian), '', ''],
    ['query texts gzip, p90 / max', `${kb(text.queryP90)} / ${kb(text.queryMax)}`, '', ''],
    ['query text requests, median', String(text.requests), '0', ''],
    ['first query: index + its texts', kb(r.ours.gzip + text.queryMedian), kb(r.lunr.gzip), ratio(r.ours.gzip + text.queryMedian, r.lunr.gzip)],
    ['index + all text gzip', kb(r.ours.gzip + text.gzip), kb(r.lunr.gzip), ratio(r.ours.gzip + text.gzip, r.lunr.gzip)],
    ['build (warm, median of 5)', ms(r.ours.build), ms(r.lunr.build), ratio(r.ours.build, r.lunr.build)],
    ['load (parse + decode)', ms(r.ours.load), ms(r.lunr.load), ratio(r.ours.load, r.lunr.load)],
    ['query median', ms(r.ours.median), ms(r.lunr.median), ratio(r.ours.median, r.lunr.median)],
    ['query p99 (all samples)', ms(r.ours.p99), ms(r.lunr.p99), ratio(r.ours.p99, r.lunr.p99)],
    ['query p99 (per-query median)', ms(r.ours.p99q), ms(r.lunr.p99q), ratio(r.ours.p99q, r.lunr.p99q)],
    ...r.ours.long.map((o, n) => {
      const l = r.lunr.long[n];
      return [`${o.length}-char Chinese, median/max`, `${ms(o.median)}/${ms(o.max)}`, `${ms(l.median)}/${ms(l.max)}`, ratio(o.median, l.median)];
    }),
    ['queries with results', `${r.ours.answered}/${r.queries}`, `${r.lunr.answered}/${r.queries}`, ''],
    ['expected page first', `${r.ours.top1}/${r.ours.judged}`, `${r.lunr.top1}/${r.lunr.judged}`, ''],
    ['expected page in top 8', `${r.ours.top8}/${r.ours.judged}`, `${r.lunr.top8}/${r.lunr.judged}`, ''],
  ];
  console.log(`\n${r.locale}: ${r.pages} pages, ${r.sections} sections, ${r.queries} queries × ${REPS}`);
  console.log(`${''.padEnd(34)}${'sitegen'.padStart(16)}${'lunr'.padStart(22)}${'ratio'.padStart(9)}`);
  for (const [name, a, b, c] of rows) console.log(`${name.padEnd(34)}${a.padStart(16)}${b.padStart(22)}${c.padStart(9)}`);
}

/** SearchPage[] per locale, from the build when it can plan the site. */
async function loadPages() {
  try {
    if (!existsSync(`${root}lib/index.js`)) execFileSync(process.execPath, [`${root}scripts/compile.mjs`], { cwd: root, stdio: 'inherit' });
    const { loadConfig, planSite } = await import(`${root}lib/index.js`);
    const config = await loadConfig({ cwd: root });
    const plan = await planSite({ config });
    Object.assign(CONFIG, config.search);
    const pages = (code) => plan.routes.filter((r) => r.locale === code && r.search).map((r) => r.search);
    return { source: 'planSite()', locales: LOCALES.map((l) => ({ ...l, pages: pages(l.locale) })) };
  } catch (error) {
    const reason = String(error?.message ?? error).split('\n')[0];
    const locales = LOCALES.map((l) => ({ ...l, pages: loadSearchPages({ root, ...l }) }));
    return { source: `bench/searchPages.mjs (planSite() failed: ${reason})`, locales };
  }
}

const engine = await loadEngine();
const { source, locales } = await loadPages();
console.log(`pages from ${source}`);
const cold = time(() => engine.buildSearchJson(locales[0].pages, CONFIG));
console.log(`cold first build (${locales[0].locale}, includes jieba dictionary load): ${ms(cold.ms)}`);
for (const locale of locales) report(measureLocale(engine, locale));
