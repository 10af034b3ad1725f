// A minimal static server for the built site: what any static host does (files, folder indexes,
// the locale's 404.html), plus an optional path prefix to serve the site under another base URL.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

async function fileAt(root: string, urlPath: string): Promise<string | null> {
  const path = normalize(join(root, decodeURIComponent(urlPath)));
  if (path !== root && !path.startsWith(root + sep)) return null;
  for (const candidate of [path, join(path, 'index.html'), `${path}.html`]) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return candidate;
  }
  return null;
}

/** Serves `root` on a free loopback port; with `prefix` (`/sub/`), only under that path. */
export async function startStaticServer(root: string, options: { prefix?: string } = {}): Promise<StaticServer> {
  const prefix = options.prefix ?? '/';
  const server: Server = createServer(async (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const local = pathname.startsWith(prefix) ? `/${pathname.slice(prefix.length)}` : null;
    let file = local === null ? null : await fileAt(root, local);
    let status = 200;
    if (!file) {
      status = 404;
      const locale = local?.split('/')[1];
      file = (await fileAt(root, `/${locale}/404.html`)) ?? (await fileAt(root, '/404.html'));
    }
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(status, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
