// deploy/nginx.conf serving a real build: the route list, 404 pages with status 404, and URL normalisation.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli';
import { md, REPO, writeSite } from '../helpers/site';

let nginx: ChildProcess;
let base: string;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const dir = writeSite({
    'content/zh-Hans/docs/faqs/index.md': md({ title: 'FAQ', description: 'faq' }, 'List.\n'),
    'content/zh-Hans/docs/faqs/safe.md': md({ title: 'Safe', description: 'safe' }, 'Safe.\n'),
    'content/zh-Hans/blog/2025-01-02-hello.md': md({ title: 'Hello', description: 'hi' }, 'Hi.\n'),
  });
  const code = await main(['node', 'sitegen', 'build', '--config', join(dir, 'site.config.ts')], { out: () => {}, err: () => {}, interactive: false });
  expect(code).toBe(0);
  const port = await freePort();
  const prefix = mkdtempSync(join(tmpdir(), 'sitegen-nginx-'));
  const server = readFileSync(join(REPO, 'deploy/nginx.conf'), 'utf8').replace('listen 80;', `listen 127.0.0.1:${port};`).replace('root /srv/sitegen;', `root ${join(dir, 'dist')};`);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;\ndaemon off;\npid ${prefix}/nginx.pid;\nerror_log ${prefix}/error.log;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n  client_body_temp_path ${prefix};\n  proxy_temp_path ${prefix};\n  fastcgi_temp_path ${prefix};\n  uwsgi_temp_path ${prefix};\n  scgi_temp_path ${prefix};\n${server}\n}\n`,
  );
  nginx = spawn('/usr/sbin/nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'ignore' });
  base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(base);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`nginx did not start: ${readFileSync(join(prefix, 'error.log'), 'utf8')}`);
}, 60_000);

afterAll(() => nginx?.kill());

const get = (path: string) => fetch(base + path, { redirect: 'manual' });

describe('deploy/nginx.conf', () => {
  it('serves every route of both locales', async () => {
    for (const path of ['/', '/home', '/search', '/docs/faqs/', '/docs/faqs/safe', '/blog', '/blog/2025/01/02/hello', '/blog/tags', '/blog/archive', '/en/', '/en/docs/faqs/safe', '/en/blog', '/sitemap.xml', '/robots.txt', '/blog/rss.xml']) {
      expect((await get(path)).status, path).toBe(200);
    }
  });

  it('answers unknown paths with the locale 404 page and status 404', async () => {
    const zh = await get('/nope');
    expect(zh.status).toBe(404);
    expect(await zh.text()).toContain('lang="zh-CN"');
    const en = await get('/en/nope');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('lang="en"');
  });

  it('normalises trailing slashes and index.html', async () => {
    expect((await get('/docs/faqs/safe/')).status).toBe(200);
    expect((await get('/docs/faqs')).status).toBe(200);
    const redirect = await get('/docs/faqs/index.html?x=1');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/docs/faqs/?x=1');
    expect((await get('/index.html')).headers.get('location')).toBe('/');
  });

  it('caches hashed assets for a year and HTML not at all, and hides dotfiles', async () => {
    const html = await get('/docs/faqs/safe');
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const script = /src="(\/assets\/client\.[^"]+\.js)"/.exec(await html.text())![1];
    const asset = await get(script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/.git/config')).status).toBe(404);
  });
});
