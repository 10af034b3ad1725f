// Checks the build cache against builds without it, on a copy of this repository's site (opt-in, not in
// `npm test`: about ten minutes for all three). Three checks:
//
// - damage: every file a build leaves in `.sitegen-cache/`, damaged one at a time (a bit flipped, cut in
//   half, emptied, replaced by other JSON), each followed by a build into the folder the cache was made with
//   (whose files the cache's output manifest describes) and one into a new folder;
// - edits: a sequence of random edits to the content (a body or title changed, a heading renamed, a link
//   to an anchor or to no page added, a page added or deleted, a post's tags changed, a file saved
//   unchanged), each followed by a build with the cache into the same output folder;
// - serve: the same edits (and two files saved 30 ms apart, and a page made unlisted) made while `sitegen serve`
//   runs, its folder compared after each rebuild (the search index's revision, `dev` there, left out).
//
// Every build must exit, report and write exactly what `sitegen build --no-cache` does into a new folder.
// An edit whose build fails (a deleted page that others link to) is undone once both builds agree.
//
// Usage: node scripts/checkCache.mjs [--check damage|edits|serve|all] [--seed 1] [--rounds 40]
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFlags } from '../bench/flags.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values: flags } = readFlags('node scripts/checkCache.mjs [--check damage|edits|serve|all] [--seed 1] [--rounds 40]', {
  check: { type: 'string', default: 'all' },
  seed: { type: 'string', default: '1' },
  rounds: { type: 'string', default: '40' },
}, { numbers: ['seed', 'rounds'] });
if (!['damage', 'edits', 'serve', 'all'].includes(flags.check)) {
  console.error(`error: --check takes damage, edits, serve or all, not "${flags.check}"`);
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'sitegen-cache-check-'));
const site = join(work, 'site');
mkdirSync(site);
for (const part of ['content', 'site.config.ts', 'sidebars.yaml', 'static']) if (existsSync(join(repo, part))) cpSync(join(repo, part), join(site, part), { recursive: true });
const cache = join(site, '.sitegen-cache');

const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
/** A search index's revision (`"r"`): the dev server's is `dev`, a build's a hash of the index. */
const withoutRevision = (file, bytes) => (file.endsWith('search-index.json') ? Buffer.from(bytes.toString('utf8').replace(/"r":"[^"]*"/g, '"r":""')) : bytes);
const tree = (dir) => new Map(walk(dir).map((file) => [relative(dir, file), withoutRevision(file, readFileSync(file))]));
const build = (out, extra = []) => spawnSync(process.execPath, [join(repo, 'bin/sitegen.js'), 'build', '--out', out, ...extra], { cwd: site, encoding: 'utf8' });
/** A build's diagnostics (and any stack trace), sorted. */
const problems = (result) => result.stderr.split('\n').filter((line) => /(error|warning)\[|^\s+at /.test(line)).map((line) => line.trim()).sort();
/** Where two output folders differ: missing, extra and changed files. */
function differences(expected, actual) {
  const found = [];
  for (const [path, bytes] of expected) if (!actual.has(path)) found.push(`missing ${path}`);
  else if (!actual.get(path).equals(bytes)) found.push(`changed ${path}`);
  for (const path of actual.keys()) if (!expected.has(path)) found.push(`extra ${path}`);
  return found;
}
/**
 * Whether a build with the cache did what the build without it did; prints the difference when not. `errorsOnly`: for
 * the dev server, which tells a warning once, not again at every rebuild.
 */
function same(label, withCache, withCacheOut, without, withoutOut, errorsOnly = false) {
  const keep = (lines) => (errorsOnly ? lines.filter((line) => !line.includes('warning[')) : lines);
  const a = keep(problems(withCache));
  const b = keep(problems(without));
  if (withCache.status !== without.status || a.join('\n') !== b.join('\n')) {
    console.log(`DIFFERS ${label}: exit ${withCache.status} against ${without.status}\n  with the cache: ${a.slice(0, 3).join(' | ')}\n  without: ${b.slice(0, 3).join(' | ')}`);
    return false;
  }
  if (without.status !== 0) return true;
  const found = differences(tree(withoutOut), tree(withCacheOut));
  if (found.length) console.log(`DIFFERS ${label}: ${found.length} files, ${found.slice(0, 5).join('; ')}`);
  return found.length === 0;
}

let failures = 0;
let builds = 0;

if (flags.check === 'damage' || flags.check === 'all') {
  const reference = join(work, 'reference');
  const without = build(reference, ['--no-cache']);
  // The folder the cache is made with: a build into it checks it against the output manifest. A build that is right
  // leaves it as it is, so it stays the folder the manifest describes.
  const first = join(work, 'first');
  build(first);
  const good = join(work, 'good-cache');
  cpSync(cache, good, { recursive: true });
  const damages = {
    'a bit flipped': (bytes) => Buffer.from(bytes.map((b, i) => (i === Math.floor(bytes.length * 0.6) ? b ^ 1 : b))),
    'cut in half': (bytes) => bytes.subarray(0, bytes.length >> 1),
    emptied: () => Buffer.alloc(0),
    'other JSON': () => Buffer.from('{"x":1}\n'),
  };
  const files = walk(good).map((file) => relative(good, file));
  for (const file of files) {
    for (const [damage, change] of Object.entries(damages)) {
      for (const kept of [true, false]) {
        rmSync(cache, { recursive: true, force: true });
        cpSync(good, cache, { recursive: true });
        writeFileSync(join(cache, file), change(readFileSync(join(cache, file))));
        const out = kept ? first : join(work, 'damaged');
        if (!kept) rmSync(out, { recursive: true, force: true });
        const result = build(out);
        builds++;
        if (!same(`${file}, ${damage}, ${kept ? 'into the folder the cache was made with' : 'into a new folder'}`, result, out, without, reference)) failures++;
      }
    }
  }
  console.log(`damage: ${files.length} cache files, ${builds} builds, ${failures} differing`);
  rmSync(cache, { recursive: true, force: true });
}

let seed = Number(flags.seed);
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (items) => items[Math.floor(random() * items.length)];
const content = join(site, 'content');
const pages = () => walk(content).filter((file) => file.endsWith('.md') && !relative(content, file).split('/').some((part) => part.startsWith('_')));
const docs = () => pages().filter((file) => file.includes('/docs/'));
const headings = (file) => [...readFileSync(file, 'utf8').matchAll(/^##+ (.+)$/gm)].map((m) => m[1]);
const append = (file, text) => writeFileSync(file, `${readFileSync(file, 'utf8')}\n\n${text}\n`);
const number = () => Math.floor(random() * 1e6);
const edits = {
  body: (file) => append(file, `An added line ${number()}. 新增的一行。`),
  title: (file) => writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: Title ${number()}`)),
  heading: (file) => {
    const [first] = headings(file);
    if (first) writeFileSync(file, readFileSync(file, 'utf8').replace(`## ${first}`, `## ${first} (renamed)`));
  },
  anchorLink: (file) => {
    const target = pick(docs().filter((f) => headings(f).length));
    const slug = headings(target)[0].toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').trim().replace(/\s+/g, '-');
    append(file, `[There](${relative(dirname(file), target)}#${slug})`);
  },
  brokenLink: (file) => append(file, `[Gone](./no-such-page-${number()}.md)`),
  addPage: (file) => {
    if (!file.includes('/docs/')) return;
    writeFileSync(join(dirname(file), `added-${number()}.md`), `---\ntitle: Added page\ndescription: Added by the cache check\n---\n\nSee [another page](${relative(dirname(file), pick(docs()))}).\n\n## A part\n\nText. 文字。\n`);
  },
  deletePage: (file) => {
    if (!file.endsWith('index.md')) unlinkSync(file);
  },
  tags: (file) => writeFileSync(file, readFileSync(file, 'utf8').replace(/^tags: .*$/m, 'tags: [announcements]')),
  saved: (file) => writeFileSync(file, readFileSync(file)),
};
/** Edits only the dev server is given: a burst of two saves, and a page made unlisted. */
const serveEdits = {
  ...edits,
  twoSaves: (file) => {
    append(file, `A first save ${number()}.`);
    const other = pick(pages());
    const text = `A second save ${number()}.`;
    setTimeout(() => append(other, text), 30);
  },
  unlisted: (file) => {
    if (!file.endsWith('index.md')) writeFileSync(file, readFileSync(file, 'utf8').replace(/^---\n/, '---\nunlisted: true\n'));
  },
};

/**
 * Makes `rounds` random edits; after each, `settle` returns the folder to compare with a build without the cache
 * and whether its own build failed. An edit whose build fails is undone (then `settle` again).
 */
async function editSequence(kind, kinds, settle, errorsOnly = false) {
  let differing = 0;
  for (let round = 0; round < Number(flags.rounds); round++) {
    const name = pick(Object.keys(kinds));
    const file = pick(pages());
    const before = tree(content);
    kinds[name](file);
    const { folder, result } = await settle(name);
    const fresh = join(work, 'fresh');
    rmSync(fresh, { recursive: true, force: true });
    const without = build(fresh, ['--no-cache']);
    const label = `${kind} ${round + 1}, ${name}, ${relative(site, file)}`;
    if (!same(label, result, folder, without, fresh, errorsOnly)) differing++;
    else console.log(`${label}: ${without.status === 0 ? 'the same output' : 'the same failure'}, ${problems(without).length} problems`);
    if (without.status !== 0) {
      for (const path of walk(content)) if (!before.has(relative(content, path))) unlinkSync(path);
      for (const [path, bytes] of before) writeFileSync(join(content, path), bytes);
      await settle('undo');
    }
  }
  console.log(`${kind}: ${flags.rounds} edits (seed ${flags.seed}), ${differing} differing`);
  return differing;
}

if (flags.check === 'edits' || flags.check === 'all') {
  const out = join(work, 'edited');
  build(out);
  failures += await editSequence('edits', edits, () => ({ folder: out, result: build(out) }));
}

if (flags.check === 'serve' || flags.check === 'all') {
  rmSync(cache, { recursive: true, force: true });
  const server = spawn(process.execPath, [join(repo, 'bin/sitegen.js'), 'serve', '--port', '0'], { cwd: site });
  let log = '';
  server.stdout.on('data', (data) => (log += data));
  server.stderr.on('data', (data) => (log += data));
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const summaries = () => log.split('\n').filter((line) => /built \d+ pages|build failed/.test(line));
  /** Until the server has told `count` builds, then 1.5 s more for its search index (written after the pages) and any later save. */
  const told = async (count) => {
    for (let waited = 0; waited < 30_000 && summaries().length < count; waited += 50) await sleep(50);
    await sleep(1500);
  };
  await told(1);
  const devFolder = join(cache, 'dev');
  failures += await editSequence('serve', serveEdits, async () => {
    await told(summaries().length + 1);
    // The dev server's summary line stands in for a build's exit code, and what it printed since the one before for its diagnostics.
    const lines = log.split('\n');
    const ends = lines.flatMap((line, i) => (/built \d+ pages|build failed/.test(line) ? [i] : []));
    const failed = /build failed/.test(lines[ends.at(-1)] ?? '');
    return { folder: devFolder, result: { status: failed ? 1 : 0, stderr: lines.slice((ends.at(-2) ?? -1) + 1, ends.at(-1) + 1).join('\n') } };
  }, true);
  server.kill();
}

rmSync(work, { recursive: true, force: true });
process.exit(failures ? 1 : 0);
