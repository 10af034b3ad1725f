// A minimal static server for benchmarks that load the built site in a browser.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png' };

/** Serves `root` on a loopback port, with production-like cache headers and gzip; resolves to its origin and a close function. */
export async function serveStatic(root) {
  const server = createServer(async (req, res) => {
    let path = join(root, decodeURIComponent(req.url.split('?')[0]));
    if (existsSync(path) && statSync(path).isDirectory()) path = join(path, 'index.html');
    if (!existsSync(path)) path = join(path, '..', 'index.html');
    try {
      const body = await readFile(path);
      const type = TYPES[extname(path)] ?? 'application/octet-stream';
      // Compressed like deploy/nginx.conf serves text, so browser figures match a real deployment.
      const gzip = /gzip/.test(req.headers['accept-encoding'] ?? '') && /text|javascript|json|svg/.test(type);
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': extname(path) === '.html' ? 'no-cache' : 'public, max-age=31536000, immutable', ...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}) });
      res.end(gzip ? gzipSync(body, { level: 6 }) : body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}
