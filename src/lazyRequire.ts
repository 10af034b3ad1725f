// CommonJS packages loaded by `require`, the first time they are needed: it reads a package as it is,
// where `import` first scans it for the names it exports (esbuild: about 20 ms of a cold build's start,
// where the config is compiled, before anything else can begin; commander and React: 3 ms each).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A loader of `specifier` that requires it on its first call and returns the same module after. */
export function lazyRequire<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(specifier) as T);
}

/** esbuild's JavaScript API: a warm build takes every bundle from the cache and never loads it. */
export const loadEsbuild = lazyRequire<typeof import('esbuild')>('esbuild');
