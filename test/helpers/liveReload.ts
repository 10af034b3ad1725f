// The dev server's live-reload channel, as a test waits on it.
import { connect } from 'node:net';

export type DevMessage = { type: string; revision: number; paths?: string[]; errors?: string[] };

export interface LiveReloadChannel {
  /** Every message received so far, the first (`connected`) included. */
  messages: DevMessage[];
  /** The first message received on this connection that matches (one already received included); fails after `timeout` ms. */
  next(predicate: (m: DevMessage) => boolean, timeout?: number): Promise<DevMessage>;
  close(): void;
}

/**
 * One connection to the live-reload channel of the dev server at `port`, as a page opens it, resolved once the
 * server has taken it (its first message, `connected`, has come): a change made from then on is told on it,
 * however soon the rebuild ends. `headers`: more request headers, each ending in CRLF (an `Origin:`, as a browser sends).
 */
export function listenLiveReload(port: number, headers = ''): Promise<LiveReloadChannel> {
  const messages: DevMessage[] = [];
  const waiting: { predicate: (m: DevMessage) => boolean; done: (m: DevMessage) => void }[] = [];
  const socket = connect(port, '127.0.0.1', () => socket.write(`GET /__sitegen/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}\r\n`));
  let buffer = '';
  socket.on('data', (chunk) => {
    buffer += chunk.toString();
    let end;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /(?:^|\n)data: (.*)$/.exec(event);
      if (!data) continue;
      const message = JSON.parse(data[1]!) as DevMessage;
      messages.push(message);
      for (const w of [...waiting]) if (w.predicate(message)) waiting.splice(waiting.indexOf(w), 1) && w.done(message);
    }
  });
  const channel: LiveReloadChannel = {
    messages,
    next: (predicate, timeout = 20_000) =>
      new Promise((resolve, reject) => {
        const found = messages.find(predicate);
        if (found) return resolve(found);
        const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(messages)}`)), timeout);
        waiting.push({ predicate, done: (m) => (clearTimeout(timer), resolve(m)) });
      }),
    close: () => socket.destroy(),
  };
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(new Error(`the live-reload channel did not open: ${error.message}`));
    socket.once('error', failed);
    channel.next((m) => m.type === 'connected', 20_000).then(() => {
      socket.off('error', failed);
      resolve(channel);
    }, (error: Error) => {
      socket.destroy();
      failed(error);
    });
  });
}
