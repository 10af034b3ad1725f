import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, SitegenError } from '../../../src/diagnostics';
import { listen } from '../../../src/serve/listen';

/** A server whose every `listen` fails with `code` (a port refused by the system, as for a non-root user on port 80). */
function failingServer(code: string): Server {
  const server = new EventEmitter() as EventEmitter & { listen: (port: number, host: string) => void };
  server.listen = (port, host) => {
    const error = Object.assign(new Error(`listen ${code}: permission denied ${host}:${port}`), { code });
    queueMicrotask(() => server.emit('error', error));
  };
  return server as unknown as Server;
}

async function failure(code: string, port: number, host = '127.0.0.1'): Promise<string> {
  const error = await listen(failingServer(code), { port, host, strict: false }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SitegenError);
  return (error as SitegenError).diagnostics.map(formatDiagnostic).join('\n');
}

describe('listen', () => {
  it('blames the port, not the host the user never typed, when the system refuses it', async () => {
    expect(await failure('EACCES', 80)).toBe(
      '--port 80 error[serve] cannot listen on 127.0.0.1:80: listen EACCES: permission denied 127.0.0.1:80\n  hint: ports below 1024 need privileges this user has not: pass another --port, such as 3000',
    );
    expect(await failure('EACCES', 4000)).toMatch(/^--port 4000 error\[serve\] .*\n  hint: pass another --port, such as 3000$/);
  });

  it('blames the host when it names no interface of this machine', async () => {
    expect(await failure('EADDRNOTAVAIL', 3000, '10.9.9.9')).toMatch(/^--host 10\.9\.9\.9 error\[serve\] cannot listen on 10\.9\.9\.9:3000: .*\n  hint: --host must name an interface of this machine$/);
  });
});
