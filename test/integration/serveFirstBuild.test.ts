// A tab left open across a restart of sitegen serve: during the first build it gets a page that waits for the
// site (with the live-reload client), not a 404 it would stay on, and it reloads once the site is built.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/serve/runServe';
import { md, writeSite } from '../helpers/site';
import { listenLiveReload } from '../helpers/liveReload';

/** A port free now (the server binds it a moment later). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('sitegen serve during its first build', () => {
  it('answers a page with a 503 page that carries the live-reload client, which is told to reload once the site is built', async () => {
    // Enough pages that the first build takes a while after the port is bound.
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`content/zh-Hans/docs/p${i}.md`] = md({ title: `P${i}`, description: 'p' }, `${'Text of the page. '.repeat(40)}\n\n\`\`\`ts\nconst n = ${i};\n\`\`\`\n`);
    // A page whose address ends like a file's name (a release's notes): a browser's navigation asks for HTML.
    files['content/zh-Hans/docs/v1.2.md'] = md({ title: 'V1.2', description: 'v' }, 'Notes.\n');
    const dir = writeSite(files);
    const port = await freePort();
    const io = { out: () => undefined, err: () => undefined, interactive: false };
    const starting = startDevServer({ port: String(port), host: '127.0.0.1', watch: false, config: `${dir}/site.config.ts` }, io);
    let first: { status: number; body: string } | null = null;
    let dotted: { status: number; body: string } | null = null;
    const navigation = { headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } };
    for (const end = Date.now() + 20_000; !first && Date.now() < end; ) {
      try {
        const [res, other] = await Promise.all([fetch(`http://127.0.0.1:${port}/docs/p1`), fetch(`http://127.0.0.1:${port}/docs/v1.2`, navigation)]);
        first = { status: res.status, body: await res.text() };
        dotted = { status: other.status, body: await other.text() };
      } catch {
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    // Before: 404 "Not found", as text, with no client to tell it the site was there.
    expect(first?.status).toBe(503);
    // With the server's revision as it answered: a tab whose channel opens once the build has ended (and its reload was
    // told) is told another, and reloads. Before, it had no revision to compare and waited on this page for good.
    const served = Number(/<script src="\/__sitegen\/client\.js" data-revision="(\d+)"><\/script>/.exec(first?.body ?? '')?.[1]);
    expect(served).toBeGreaterThan(0);
    // Before: taken for a file (/docs/v1.2 ends in ".2"), 404 "Not found" as text, and the tab stayed on it.
    expect(dotted?.status).toBe(503);
    expect(dotted?.body).toContain('<script src="/__sitegen/client.js" data-revision=');
    const events = await listenLiveReload(port);
    const server = await starting;
    try {
      const reload = await events.next((m) => m.type === 'reload');
      expect(reload.paths).toEqual(['*']);
      expect((await fetch(`http://127.0.0.1:${port}/docs/p1`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/docs/v1.2`)).status).toBe(200);
      const late = await listenLiveReload(port);
      late.close();
      expect(late.messages[0]!.revision).not.toBe(served);
    } finally {
      events.close();
      await server.close();
    }
  }, 60_000);

  it('shows a page saved, and a page deleted, while the first build ran (the watcher starts after it): one rebuild once it is ready', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`content/zh-Hans/docs/p${i}.md`] = md({ title: `P${i}`, description: 'p' }, `${'Text of the page. '.repeat(40)}\n\n\`\`\`ts\nconst n = ${i};\n\`\`\`\n`);
    const dir = writeSite(files);
    const port = await freePort();
    const printed: string[] = [];
    const io = { out: () => undefined, err: (text: string) => void printed.push(text), interactive: false };
    let started = false;
    const starting = startDevServer({ port: String(port), host: '127.0.0.1', watch: true, config: `${dir}/site.config.ts` }, io).then((server) => ((started = true), server));
    // The building page: the port is bound and the first build runs.
    for (let status = 0, end = Date.now() + 20_000; status !== 503 && Date.now() < end; ) {
      status = await fetch(`http://127.0.0.1:${port}/docs/p1`).then((res) => res.status, () => 0);
    }
    writeFileSync(`${dir}/content/zh-Hans/docs/p1.md`, md({ title: 'Saved while building', description: 'p' }, 'New text.\n'));
    rmSync(`${dir}/content/zh-Hans/docs/p2.md`);
    expect(started, 'the edit was made during the first build').toBe(false);
    const server = await starting;
    try {
      const title = async () => /<h1[^>]*>([^<]*)</.exec(await (await fetch(`http://127.0.0.1:${port}/docs/p1`)).text())?.[1];
      // Before: the first build's read of the page stayed served until the next change; no rebuild came.
      await expect.poll(title, { timeout: 10_000, interval: 50 }).toBe('Saved while building');
      expect((await fetch(`http://127.0.0.1:${port}/docs/p2`)).status).toBe(404);
      expect(printed.filter((line) => line.includes(' built ')).length).toBe(2);
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('two dev servers of one project', () => {
  it('each build into a folder of their own: a second one neither deletes nor overwrites the first one\'s', async () => {
    const { spawn } = await import('node:child_process');
    const { existsSync, mkdirSync, readFileSync, writeFileSync } = await import('node:fs');
    const dir = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Text.\n') });
    const io = { out: () => undefined, err: () => undefined, interactive: false };
    // Another live process holds the dev folder (the first server, in another terminal).
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    mkdirSync(`${dir}/.sitegen-cache/dev`, { recursive: true });
    writeFileSync(`${dir}/.sitegen-cache/dev/keep.txt`, 'the first server\'s\n');
    writeFileSync(`${dir}/.sitegen-cache/dev.pid`, `${other.pid}\n`);
    try {
      const second = await startDevServer({ port: '0', host: '127.0.0.1', watch: false, config: `${dir}/site.config.ts` }, io);
      // Before: it deleted .sitegen-cache/dev and built its own site there.
      expect(readFileSync(`${dir}/.sitegen-cache/dev/keep.txt`, 'utf8')).toBe('the first server\'s\n');
      expect(existsSync(`${dir}/.sitegen-cache/dev-${process.pid}/docs/a/index.html`)).toBe(true);
      expect((await fetch(`http://127.0.0.1:${second.port}/docs/a`)).status).toBe(200);
      await second.close();
      expect(existsSync(`${dir}/.sitegen-cache/dev-${process.pid}`)).toBe(false);
    } finally {
      other.kill();
    }
    // A mark left by a server that is gone: the folder is taken over, and the mark given back at the end.
    await new Promise((r) => other.once('exit', r));
    const third = await startDevServer({ port: '0', host: '127.0.0.1', watch: false, config: `${dir}/site.config.ts` }, io);
    expect(readFileSync(`${dir}/.sitegen-cache/dev.pid`, 'utf8').split(/\s+/)[0]).toBe(String(process.pid));
    expect(existsSync(`${dir}/.sitegen-cache/dev/docs/a/index.html`)).toBe(true);
    await third.close();
    expect(existsSync(`${dir}/.sitegen-cache/dev.pid`)).toBe(false);
  }, 60_000);

  // Where /proc tells when a process started (Linux), the mark holds that too.
  it.runIf(existsSync('/proc/self/stat'))('takes the dev folder over from a mark whose process id another program has since been given', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Text.\n') });
    const io = { out: () => undefined, err: () => undefined, interactive: false };
    const mark = `${dir}/.sitegen-cache/dev.pid`;
    // A live process that is no dev server: it has the id of the one that wrote the mark, not its start.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    const started = startOf(other.pid!);
    mkdirSync(`${dir}/.sitegen-cache`, { recursive: true });
    try {
      writeFileSync(mark, `${other.pid} ${started - 1}\n`);
      // Before: it took the mark's process for a server, and built into a dev-<pid> folder (no warm start) on every start.
      const server = await startDevServer({ port: '0', host: '127.0.0.1', watch: false, config: `${dir}/site.config.ts` }, io);
      expect(readFileSync(mark, 'utf8').split(/\s+/)[0]).toBe(String(process.pid));
      expect(existsSync(`${dir}/.sitegen-cache/dev/docs/a/index.html`)).toBe(true);
      expect(existsSync(`${dir}/.sitegen-cache/dev-${process.pid}`)).toBe(false);
      await server.close();
      // The process that wrote the mark, still running: its folder is left alone.
      writeFileSync(mark, `${other.pid} ${started}\n`);
      const second = await startDevServer({ port: '0', host: '127.0.0.1', watch: false, config: `${dir}/site.config.ts` }, io);
      expect(existsSync(`${dir}/.sitegen-cache/dev-${process.pid}/docs/a/index.html`)).toBe(true);
      await second.close();
      expect(readFileSync(mark, 'utf8')).toBe(`${other.pid} ${started}\n`);
    } finally {
      other.kill();
    }
  }, 60_000);
});

/** When a process started: /proc/<pid>/stat's 22nd field. */
function startOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
}
