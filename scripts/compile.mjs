// Compiles the generator (src/) to lib/ with esbuild, so the CLI runs as plain JavaScript.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const started = performance.now();
rmSync(new URL('../lib', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: {
    cli: 'src/cli.ts',
    index: 'src/index.ts',
    worker: 'src/workers/worker.ts',
    serve: 'src/serve/runServe.ts',
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
  define: { SITEGEN_VERSION: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
console.log(`compiled src/ to lib/ in ${Math.round(performance.now() - started)} ms`);
