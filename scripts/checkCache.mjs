// Checks the build cache against builds without it, on a copy of this repository's site (opt-in, not in
// `npm test`: a few minutes). Two checks:
//
// - damage: every file a build leaves in `.sitegen-cache/`, damaged one at a time (a bit flipped, cut in
//   half, emptied, replaced by other JSON), each followed by a build into the last output folder and one
//   into a new folder;
// - edits: a sequence of random edits to the content (a body or title changed, a heading renamed, a link
//   to an anchor or to no page added, a page added or deleted, a post's tags changed, a file saved
//   unchanged), each followed by a build with the cache into the same output folder.
//
// Every build must exit, report and write exactly what `sitegen build --no-cache` does into a new folder.
// An edit whose build fails (a deleted page that others link to) is undone once both builds agree.
//
// Usage: node scripts/checkCache.mjs [--check damage|edits|both] [--seed 1] [--rounds 40]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFlags } from '../bench/flags.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values: flags } = readFlags('node scripts/checkCache.mjs [--check damage|edits|both] [--seed 1] [--rounds 40]', {
  check: { type: 'string', default: 'both' },
  seed: { type: 'string', default: '1' },
  rounds: { type: 'string', default: '40' },
}, { numbers: ['seed', 'rounds'] });
if (!['damage', 'edits', 'both'].includes(flags.check)) {
  console.error(`error: --check takes damage, edits or both, not "${flags.check}"`);
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'sitegen-cache-check-'));
const site = join(work, 'site');
mkdirSync(site);
for (const part of ['content', 'site.config.ts', 'sidebars.yaml', 'static']) if (existsSync(join(repo, part))) cpSync(join(repo, part), join(site, part), { recursive: true });
const cache = join(site, '.sitegen-cache');

const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
const tree = (dir) => new Map(walk(dir).map((file) => [relative(dir, file), readFileSync(file)]));
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
/** Whether a build with the cache did what the build without it did; prints the difference when not. */
function same(label, withCache, withCacheOut, without, withoutOut) {
  const a = problems(withCache);
  const b = problems(without);
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

if (flags.check !== 'edits') {
  const reference = join(work, 'reference');
  const without = build(reference, ['--no-cache']);
  build(join(work, 'first'));
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
        const out = join(work, 'damaged');
        rmSync(out, { recursive: true, force: true });
        if (kept) cpSync(reference, out, { recursive: true });
        const result = build(out);
        builds++;
        if (!same(`${file}, ${damage}, ${kept ? 'into the last output' : 'into a new folder'}`, result, out, without, reference)) failures++;
      }
    }
  }
  console.log(`damage: ${files.length} cache files, ${builds} builds, ${failures} differing`);
  rmSync(cache, { recursive: true, force: true });
}

if (flags.check !== 'damage') {
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
  const out = join(work, 'edited');
  build(out);
  let differing = 0;
  for (let round = 0; round < Number(flags.rounds); round++) {
    const name = pick(Object.keys(edits));
    const file = pick(pages());
    const before = tree(content);
    edits[name](file);
    const withCache = build(out);
    const fresh = join(work, 'fresh');
    rmSync(fresh, { recursive: true, force: true });
    const without = build(fresh, ['--no-cache']);
    const label = `edit ${round + 1}, ${name}, ${relative(site, file)}`;
    if (!same(label, withCache, out, without, fresh)) differing++;
    else console.log(`${label}: ${without.status === 0 ? 'the same output' : 'the same failure'}, ${problems(without).length} problems`);
    if (without.status !== 0) {
      for (const path of walk(content)) if (!before.has(relative(content, path))) unlinkSync(path);
      for (const [path, bytes] of before) writeFileSync(join(content, path), bytes);
    }
  }
  console.log(`edits: ${flags.rounds} rounds (seed ${flags.seed}), ${differing} differing`);
  failures += differing;
}

rmSync(work, { recursive: true, force: true });
process.exit(failures ? 1 : 0);
