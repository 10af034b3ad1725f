// esbuild's JavaScript API, loaded when a bundle is first made (a warm build takes every bundle from the
// cache and never loads it). The package is CommonJS: `require` reads it as it is, where `import()`
// first scans its 100 KB for the names it exports (about 20 ms of a cold build's start, where the
// config is compiled, before anything else can begin).
import { createRequire } from 'node:module';

type Esbuild = typeof import('esbuild');

let loaded: Esbuild | undefined;

export function loadEsbuild(): Esbuild {
  loaded ??= createRequire(import.meta.url)('esbuild') as Esbuild;
  return loaded;
}
