// Compiles the generator (src/) to lib/ with esbuild, so the CLI runs as plain JavaScript.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const started = performance.now();
// The build cache is keyed by this too: a change to sitegen's own code never reuses stale results.
const sourceHash = createHash('sha1');
for (const file of readdirSync('src', { recursive: true }).map(String).sort()) {
  if (/\.tsx?$/.test(file)) sourceHash.update(file).update(readFileSync(`src/${file}`));
}
rmSync(new URL('../lib', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: {
    cli: 'src/cli.ts',
    index: 'src/index.ts',
    worker: 'src/workers/worker.ts',
    crawlServer: 'src/links/crawlServer.ts',
    crawlClient: 'src/links/crawlClient.ts',
    serve: 'src/serve/runServe.ts',
    prestart: 'src/workers/prestart.ts',
    seed: 'src/cache/seedBundles.ts',
  },
  outdir: 'lib',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Split chunks (next to the entries, so the worker is still ./worker.js) let `sitegen --help` skip
  // loading shiki, esbuild and React: each command imports what it needs when it runs.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  sourcemap: true,
  define: { SITEGEN_VERSION: JSON.stringify(pkg.version), SITEGEN_SOURCE: JSON.stringify(sourceHash.digest('hex').slice(0, 12)) },
  logLevel: 'warning',
});
// The bundled theme's two bundles, made now, so that a site's first build on it runs no esbuild for them.
const seeding = performance.now();
await (await import('../lib/seed.js')).seedBundles();
console.log(`compiled src/ to lib/ in ${Math.round(seeding - started)} ms, the theme's bundles in ${Math.round(performance.now() - seeding)} ms`);
