// The dev server's live-reload channel, as a test waits on it.
import { connect } from 'node:net';

/** The first reload message the dev server at `port` sends from now on (its paths: the pages it rebuilt). */
export function nextReload(port: number): Promise<{ paths?: string[] }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET /__sitegen/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`));
    const timer = setTimeout(() => (socket.destroy(), reject(new Error('no reload'))), 20_000);
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      for (const m of buffer.matchAll(/(?:^|\n)data: (.*)\n/g)) {
        const message = JSON.parse(m[1]!) as { type: string; paths?: string[] };
        if (message.type !== 'reload') continue;
        clearTimeout(timer);
        socket.destroy();
        resolve(message);
      }
    });
  });
}
