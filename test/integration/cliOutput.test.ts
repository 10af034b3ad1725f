// How the CLI writes where its output goes: a pipe whose reader goes away, a terminal.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, configSource, md, writeSite } from '../helpers/site';

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

// util-linux's `script` runs the CLI on a terminal of its own, where the build redraws its progress line in place.
describe.skipIf(!existsSync('/usr/bin/script'))('on a terminal', () => {
  it('a config that throws later, mid-build, is told on a line of its own, not after the progress line it interrupts', () => {
    const dir = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }) });
    sites.push(dir);
    // Thrown while the build is under way: at the moment it makes its temporary output folder.
    const late = "import { watch } from 'node:fs';\nconst w = watch('.', (_, name) => {\n  if (String(name).includes('sitegen-tmp')) {\n    w.close();\n    throw new Error('late boom');\n  }\n});\n";
    writeFileSync(join(dir, 'site.config.ts'), late + configSource());
    const env = { ...process.env };
    delete env.NO_COLOR;
    delete env.CI;
    const r = spawnSync('/usr/bin/script', ['-qec', `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} build`, '/dev/null'], { cwd: dir, encoding: 'utf8', env });
    expect(r.status, r.stdout).toBe(2);
    // What the terminal shows at the end: each line as the last redraw (after the last \r, and after a line clear) left it.
    const shown = r.stdout.split(/\r?\n/).map((line) => line.split('\r').pop()!.replace(/^\x1b\[2K/, ''));
    expect(shown, JSON.stringify(r.stdout)).toContain('site.config.ts error[config] the config threw after it was loaded (from a timer or callback): late boom');
  }, 60_000);
});
