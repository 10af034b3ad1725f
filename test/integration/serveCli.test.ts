// `sitegen serve` as a user runs it: the printed URL, a busy port, --strict-port, --open and Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, md, writeSite } from '../helpers/site';

let dir: string;
let blocker: Server;
let busyPort: number;
const children: ChildProcess[] = [];

/** Starts `sitegen serve …args` in `cwd`: the process, all it printed so far, and its exit code to come. */
function start(args: string[], cwd: string, env: Record<string, string> = {}): { child: ChildProcess; out: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { cwd, env: { ...process.env, NO_COLOR: '1', ...env } });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out: () => out, exited };
}

/** Starts `sitegen serve …args`; resolves once it printed its URL (or exited). */
function serve(args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; out: () => string; exited: Promise<number | null> }> {
  const started = start(args, dir, env);
  return new Promise((resolve) => {
    const check = setInterval(() => {
      if (/serving /.test(started.out()) || started.child.exitCode !== null) {
        clearInterval(check);
        resolve(started);
      }
    }, 20);
    void started.exited.then(() => setTimeout(() => (clearInterval(check), resolve(started)), 50));
  });
}

beforeAll(async () => {
  dir = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }) });
  blocker = createServer();
  await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
  busyPort = (blocker.address() as { port: number }).port;
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  blocker?.close();
});

describe('sitegen serve on the command line', () => {
  it('binds 127.0.0.1 by default, moves off a busy port, says so, prints the bound URL, and stops cleanly on Ctrl-C', async () => {
    const { child, out, exited } = await serve(['--port', String(busyPort), '--no-watch']);
    expect(out()).toContain(`port ${busyPort} is busy, using `);
    const url = /serving (http:\/\/127\.0\.0\.1:(\d+)\/) +(http:\/\/\S+\/en\/)/.exec(out());
    expect(url, out()).not.toBeNull();
    expect(Number(url![2])).not.toBe(busyPort);
    expect((await fetch(`${url![1]}docs/a`)).status).toBe(200);
    expect((await fetch(`${url![3]}docs/a`)).status).toBe(200);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out()).toContain('stopped');
  }, 60_000);

  it('stops at once on Ctrl-C, however many clients hold a connection open without a request', async () => {
    const { child, out, exited } = await serve(['--port', '0', '--no-watch']);
    const port = Number(/serving http:\/\/127\.0\.0\.1:(\d+)\//.exec(out())![1]);
    const { connect } = await import('node:net');
    const idle = connect(port, '127.0.0.1');
    const half = connect(port, '127.0.0.1', () => half.write('GET /docs/a HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
    await new Promise((done) => setTimeout(done, 200));
    const started = Date.now();
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(out()).toContain('stopped');
    idle.destroy();
    half.destroy();
  }, 30_000);

  it('started with a broken config, says where its errors are served, and stops cleanly on Ctrl-C while it waits', async () => {
    const broken = writeSite({ 'site.config.ts': 'export default {\n  title: "x",,\n};\n' });
    const { child, out, exited } = start(['--port', '0'], broken);
    for (const end = Date.now() + 20_000; !/waiting for site\.config\.ts to load: http:\/\/127\.0\.0\.1:\d+\//.test(out()) && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
    expect(out()).toMatch(/^site\.config\.ts:2:\d+ error\[config\]/m);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out()).toContain('stopped');
  }, 30_000);

  it('stops at once on Ctrl-C during a rebuild, printing nothing of it after "stopped"', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 400; i++) files[`content/zh-Hans/docs/p${i}.md`] = md({ title: `P${i}`, description: 'p' }, `${'Text of the page. '.repeat(60)}\n`);
    const big = writeSite(files);
    const { child, out, exited } = start(['--port', '0'], big);
    for (const end = Date.now() + 30_000; !/serving /.test(out()) && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
    expect(out()).toMatch(/serving /);
    // A new site title: every page of the 400 is rendered again (seconds here).
    // Written whole (a new file renamed over it): a write in place can be seen empty, between its truncation and its bytes,
    // on a busy machine, and that config's error printed within the 250 ms below.
    writeFileSync(join(big, 'site.config.ts.new'), readFileSync(join(big, 'site.config.ts'), 'utf8').replace("'测试站'", "'测试站二'"));
    renameSync(join(big, 'site.config.ts.new'), join(big, 'site.config.ts'));
    // Past the watcher's pause: the rebuild has started, and has a while to go.
    await new Promise((r) => setTimeout(r, 250));
    const before = out().length;
    expect(out().slice(out().lastIndexOf('serving ')), out()).not.toMatch(/site\.config\.ts: /);
    const started = Date.now();
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    // Before: it waited for the rebuild, printed its summary and "serving" again, then stopped (6 s for a baseUrl edit).
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(out().slice(before)).toBe('stopped\n');
  }, 60_000);

  it('stops at once on Ctrl-C while a rebuild renders markdown (a branch switch: every page changed)', async () => {
    // Long pages, whose markdown takes the threads a while: a stop finds some of it under way.
    const section = (text: string, n: number) => `## Part ${n}\n\n${text} with *emphasis*, \`code\` and a [link](#part-${n}).\n\n- one\n- two\n\n\`\`\`ts\nconst n = ${n};\n\`\`\`\n`;
    const page = (i: number, text: string) => md({ title: `P${i}`, description: 'p' }, Array.from({ length: 300 }, (_, n) => section(text, n)).join('\n'));
    const files: Record<string, string> = {};
    for (let i = 0; i < 24; i++) files[`content/zh-Hans/docs/p${i}.md`] = page(i, 'Text of the page');
    const big = writeSite(files);
    const { child, out, exited } = start(['--port', '0'], big);
    for (const end = Date.now() + 30_000; !/serving /.test(out()) && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
    expect(out()).toMatch(/serving /);
    for (let i = 0; i < 24; i++) writeFileSync(join(big, `content/zh-Hans/docs/p${i}.md`), page(i, 'Other text of the page'));
    // Past the watcher's pause: the threads are rendering the pages' markdown, each under its time limit.
    await new Promise((r) => setTimeout(r, 250));
    const started = Date.now();
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    // Before: "stopped" at once, and the process lived on 10 s, held by the time limits of the markdown under way.
    expect(Date.now() - started).toBeLessThan(2_000);
  }, 60_000);

  it('a second server of the project stops cleanly on two signals at once, its own folder removed, and a dead one\'s folder is removed by the next', async () => {
    const site = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }) });
    const cache = join(site, '.sitegen-cache');
    // A folder left by a server killed outright (no such process now).
    mkdirSync(join(cache, 'dev-999999999'), { recursive: true });
    const first = start(['--port', '0', '--no-watch'], site);
    for (const end = Date.now() + 20_000; !/serving /.test(first.out()) && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
    const second = start(['--port', '0', '--no-watch'], site);
    for (const end = Date.now() + 20_000; !/serving /.test(second.out()) && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
    expect(readdirSync(cache).filter((name) => name.startsWith('dev-'))).toEqual([`dev-${second.child.pid}`]);
    // As `timeout -s INT` sends them, to the server and then its process group. Before: exit 130, no "stopped",
    // and dev-<pid>, a whole copy of the site, left for good.
    second.child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 3));
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(second.out()).toContain('stopped');
    expect(readdirSync(cache).filter((name) => name.startsWith('dev-'))).toEqual([]);
    first.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 3));
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(cache, 'dev.pid'))).toBe(false);
  }, 60_000);

  it('given a folder as its config, says so and exits 2 instead of waiting for it to load', async () => {
    // Before: "waiting for content to load", for good (no edit makes a folder a config).
    const { exited, out } = start(['--config', 'content', '--port', '0'], dir);
    expect(await exited).toBe(2);
    expect(out()).toMatch(/^content error\[config\] the config file is a folder$/m);
    expect(out()).not.toMatch(/waiting for/);
  }, 30_000);

  it('given a file of another kind as its config (sidebars.yaml), says so and exits 2 instead of waiting for it to load', async () => {
    writeFileSync(join(dir, 'sidebars.yaml'), 'docs:\n  - a\n');
    // Before: `sidebars.yaml:1:5 error[config] Expected ";" but found ":"`, then "waiting for" it, for good.
    const { exited, out } = start(['--config', 'sidebars.yaml', '--port', '0'], dir);
    expect(await exited).toBe(2);
    expect(out()).toMatch(/^sidebars\.yaml error\[config\] is not a config module: the config is a TypeScript or JavaScript file/m);
    expect(out()).not.toMatch(/waiting for/);
  }, 30_000);

  it('with --strict-port exits 1 on a busy port, before building', async () => {
    const started = Date.now();
    const { exited, out } = await serve(['--port', String(busyPort), '--strict-port']);
    expect(await exited).toBe(1);
    expect(out()).toContain(`--port ${busyPort} error[serve] port ${busyPort} is already in use`);
    expect(out()).not.toContain('built ');
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);

  it('with --host 0.0.0.0 prints an address to visit on this machine, not 0.0.0.0', async () => {
    const { child, out, exited } = await serve(['--port', '0', '--no-watch', '--host', '0.0.0.0']);
    const url = /serving (http:\/\/127\.0\.0\.1:\d+\/) /.exec(out());
    expect(url, out()).not.toBeNull();
    expect((await fetch(`${url![1]}docs/a`)).status).toBe(200);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 30_000);

  it('names --host when the host cannot be bound', async () => {
    const { exited, out } = await serve(['--port', '0', '--host', '999.1.1.1']);
    expect(await exited).toBe(1);
    expect(out()).toMatch(/^--host 999\.1\.1\.1 error\[serve\] cannot listen on 999\.1\.1\.1:0: .*\n  hint: --host must name an interface of this machine$/m);
  }, 30_000);

  it('with --open opens the bound URL in the browser', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'sitegen-open-'));
    const log = join(bin, 'opened.txt');
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\necho "$@" > ${log}\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const { child, out, exited } = await serve(['--port', '0', '--open', '--no-watch'], { PATH: `${bin}:${process.env.PATH}` });
    const url = /serving (\S+)/.exec(out())![1];
    const deadline = Date.now() + 10_000;
    while (!existsSync(log) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(readFileSync(log, 'utf8').trim()).toBe(url);
    child.kill('SIGTERM');
    expect(await exited, out()).toBe(0);
  }, 60_000);

  it('with --open and a config that does not load, opens the page that shows its errors, once', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'sitegen-open-'));
    const log = join(bin, 'opened.txt');
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\necho "$@" >> ${log}\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const site = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }) });
    const good = readFileSync(join(site, 'site.config.ts'), 'utf8');
    writeFileSync(join(site, 'site.config.ts'), good.replace("url: 'https://test.example',", "url: 'https://test.example',,"));
    const { child, out, exited } = start(['--port', '0', '--open'], site, { PATH: `${bin}:${process.env.PATH}` });
    for (const end = Date.now() + 20_000; !/waiting for site\.config\.ts to load: http:/.test(out()) && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
    const url = /to load: (http:\/\/\S+) shows/.exec(out())![1];
    // Before: nothing opened until the config was fixed, though the errors were there to see.
    for (const end = Date.now() + 10_000; !existsSync(log) && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(log), out()).toBe(true);
    expect(readFileSync(log, 'utf8')).toBe(`${url}\n`);
    // Fixed: the tab opened reloads into the site (its live reload), and no second one is opened.
    writeFileSync(join(site, 'site.config.ts'), good);
    for (const end = Date.now() + 20_000; !/serving /.test(out()) && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
    expect(out()).toMatch(/serving /);
    await new Promise((r) => setTimeout(r, 500));
    expect(readFileSync(log, 'utf8')).toBe(`${url}\n`);
    child.kill('SIGTERM');
    expect(await exited, out()).toBe(0);
  }, 60_000);

  it('rejects a port that is not a number with exit 2', async () => {
    const { exited, out } = await serve(['--port', '80a']);
    expect(await exited).toBe(2);
    expect(out()).toContain('--port 80a error[usage] the port must be a number from 0 to 65535');
  }, 30_000);

  it('rejects an empty --host with exit 2 instead of serving on every interface', async () => {
    const { exited, out } = await serve(['--port', '0', '--host', ' ']);
    expect(await exited).toBe(2);
    expect(out()).toMatch(/^--host " " error\[usage\] the host is empty\n  hint: leave --host out to serve on 127\.0\.0\.1 only/m);
    expect(out()).not.toContain('serving');
  }, 30_000);
});
