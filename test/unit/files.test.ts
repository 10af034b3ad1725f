import { mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, makeDir, makeDirSync, withoutDotfiles } from '../../src/files';

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

describe('makeDir and makeDirSync (mkdir -p, one level at a time)', () => {
  for (const [name, make] of [['makeDirSync', async (dir: string) => makeDirSync(dir)], ['makeDir', makeDir]] as const) {
    it(`${name} makes every missing level, accepts a folder or a link to one, and refuses a file or a dangling link in the way`, async () => {
      const root = mkdtempSync(join(tmpdir(), 'sitegen-mkdir-'));
      await make(join(root, 'a/b/c'));
      expect(statSync(join(root, 'a/b/c')).isDirectory()).toBe(true);
      await make(join(root, 'a/b'));
      mkdirSync(join(root, 'real'));
      symlinkSync(join(root, 'real'), join(root, 'link'));
      await make(join(root, 'link/d'));
      expect(statSync(join(root, 'real/d')).isDirectory()).toBe(true);
      writeFileSync(join(root, 'file'), 'x');
      await expect(make(join(root, 'file'))).rejects.toMatchObject({ code: 'EEXIST' });
      await expect(make(join(root, 'file/e'))).rejects.toMatchObject({ code: 'ENOTDIR' });
      symlinkSync(join(root, 'gone'), join(root, 'dangling'));
      await expect(make(join(root, 'dangling'))).rejects.toMatchObject({ code: 'EEXIST' });
    });
  }
  // Node 20's own recursive mkdir never returns there.
  it.skipIf(!statSync('/proc', { throwIfNoEntry: false }))('fails at a folder the system refuses to make (/proc/x)', async () => {
    expect(() => makeDirSync('/proc/sitegen-x/y')).toThrow(/ENOENT/);
    await expect(makeDir('/proc/sitegen-x/y')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
