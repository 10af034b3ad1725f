import { connect } from 'node:net';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/serve/runServe';
import { configSource, md, writeSite } from '../helpers/site';
import { listenLiveReload, type DevMessage } from '../helpers/liveReload';

/** Sends a raw request line (no client-side normalisation of `..` or `\`). */
function raw(port: number, target: string, { method = 'GET', host = `127.0.0.1:${port}`, headers = '' } = {}): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${method} ${target} HTTP/1.1\r\nHost: ${host}\r\n${headers}Connection: close\r\n\r\n`));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('end', () => {
      const [head, ...body] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: body.join('\r\n\r\n') });
    });
    socket.on('error', reject);
  });
}

let dir: string;
let server: DevServer;
/** What the server printed to its error stream: refused requests among it. */
const logged: string[] = [];
const quiet = { out: () => {}, err: (text: string) => void logged.push(text), interactive: false };

beforeAll(async () => {
  dir = writeSite({
    'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Alpha [b](./b.md).\n'),
    'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'Beta.\n'),
    'content/static/img/a.svg': '<svg xmlns="http://www.w3.org/2000/svg">' + 'x'.repeat(2000) + '</svg>',
    'secret.txt': 'root:x:0:0:secret',
  });
  server = await startDevServer({ port: '0', host: '127.0.0.1', watch: true, config: join(dir, 'site.config.ts') }, quiet);
  const out = join(dir, '.sitegen-cache/dev');
  mkdirSync(join(out, 'escape'), { recursive: true });
  symlinkSync(join(dir, 'secret.txt'), join(out, 'escape/link.txt'));
  writeFileSync(join(out, '.env'), 'TOKEN=secret');
  mkdirSync(join(out, '.well-known/.hidden'), { recursive: true });
  writeFileSync(join(out, '.well-known/security.txt'), 'Contact: mailto:security@test.example\n');
  writeFileSync(join(out, '.well-known/.hidden/token'), 'TOKEN=secret');
}, 60_000);

afterAll(async () => server?.close());

describe('sitegen serve: serving like production', () => {
  it('serves both locales, both trailing-slash forms, and redirects index.html to the bare path', async () => {
    expect((await raw(server.port, '/docs/a')).status).toBe(200);
    expect((await raw(server.port, '/docs/a/')).status).toBe(200);
    expect((await raw(server.port, '/en/docs/a')).status).toBe(200);
    const redirect = await raw(server.port, '/docs/a/index.html?x=1');
    expect(redirect.status).toBe(301);
    expect(redirect.headers).toMatch(/\r\nLocation: \/docs\/a\/\?x=1/i);
    // The name spelled with percent-escapes is the same file (deploy/nginx.conf redirects it too).
    expect((await raw(server.port, '/docs/a/%69ndex.html')).headers).toMatch(/\r\nLocation: \/docs\/a\/\r\n/i);
    // The docs root, which no page has, leads on to the first doc, in both forms and both locales.
    for (const [root, first] of [['/docs/', '/docs/a'], ['/docs', '/docs/a'], ['/en/docs/', '/en/docs/a']]) {
      const answer = await raw(server.port, root);
      expect(answer.status, root).toBe(200);
      expect(answer.body, root).toContain(`<meta http-equiv="refresh" content="0; url=${first}">`);
    }
  });

  it('answers a file name followed by a slash with the locale 404 page, as nginx does', async () => {
    for (const target of ['/docs/a/index.html/', '/sitemap.xml/', '/img/a.svg/', '/404.html/', '/en/docs/a/index.html/', '/docs/a/index.html/?x=1']) {
      const r = await raw(server.port, target);
      expect(r.status, target).toBe(404);
      expect(r.body, target).toContain(target.startsWith('/en/') ? '<html lang="en"' : '<html lang="zh-CN"');
    }
    // A folder keeps both forms, and doubled slashes are merged as nginx merges them.
    for (const target of ['/docs/a/', '/docs/a//', '/docs//a', '/en/']) expect((await raw(server.port, target)).status, target).toBe(200);
  });

  it('answers unknown paths with the locale 404 page and status 404', async () => {
    const zh = await raw(server.port, '/nope');
    expect(zh.status).toBe(404);
    expect(zh.body).toContain('<html lang="zh-CN"');
    const en = await raw(server.port, '/en/nope');
    expect(en.status).toBe(404);
    expect(en.body).toContain('<html lang="en"');
    // Its live-reload client is told which page it shows, which a rebuild names by its own path: it reloads when that changes.
    expect(en.body).toMatch(/<script src="\/__sitegen\/client\.js" data-revision="\d+" data-page="\/en\/404\.html"><\/script>/);
    expect(zh.body).toMatch(/<script src="\/__sitegen\/client\.js" data-revision="\d+" data-page="\/404\.html"><\/script>/);
    expect((await raw(server.port, '/docs/a')).body).toMatch(/<script src="\/__sitegen\/client\.js" data-revision="\d+"><\/script>/);
    // The locale is read from the decoded path, as nginx reads it.
    const encoded = await raw(server.port, '/%65n/nope');
    expect(encoded.status).toBe(404);
    expect(encoded.body).toContain('<html lang="en"');
  });

  it('sends content types, ETags with 304, and Range requests', async () => {
    const page = await raw(server.port, '/docs/a');
    expect(page.headers).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    const etag = /ETag: (.*)/i.exec(page.headers)![1].trim();
    expect((await raw(server.port, '/docs/a', { headers: `If-None-Match: ${etag}\r\n` })).status).toBe(304);
    // A list of tags, a weak one, or any: as a browser or a proxy may send them.
    for (const header of [`"other", ${etag}`, `W/${etag}`, '*']) expect((await raw(server.port, '/docs/a', { headers: `If-None-Match: ${header}\r\n` })).status, header).toBe(304);
    expect((await raw(server.port, '/docs/a', { headers: 'If-None-Match: "other"\r\n' })).status).toBe(200);
    const svg = await raw(server.port, '/img/a.svg', { headers: 'Range: bytes=0-9\r\n' });
    expect(svg.status).toBe(206);
    expect(svg.headers).toMatch(/Content-Type: image\/svg\+xml/i);
    expect(svg.body).toHaveLength(10);
    // A range past the end is said as what it is (it was answered "Not found"), with the file's length.
    const past = await raw(server.port, '/img/a.svg', { headers: 'Range: bytes=99999-\r\n' });
    expect(past.status).toBe(416);
    expect(past.headers).toMatch(/Content-Range: bytes \*\/2046/i);
    expect(past.body).toMatch(/Range not satisfiable/);
    expect(past.body).not.toMatch(/Not found/);
  });
});

describe('sitegen serve: safety', () => {
  const traversals = ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%2e%2e%2fsecret.txt', '/%2e%2e%5csecret.txt', '/..\\secret.txt', '/%252e%252e/secret.txt', '/docs/%2e%2e/%2e%2e/secret.txt', '/a%00.html', '/%00', '/escape/link.txt', '/.env', '/.git/config', '/escape/../../secret.txt', '/.well-known/.hidden/token'];
  for (const target of traversals) {
    it(`never serves a file outside the output folder: ${target}`, async () => {
      const r = await raw(server.port, target);
      expect([400, 404]).toContain(r.status);
      expect(r.body).not.toContain('root:x');
      expect(r.body).not.toContain('TOKEN');
    });
  }

  it('serves /.well-known/ as hosts do (security.txt), and no other dotfile', async () => {
    const r = await raw(server.port, '/.well-known/security.txt');
    expect(r.status).toBe(200);
    expect(r.body).toContain('Contact: mailto:security@test.example');
  });

  it('names a refused request and its reason, in the answer and in one line on the terminal', async () => {
    logged.length = 0;
    const r = await raw(server.port, '/docs/../../secret.txt');
    expect(r.status).toBe(400);
    expect(r.body).toContain('Bad request: a ".." segment would leave the site folder\n');
    const bad = await raw(server.port, '/docs/%ZZ');
    expect(bad.body).toContain('Bad request: "%ZZ" is not valid percent-encoding\n');
    const long = await raw(server.port, `/${'a'.repeat(5000)}`);
    expect(long.status).toBe(414);
    expect(logged).toEqual([
      'GET /docs/../../secret.txt error[request] 400: a ".." segment would leave the site folder\n',
      'GET /docs/%ZZ error[request] 400: "%ZZ" is not valid percent-encoding\n',
      `GET /${'a'.repeat(199)}… (5001 characters) error[request] 414: the request target has 5001 characters, more than 4096\n`,
    ]);
  });

  it('answers only GET and HEAD', async () => {
    const r = await raw(server.port, '/docs/a', { method: 'POST' });
    expect(r.status).toBe(405);
    expect(r.headers).toMatch(/Allow: GET, HEAD/i);
    for (const method of ['PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE']) expect((await raw(server.port, '/docs/a', { method })).status, method).toBe(405);
    expect((await raw(server.port, '/__sitegen/events', { method: 'POST' })).status).toBe(405);
    expect((await raw(server.port, '/docs/a', { method: 'HEAD' })).status).toBe(200);
  });

  it('rejects malformed encodings and very long URLs', async () => {
    expect((await raw(server.port, '/%E0%A4%A')).status).toBe(400);
    expect((await raw(server.port, '/%')).status).toBe(400);
    expect([414, 431]).toContain((await raw(server.port, `/${'a'.repeat(5000)}`)).status);
    expect([414, 431]).toContain((await raw(server.port, `/${'a'.repeat(20_000)}`)).status);
    expect((await raw(server.port, '/docs/a', { headers: `X-Big: ${'b'.repeat(20_000)}\r\n` })).status).toBe(431);
  });

  it('never answers 500 or crashes, whatever the request target', async () => {
    const targets = ['*', 'http://evil.example/', '/index.html?\u00e9', '/%ff%fe', '/%c0%ae%c0%ae/secret.txt', '/docs/a/index.html/..', '/docs//a', '/docs/a?%', '/;/../secret.txt', '/%2e', '/.', '/..', '/~', '/docs/a#x', '/en', '/en/', '/en/index.html', '/404.html', '/en/404.html', `/${'%2e%2e/'.repeat(50)}secret.txt`];
    for (const target of targets) {
      const r = await raw(server.port, target);
      expect(r.status, target).toBeGreaterThanOrEqual(200);
      expect(r.status, target).toBeLessThan(500);
      expect(r.body, target).not.toContain('root:x');
    }
    expect((await raw(server.port, '/docs/a')).status).toBe(200);
  });

  it('checks the Host header against DNS rebinding, on pages and on the live-reload channel', async () => {
    for (const host of ['evil.example', `evil.example:${server.port}`, 'localhost.evil.example', '127.0.0.1.nip.io', '']) {
      expect((await raw(server.port, '/docs/a', { host })).status, host).toBe(403);
      expect((await raw(server.port, '/__sitegen/events', { host })).status, host).toBe(403);
      expect((await raw(server.port, '/__sitegen/client.js', { host })).status, host).toBe(403);
    }
    for (const host of [`localhost:${server.port}`, `127.0.0.1:${server.port}`, `[::1]:${server.port}`, `192.168.1.20:${server.port}`, 'test.example']) {
      expect((await raw(server.port, '/docs/a', { host })).status, host).toBe(200);
    }
  });

  it('answers a request target in absolute form (as a proxy sends it) by its path, its authority checked as the host', async () => {
    const page = await raw(server.port, `http://127.0.0.1:${server.port}/docs/a?x=1`, { host: 'ignored.example' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Alpha');
    expect((await raw(server.port, `HTTP://localhost:${server.port}`)).status).toBe(200);
    expect((await raw(server.port, `http://127.0.0.1:${server.port}/__sitegen/client.js`)).status).toBe(200);
    expect((await raw(server.port, 'http://evil.example/docs/a')).status).toBe(403);
    expect((await raw(server.port, `http://127.0.0.1:${server.port}/../secret.txt`)).status).toBe(400);
  });

  it('never redirects off the site', async () => {
    for (const target of ['//evil.example', '/%2fevil.example', '/\\evil.example', '//evil.example/index.html', '/%2f%2fevil.example/index.html']) {
      const r = await raw(server.port, target);
      const location = /Location: (.*)/i.exec(r.headers)?.[1] ?? '';
      expect(location.startsWith('//') || /^https?:/i.test(location) || location.startsWith('/\\'), `${target} → ${location}`).toBe(false);
    }
  });

  it('sends no permissive CORS header and rejects foreign origins on the live-reload channel', async () => {
    const page = await raw(server.port, '/docs/a', { headers: 'Origin: https://evil.example\r\n' });
    expect(page.headers).not.toMatch(/Access-Control-Allow-Origin/i);
    for (const origin of ['https://evil.example', `http://127.0.0.1:${server.port}.evil.example`, 'null', `http://localhost:${server.port + 1}`]) {
      const events = await raw(server.port, '/__sitegen/events', { headers: `Origin: ${origin}\r\n` });
      expect(events.status, origin).toBe(403);
      expect(events.headers).not.toMatch(/Access-Control-Allow-Origin/i);
    }
    const preflight = await raw(server.port, '/docs/a', { method: 'OPTIONS', headers: 'Origin: https://evil.example\r\nAccess-Control-Request-Method: GET\r\n' });
    expect(preflight.headers).not.toMatch(/Access-Control-Allow/i);
  });
});

describe('sitegen serve: live reload', () => {
  /**
   * The first server-sent event from now on that matches `predicate`, on a channel opened as a page of the site
   * opens it (with its Origin): resolved, the server has the channel, and a change made after it is told there.
   */
  async function nextEvent(predicate: (m: DevMessage) => boolean): Promise<{ message: Promise<DevMessage> }> {
    const events = await listenLiveReload(server.port, `Origin: http://127.0.0.1:${server.port}\r\n`);
    const message = events.next((m) => m.type !== 'connected' && predicate(m));
    void message.then(events.close, events.close);
    return { message };
  }

  it('rebuilds a changed page and announces the changed paths', async () => {
    const event = await nextEvent((m) => m.type === 'reload');
    writeFileSync(join(dir, 'content/zh-Hans/docs/b.md'), md({ title: 'B', description: 'b' }, 'Beta, edited.\n'));
    const message = await event.message;
    expect(message.paths).toEqual(['/docs/b', '/en/docs/b']); // the page and its English fallback, nothing else
    expect((await raw(server.port, '/docs/b')).body).toContain('Beta, edited.');
  }, 30_000);

  it('reports a broken file with file:line, keeps serving the last good version, and recovers', async () => {
    const broken = await nextEvent((m) => m.type === 'error');
    writeFileSync(join(dir, 'content/zh-Hans/docs/b.md'), '---\ntitle: B\ntitel: x\n---\nBroken.\n');
    const message = await broken.message;
    expect(message.errors?.join('\n')).toMatch(/content\/zh-Hans\/docs\/b\.md:3:1 error\[front-matter\] titel: unknown key/);
    expect((await raw(server.port, '/docs/b')).body).toContain('Beta, edited.');
    const fixed = await nextEvent((m) => m.type === 'reload');
    writeFileSync(join(dir, 'content/zh-Hans/docs/b.md'), md({ title: 'B', description: 'b' }, 'Beta, fixed.\n'));
    await fixed.message;
    expect((await raw(server.port, '/docs/b')).body).toContain('Beta, fixed.');
  }, 40_000);
});

describe('sitegen serve: a site under a baseUrl', () => {
  it('is served under that path, as its host will serve it, and the server root leads there', async () => {
    const site = writeSite({
      'site.config.ts': configSource("baseUrl: '/repo/',"),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a', aliases: ['/旧'] }, 'Alpha.\n'),
      'content/static/img/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    const dev = await startDevServer({ port: '0', host: '127.0.0.1', watch: false, config: join(site, 'site.config.ts') }, quiet);
    try {
      for (const path of ['/repo/', '/repo/docs/a', '/repo/en/docs/a', '/repo/img/a.svg']) expect((await raw(dev.port, path)).status, path).toBe(200);
      const bare = await raw(dev.port, '/repo?q=1');
      expect([bare.status, /Location: (.*)/.exec(bare.headers)?.[1]]).toEqual([301, '/repo/?q=1']);
      const index = await raw(dev.port, '/repo/docs/a/index.html');
      expect([index.status, /Location: (.*)/.exec(index.headers)?.[1]]).toEqual([301, '/repo/docs/a/']);
      // Slashes doubled after it are merged, as nginx merges them (before: 400, "the path starts with //").
      expect((await raw(dev.port, '/repo//docs/a')).status).toBe(200);
      const doubled = await raw(dev.port, '/repo//evil.example/index.html');
      expect([doubled.status, /Location: (.*)/.exec(doubled.headers)?.[1]]).toEqual([301, '/repo/evil.example/']);
      const root = await raw(dev.port, '/');
      expect([root.status, /Location: (.*)/.exec(root.headers)?.[1]]).toEqual([302, '/repo/']);
      const outside = await raw(dev.port, '/docs/a');
      expect(outside.status).toBe(404);
      // A page left open from before the change leads there and keeps its live reload; a file gets plain text.
      expect(outside.body).toContain('This site is served under <a href="/repo/">/repo/</a>.');
      expect(outside.body).toContain('/__sitegen/');
      expect((await raw(dev.port, '/img/a.svg')).body).toContain('this site is served under /repo/');
      // A page whose address ends like a file's (a release's notes) is a page to a browser, which asks for HTML.
      expect((await raw(dev.port, '/docs/v1.2', { headers: 'Accept: text/html,*/*;q=0.8\r\n' })).body).toContain('This site is served under');
      expect((await raw(dev.port, '/repo/docs/nope')).body).toContain('</html>'); // the site's own 404 page
      // An alias answers with its page under the baseUrl; without it (a host that reads only _redirects), by its line there.
      const alias = `/repo/${encodeURIComponent('旧')}`;
      expect((await raw(dev.port, alias)).body).toContain('<meta http-equiv="refresh" content="0; url=/repo/docs/a">');
      rmSync(join(site, '.sitegen-cache/dev', '旧'), { recursive: true });
      const ruled = await raw(dev.port, `${alias}?q=1`);
      expect([ruled.status, /Location: (.*)/.exec(ruled.headers)?.[1]]).toEqual([301, '/repo/docs/a?q=1']);
    } finally {
      await dev.close();
    }
  }, 60_000);
});
