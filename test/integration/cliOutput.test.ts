// How the CLI writes where its output goes: a pipe whose reader goes away, a terminal.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, md, writeSite } from '../helpers/site';

const sites: string[] = [];
afterAll(() => sites.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('a build whose output is cut short (sitegen build 2>&1 | head -1)', () => {
  it('finishes the build and exits 0, as init does, instead of exit 1 at the first line it can no longer write', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }) });
    sites.push(dir);
    // `build` starts a worker thread before the CLI loads, whose output Node pipes into this process's stderr.
    const child = spawn(process.execPath, [BIN, 'build'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let first = '';
    // The reader takes the first line (a stage's) and goes away: every later write to the pipe fails.
    child.stderr.once('data', (chunk: Buffer) => {
      first = chunk.toString();
      child.stderr.destroy();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(first).not.toBe('');
    expect(code).toBe(0);
    expect(existsSync(join(dir, 'dist/docs/a/index.html'))).toBe(true);
  }, 60_000);
});
