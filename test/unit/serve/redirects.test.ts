import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler } from '../../../src/serve/staticHandler';

let server: Server;
let base: string;
let root: string;
/** The served folder's revision, as the dev server gives it: bumped where a build would have written the folder. */
let revision: number | null = 0;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sitegen-redirects-'));
  mkdirSync(join(root, 'docs/b'), { recursive: true });
  writeFileSync(join(root, 'docs/b/index.html'), '<!DOCTYPE html><title>B</title><p>Page B</p>\n');
  writeFileSync(join(root, '404.html'), '<!DOCTYPE html><title>404</title><p>Not here</p>\n');
  writeFileSync(join(root, '_redirects'), ['/old-guide /docs/b', '/manual/* /docs/:splat 302', '/shown-as-b /docs/b 200', '/retired/* /404.html 404', '/api/* https://api.example.com/:splat 200', '/旧 /docs/b 301', '/%E6%96%B0 /docs/b 301', '/store id=:id /docs/:id 301', '/shop id=5 /docs/b 302', '/to-part /docs/b#setup 302', ''].join('\n'));
  const handler = createStaticHandler({ root, allowedHosts: new Set(), localePaths: [], revision: () => revision });
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => server.close());

const get = (path: string) => fetch(base + path, { redirect: 'manual' });

describe("the served folder's _redirects, as a static host answers them", () => {
  it('redirects an address no file has with the rule’s status, its placeholders filled in and the query kept', async () => {
    const moved = await get('/old-guide');
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/docs/b']);
    const section = await get('/manual/b/?x=1');
    expect([section.status, section.headers.get('location')]).toEqual([302, '/docs/b/?x=1']);
    const chinese = await get(`/${encodeURIComponent('旧')}`);
    expect([chinese.status, chinese.headers.get('location')]).toEqual([301, '/docs/b']);
    // A rule written with percent-escapes (as the aliases' rules are) is the same address; before, it matched nothing: 404.
    const escaped = await get(`/${encodeURIComponent('新')}?q=1`);
    expect([escaped.status, escaped.headers.get('location')]).toEqual([301, '/docs/b?q=1']);
  });

  it("applies a rule on the query (Netlify's /store id=:id /docs/:id) to a URL with that key, and that value where the rule gives one", async () => {
    // Before: 404 for each, where Netlify sends the reader on.
    const store = await get('/store?id=b');
    expect([store.status, store.headers.get('location')]).toEqual([301, '/docs/b?id=b']);
    const shop = await get('/shop?x=1&id=5');
    expect([shop.status, shop.headers.get('location')]).toEqual([302, '/docs/b?x=1&id=5']);
    // A query value fills one segment: it cannot lead off the site.
    const escaped = await get('/store?id=%2F%2Fexample.com');
    expect([escaped.status, escaped.headers.get('location')]).toEqual([301, '/docs/%2F%2Fexample.com?id=%2F%2Fexample.com']);
    // Without the key, or with another value than the rule's (before: sent on by `/shop id=5` all the same), no rule applies.
    for (const path of ['/store', '/store?other=b', '/shop?id=6']) expect((await get(path)).status, path).toBe(404);
    // The query goes before a part the rule names (before: /docs/b#setup?x=1, the query lost in the fragment).
    const part = await get('/to-part?x=1');
    expect([part.status, part.headers.get('location')]).toEqual([302, '/docs/b?x=1#setup']);
  });

  it('serves the page a 200 rule names at the address asked for, and answers 404 where a rule says the page is gone or proxies elsewhere', async () => {
    const shown = await get('/shown-as-b');
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('Page B');
    for (const path of ['/retired/x', '/api/v1/users', '/nowhere']) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(await r.text()).toContain('Not here');
    }
  });

  it('applies a forced rule (301!) where a file is there too, as Netlify does, and no other', async () => {
    mkdirSync(join(root, 'docs/old'), { recursive: true });
    writeFileSync(join(root, 'docs/old/index.html'), '<!DOCTYPE html><title>Old</title><p>Old page</p>\n');
    writeFileSync(join(root, 'docs/kept.html'), '<!DOCTYPE html><title>Kept</title><p>Kept page</p>\n');
    writeFileSync(join(root, '_redirects'), '/docs/old /docs/b 301!\n/docs/kept.html /docs/b 301\n');
    revision = (revision ?? 0) + 1;
    // Before: the old page, 200, though the host sends every visitor on.
    const forced = await get('/docs/old?x=1');
    expect([forced.status, forced.headers.get('location')]).toEqual([301, '/docs/b?x=1']);
    const kept = await get('/docs/kept.html');
    expect(kept.status).toBe(200);
    expect(await kept.text()).toContain('Kept page');
  });

  it('lets a file that is there answer before any rule, and reads the rules again once a build has written the folder', async () => {
    expect((await get('/docs/b/')).status).toBe(200);
    writeFileSync(join(root, '_redirects'), '/old-guide /docs/b/ 308\n');
    // Not looked at again until the folder's revision changes (no stat of _redirects at every request).
    expect((await get('/old-guide')).status).toBe(404);
    revision = (revision ?? 0) + 1;
    const moved = await get('/old-guide');
    expect([moved.status, moved.headers.get('location')]).toEqual([308, '/docs/b/']);
    expect((await get('/manual/b')).status).toBe(404);
    // While a build writes the folder (revision null), at every request.
    revision = null;
    writeFileSync(join(root, '_redirects'), '/old-guide /docs/b/ 307\n');
    expect((await get('/old-guide')).status).toBe(307);
    writeFileSync(join(root, '_redirects'), '/old-guide /docs/b/ 302\n');
    expect((await get('/old-guide')).status).toBe(302);
  });
});

describe("a finished build's _redirects (check-links serves one)", () => {
  it('is read at the first request, and not again', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sitegen-redirects-'));
    writeFileSync(join(folder, '_redirects'), '/a /b 301\n');
    const handler = createStaticHandler({ root: folder, allowedHosts: new Set(), localePaths: [] });
    const once = createServer((req, res) => void handler(req, res));
    await new Promise<void>((done) => once.listen(0, '127.0.0.1', done));
    const at = `http://127.0.0.1:${(once.address() as { port: number }).port}`;
    try {
      expect((await fetch(`${at}/a`, { redirect: 'manual' })).headers.get('location')).toBe('/b');
      writeFileSync(join(folder, '_redirects'), '/a /c 301\n');
      expect((await fetch(`${at}/a`, { redirect: 'manual' })).headers.get('location')).toBe('/b');
    } finally {
      once.close();
    }
  });
});
