// The output folder of a writing build: files go into a temporary sibling as they come, and only a
// commit swaps it in (static files beside them, the generated file winning a clash; the previous
// output deleted in the background); an abort leaves the previous output as it was, and files that
// still arrive afterwards are not written anywhere.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openOutput } from '../../../src/output/writeOutput.js';

function workspace() {
  const root = mkdtempSync(join(tmpdir(), 'sitegen-out-'));
  const outDir = join(root, 'dist');
  mkdirSync(outDir);
  writeFileSync(join(outDir, 'old.html'), 'previous build');
  const staticDir = join(root, 'static');
  mkdirSync(join(staticDir, 'img'), { recursive: true });
  writeFileSync(join(staticDir, 'img/a.svg'), '<svg/>');
  writeFileSync(join(staticDir, 'robots.txt'), 'static robots');
  return { root, outDir, staticDir, siblings: () => readdirSync(root).sort() };
}

describe('openOutput', () => {
  it('writes files as they are added and swaps the folder in on commit, generated files winning over static ones', async () => {
    const { outDir, staticDir, siblings } = workspace();
    const output = await openOutput(outDir);
    output.add([{ path: 'docs/a/index.html', contents: '<p>a</p>' }]);
    // Not visible before the commit.
    expect(readdirSync(outDir)).toEqual(['old.html']);
    output.add([{ path: 'robots.txt', contents: 'generated robots' }]);
    expect(output.paths).toEqual(['docs/a/index.html', 'robots.txt']);
    await output.commit(staticDir);
    expect(readFileSync(join(outDir, 'docs/a/index.html'), 'utf8')).toBe('<p>a</p>');
    expect(readFileSync(join(outDir, 'robots.txt'), 'utf8')).toBe('generated robots');
    expect(readFileSync(join(outDir, 'img/a.svg'), 'utf8')).toBe('<svg/>');
    expect(readdirSync(outDir)).not.toContain('old.html');
    // The previous output is deleted in the background, soon after.
    const deadline = Date.now() + 5_000;
    while (siblings().length > 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(siblings()).toEqual(['dist', 'static']);
  });

  it('on abort leaves the previous output as it was, and writes nothing that arrives afterwards', async () => {
    const { outDir, siblings } = workspace();
    const output = await openOutput(outDir);
    output.add([{ path: 'docs/a/index.html', contents: '<p>a</p>' }]);
    expect(siblings().some((name) => name.includes('sitegen-tmp'))).toBe(true);
    await output.abort();
    output.add([{ path: 'docs/b/index.html', contents: '<p>late</p>' }]);
    expect(readdirSync(outDir)).toEqual(['old.html']);
    expect(siblings()).toEqual(['dist', 'static']);
  });
});
