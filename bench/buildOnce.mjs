// Child process of the build benchmark: one `sitegen build`, run through the CLI as a user runs it (its
// module loading, and the worker threads it starts before loading the build, included), then the
// build's wall time, CPU time, peak memory and stage times as JSON.
import { resolve } from 'node:path';

const [configFile, outDir] = process.argv.slice(2);
// As bin/sitegen.js does: React's production build, and the first worker thread started before the CLI loads.
process.env.NODE_ENV ??= 'production';
const started = performance.now();
(await import('../lib/prestart.js')).prestartWorker();
const { main } = await import('../lib/cli.js');
let log = '';
const io = { out: (text) => void (log += text), err: (text) => void (log += text), interactive: false };
const code = await main(['node', 'sitegen', 'build', '--verbose', '--config', resolve(configFile), ...(outDir ? ['--out', resolve(outDir)] : [])], io);
const usage = process.resourceUsage();
const lines = log.split('\n');
// `markdown  318 pages, 0 cached 420 ms`: one line per stage (not a terminal, so no redrawing).
const stages = Object.fromEntries(lines.map((line) => /^(\w+)\s.*?(\d+) ms$/.exec(line)).filter(Boolean).map((m) => [m[1], Number(m[2])]));
console.log(JSON.stringify({
  ok: code === 0,
  errors: code === 0 ? [] : lines.filter((line) => /error/.test(line)).slice(0, 3),
  pages: Number(/built (\d+) pages/.exec(log)?.[1] ?? 0),
  wallMs: performance.now() - started,
  cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
  maxRssMb: usage.maxRSS / 1024,
  stages,
}));
