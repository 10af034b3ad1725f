import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('query engine bundle', () => {
  it('bundles for the browser without Node built-ins or jieba', async () => {
    const entry = fileURLToPath(new URL('../../../src/search/query.ts', import.meta.url));
    const result = await build({ entryPoints: [entry], bundle: true, platform: 'browser', format: 'esm', write: false, minify: true, logLevel: 'silent' });
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/jieba|node:/);
    // The engine is shipped to every visitor: keep it small.
    expect(code.length).toBeLessThan(20_000);
  });
});
