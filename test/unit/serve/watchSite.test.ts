import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchSite } from '../../../src/serve/watchSite.js';

describe('watchSite', () => {
  it('sees a change that comes right after the last one (chokidar alone drops it for 50 ms)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sitegen-watch-'));
    mkdirSync(join(root, 'content'));
    const file = join(root, 'content/a.md');
    writeFileSync(file, 'start\n');
    const seen: string[] = [];
    let wake: (() => void) | null = null;
    const watcher = await watchSite({
      root,
      paths: [join(root, 'content')],
      ignored: () => false,
      rebuild: async (files) => {
        expect(files).toEqual(['content/a.md']);
        seen.push(readFileSync(file, 'utf8'));
        wake?.();
      },
    });
    try {
      for (let i = 0; i < 8; i++) {
        const rebuilt = new Promise<string>((resolve) => {
          wake = () => resolve('rebuilt');
          setTimeout(() => resolve(`edit ${i} was missed`), 2000);
        });
        writeFileSync(file, `edit ${i}\n`);
        expect(await rebuilt).toBe('rebuilt');
        // The next save lands inside chokidar's 50 ms window after the change it reported.
        await new Promise((r) => setTimeout(r, 15));
      }
      writeFileSync(file, 'last\n');
      await expect.poll(() => seen[seen.length - 1], { timeout: 2000, interval: 20 }).toBe('last\n');
    } finally {
      await watcher.close();
    }
  });
});
