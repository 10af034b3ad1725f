import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('query engine bundle', () => {
  it('bundles for the browser without Node built-ins or jieba', async () => {
    const entry = fileURLToPath(new URL('../../../src/search/query.ts', import.meta.url));
    const result = await build({ entryPoints: [entry], bundle: true, platform: 'browser', format: 'esm', write: false, minify: true, logLevel: 'silent' });
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/jieba|node:/);
    // The engine is loaded by every visitor's first search: keep it small. 20 KB until pages whose
    // terms are spread over their sections were found too (455 bytes, 199 gzip); 21 KB until a last word
    // was also read as the words one letter from it (depl: DeepL) and a stop word being typed as a word's
    // start (in: install): 20,855 -> 21,090 bytes, 8,840 -> 8,922 gzip. 21.5 KB until two words the site
    // writes as one were read as it too (open ai: OpenAI), and a word of how a thing fails that the vocabulary
    // cuts into pieces joined again (出不来): 21,090 -> 22,004 bytes, 8,922 -> 9,281 gzip. 22.5 KB until a long
    // question's filler (时候, 应该, 谢谢; hi, thanks) was optional: 22,010 -> 22,860 bytes, 9,279 -> 9,702 gzip, most of
    // it the Chinese words, \u-escaped here (as the site bundles them, in UTF-8: 21,643 -> 22,175 bytes, 9,288 -> 9,764 gzip).
    // 23 KB until a long question also found the pages with its words across their parts: 22,860 -> 23,327 bytes,
    // 9,702 -> 9,890 gzip. 23.5 KB until an excerpt showed the place where most of the query's words meet, not the
    // first match alone: 23,327 -> 23,622 bytes.
    expect(code.length).toBeLessThan(24_000);
  });
});
