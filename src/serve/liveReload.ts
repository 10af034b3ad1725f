import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DevMessage } from '../types.js';

/** The live-reload channel: server-sent events to every open page. */
export interface LiveReload {
  /** Answers `GET /__sitegen/events` (the caller has checked the method and the Host header). */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** A successful rebuild: pages showing one of these paths (or all, for `*`) reload. */
  reload(paths: string[]): void;
  /** A failed rebuild: every page shows these formatted diagnostics until the next good build. */
  fail(errors: string[]): void;
  /** Errors of the last build, if it failed. */
  errors(): string[];
  /** The revision now: written into each page served, so that a page whose channel opens after a reload was told reloads then. */
  revision(): number;
  close(): void;
}

export function createLiveReload(): LiveReload {
  // Starts from the clock so a page that outlives a server restart sees a new revision and reloads
  // (a revision counter catches the changes made before the page connected).
  let revision = Date.now();
  let errors: string[] = [];
  const clients = new Set<ServerResponse>();
  const send = (res: ServerResponse, message: DevMessage) => res.write(`data: ${JSON.stringify(message)}\n\n`);
  const broadcast = (message: DevMessage) => {
    for (const client of clients) send(client, message);
  };
  return {
    handle(req, res) {
      const origin = req.headers.origin;
      if (origin !== undefined && !sameOrigin(origin, req.headers.host)) {
        res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' });
        return void res.end('Forbidden origin\n');
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Content-Type-Options': 'nosniff' });
      send(res, { type: 'connected', revision });
      if (errors.length) send(res, { type: 'error', revision, errors });
      clients.add(res);
      req.on('close', () => clients.delete(res));
    },
    reload(paths) {
      errors = [];
      revision++;
      broadcast({ type: 'reload', revision, paths });
    },
    fail(next) {
      errors = next;
      broadcast({ type: 'error', revision, errors });
    },
    errors: () => errors,
    revision: () => revision,
    close() {
      for (const client of clients) client.end();
      clients.clear();
    },
  };
}

/** A browser sends Origin on cross-origin requests: it must name this very server. */
function sameOrigin(origin: string, host: string | undefined): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host;
  } catch {
    return false;
  }
}
