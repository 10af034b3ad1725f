import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, withoutDotfiles } from '../../src/files';

describe('listFiles', () => {
  const tree = () => {
    const root = mkdtempSync(join(tmpdir(), 'sitegen-files-'));
    for (const [path, text] of [['a.md', 'a'], ['docs/b.md', 'bb'], ['docs/_partial.md', 'p'], ['.hidden/c.md', 'c'], ['docs/.DS_Store', 'x']]) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    symlinkSync(join(root, 'a.md'), join(root, 'docs/link.md'));
    return root;
  };

  it('lists every regular file with its size, and neither follows nor lists symbolic links', () => {
    const files = listFiles(tree());
    expect(files.map((f) => f.path).sort()).toEqual(['.hidden/c.md', 'a.md', 'docs/.DS_Store', 'docs/_partial.md', 'docs/b.md']);
    expect(files.find((f) => f.path === 'docs/b.md')).toMatchObject({ size: 2 });
    expect(files.every((f) => f.mtimeMs > 0 && f.ino > 0)).toBe(true);
  });

  it('leaves out what `keep` refuses, whole folders included, and lists nothing for a missing folder', () => {
    const root = tree();
    expect(listFiles(root, withoutDotfiles).map((f) => f.path).sort()).toEqual(['a.md', 'docs/_partial.md', 'docs/b.md']);
    expect(listFiles(root, (name) => !name.startsWith('_') && name !== 'docs').map((f) => f.path).sort()).toEqual(['.hidden/c.md', 'a.md']);
    expect(listFiles(join(root, 'nope'))).toEqual([]);
  });

  it('with followFileLinks lists a link to a file as that file, and never follows a link to a folder', () => {
    const root = tree();
    symlinkSync(join(root, 'docs'), join(root, 'docs-link'));
    const files = listFiles(root, withoutDotfiles, { followFileLinks: true });
    expect(files.map((f) => f.path).sort()).toEqual(['a.md', 'docs/_partial.md', 'docs/b.md', 'docs/link.md']);
    expect(files.find((f) => f.path === 'docs/link.md')).toMatchObject({ size: 1 });
  });
});
