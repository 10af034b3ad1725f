// V8 flags for sitegen's builds. They are process-wide (every worker thread too) and read as code
// runs, so they can be set while the process runs. A one-shot build runs most of its code a few
// hundred times and exits: V8's optimizing tiers, tuned for long-running programs, cost it more than
// they save. Every figure below is a same-run A/B of whole builds (ratios: this flag against without).
import { setFlagsFromString } from 'node:v8';

/** V8's own budget (Node 20): bytecode run, in bytes, before a function is considered for TurboFan. */
const V8_INTERRUPT_BUDGET = 66 * 1024;
const RAISED_BUDGET = `--interrupt-budget=${8 * V8_INTERRUPT_BUDGET}`;
const BIG_SITE_FILES = 2000;
const SMALL_SITE_FILES = 1000;

/**
 * Set by `sitegen build` before anything else runs, when the size of the site is not known yet.
 *
 * - The interrupt budget 8× V8's: a one-shot build of a small site spent about a fifth of its CPU
 *   time in TurboFan compiling functions that run a few hundred times and are done (every thread
 *   compiles its own). From the start rather than once the content is read (below), the starting
 *   code (the CLI, the config, the threads' modules) is left to the baseline tiers too: a warm build
 *   of the 1× corpus CPU 0.908, wall 0.928 (12 pairs); a cold build of the bundled site 0.988 / 0.983.
 * - shiki's Oniguruma WebAssembly stays in V8's baseline compiler (Liftoff) 1,000× longer before its
 *   hot functions are compiled again by TurboFan: compiling the regex engine's big matching function
 *   cost more than it saved on a site with a few hundred code blocks, and a site with thousands still
 *   reaches the budget. Cold builds: bundled site CPU 0.925, wall 0.931 (12 pairs); 1× corpus 1.000 /
 *   0.995 (8); 10× corpus 0.990 / 0.967 (3).
 * - Regular expressions compiled to machine code on their first run instead of after one run in V8's
 *   regexp interpreter: marked's block rules backtrack over every paragraph, and interpreted they
 *   made the first page a thread lexes take 25-34 ms instead of 8-10 ms (a 1.7 KB Chinese page, in
 *   a fresh process). In a warm build that page is the changed one: the worker's markdown stage 46-55
 *   → 17-19 ms. Whole warm builds of the 1× corpus: wall 0.985 / 1.003 and 0.988 / 0.973 (medians /
 *   pairwise, 20 pairs each way, the corpus copies swapped), CPU 0.987-0.989; cold builds the same
 *   within noise (0.973 and 1.018, 8 pairs each way).
 */
export const ONE_SHOT_START_FLAGS = [RAISED_BUDGET, `--wasm-tiering-budget=${1000 * 1_800_000}`, '--regexp-tier-up-ticks=0'];

/**
 * V8 flags for a build of this many content files, set once the content is read (before the
 * markdown, render and search stages that do most of the work).
 *
 * A big build makes big short-lived strings (pages, their cache entries) fast, and V8 lets the heap
 * grow to 3-4× what is live before a full collection: 1.5× instead keeps the peak memory of a
 * 16,000-page build about a third lower for a few per cent more CPU time. A small site keeps V8's
 * default (the 1× corpus's warm build: about 0.15 s less CPU time).
 *
 * The raised interrupt budget (above) is for small sites: 9-10 % less CPU time and 4-7 % less wall
 * time on the bundled site when it came with the content (no TurboFan at all is 5-9 % slower). A big
 * build, whose functions run long enough to pay for any compiling, goes back to V8's budget; the dev
 * server, which runs the same code edit after edit, never leaves it.
 */
export function v8FlagsFor(files: number, oneShot: boolean): string[] {
  const flags: string[] = [];
  if (files >= BIG_SITE_FILES) flags.push('--heap-growing-percent=50');
  if (oneShot) flags.push(files < SMALL_SITE_FILES ? RAISED_BUDGET : `--interrupt-budget=${V8_INTERRUPT_BUDGET}`);
  return flags;
}

export function setV8Flags(flags: string[]): void {
  for (const flag of flags) setFlagsFromString(flag);
}
