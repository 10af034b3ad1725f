// Child process of the build benchmark: one build, then its own wall time, CPU time and peak memory as JSON.
import { resolve } from 'node:path';

const [configFile, outDir] = process.argv.slice(2);
// As bin/sitegen.js does: React's production build.
process.env.NODE_ENV ??= 'production';
const started = performance.now();
const { loadConfig, buildSite } = await import('../lib/index.js');
const config = await loadConfig({ configFile: resolve(configFile), outDir: outDir && resolve(outDir) });
const result = await buildSite({ config });
const usage = process.resourceUsage();
console.log(JSON.stringify({
  ok: result.ok,
  errors: result.diagnostics.filter((d) => d.severity === 'error').slice(0, 3).map((d) => `${d.file}:${d.line ?? ''} ${d.message}`),
  pages: Object.values(result.pages).reduce((a, b) => a + b, 0),
  wallMs: performance.now() - started,
  cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
  maxRssMb: usage.maxRSS / 1024,
  stages: Object.fromEntries(result.timings.map((t) => [t.stage, Math.round(t.ms)])),
}));
