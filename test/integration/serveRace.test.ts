// A page deleted (and its folder removed) while the server is answering a request for it: the request
// gets the page or the 404 page, never an internal error.
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler } from '../../src/serve/staticHandler';

let root: string;
let server: Server;
let port: number;
const errors: unknown[] = [];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sitegen-race-'));
  writeFileSync(join(root, '404.html'), '<!DOCTYPE html><html lang="zh-CN"><body>找不到</body></html>');
  const handler = createStaticHandler({ root, allowedHosts: new Set(), localePaths: ['en'], transformHtml: (html) => html });
  server = createServer((req, res) =>
    void handler(req, res).catch((error: unknown) => {
      errors.push(error);
      res.writeHead(500).end();
    }),
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(root, { recursive: true, force: true });
});

describe('a page removed while it is being served', () => {
  it('answers 200 with the page or 404 with the 404 page, never 500', async () => {
    const page = join(root, 'docs/gone');
    let removing = true;
    // Makes and removes the page and its folder, as a rebuild after deleting its source does, while requests come in.
    const churn = (async () => {
      while (removing) {
        mkdirSync(page, { recursive: true });
        writeFileSync(join(page, 'index.html'), '<!DOCTYPE html><html><body>here</body></html>');
        await new Promise((r) => setTimeout(r, 1));
        rmSync(page, { recursive: true, force: true });
        await new Promise((r) => setImmediate(r));
      }
    })();
    const seen = new Map<number, number>();
    // 60 rounds at least, and on until both answers were seen (a busy machine can take a while to hit the page while it exists).
    for (let round = 0; round < 60 || (round < 600 && seen.size < 2); round++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const res = await fetch(`http://127.0.0.1:${port}/docs/gone`);
          const body = await res.text();
          if (res.status === 200) expect(body).toContain('here');
          if (res.status === 404) expect(body).toContain('找不到');
          return res.status;
        }),
      );
      for (const status of answers) seen.set(status, (seen.get(status) ?? 0) + 1);
    }
    removing = false;
    await churn;
    expect(errors).toEqual([]);
    expect([...seen.keys()].sort()).toEqual([200, 404]);
  }, 60_000);
});
