import type { Server } from 'node:http';
import { SitegenError } from '../diagnostics.js';

/** Ports tried after a busy one before giving up. */
const MORE_PORTS = 20;

/**
 * Listens on `port`, or, when it is busy and `strict` is off, on the next free port after it.
 * Resolves to the port actually bound. A busy port with `strict` exits 1 (the server could not run).
 */
export function listen(server: Server, options: { port: number; host: string; strict: boolean }): Promise<number> {
  const { port, host, strict } = options;
  return new Promise((resolve, reject) => {
    const attempt = (candidate: number) => {
      const onError = (error: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        if (error.code === 'EADDRINUSE' && !strict && port !== 0 && candidate < port + MORE_PORTS && candidate < 65535) return attempt(candidate + 1);
        const busy = error.code === 'EADDRINUSE';
        // A port under 1024 wants privileges the user has not (EACCES), as a port another program holds (EADDRINUSE).
        const refused = error.code === 'EACCES' || error.code === 'EPERM';
        const message = busy ? (strict ? `port ${port} is already in use` : `ports ${port} to ${candidate} are all in use`) : `cannot listen on ${host}:${candidate}: ${error.message}`;
        const hint = busy
          ? strict
            ? 'drop --strict-port to move to the next free port, or pass another --port'
            : 'pass another --port'
          : refused
            ? `${candidate < 1024 ? 'ports below 1024 need privileges this user has not: ' : ''}pass another --port, such as 3000`
            : error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND'
              ? '--host must name an interface of this machine'
              : undefined;
        // The flag at fault: the port when it is busy or refused, else the host that cannot be bound.
        reject(new SitegenError([{ severity: 'error', code: 'serve', file: busy || refused ? `--port ${port}` : `--host ${host}`, message, hint }], 1));
      };
      const onListening = () => {
        server.off('error', onError);
        resolve((server.address() as { port: number }).port);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(candidate, host);
    };
    attempt(port);
  });
}
