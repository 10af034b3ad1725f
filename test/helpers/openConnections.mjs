// Loaded into a sitegen process by the tests (`node --import`): as the process prints the line that ends
// check-links' report, it tells on stderr how many of the connections its servers took are still open.
import { subscribe } from 'node:diagnostics_channel';

const taken = new Set();
subscribe('net.server.socket', ({ socket }) => taken.add(socket));

const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  if (/checked \d+ pages/.test(String(chunk))) process.stderr.write(`open connections: ${[...taken].filter((socket) => !socket.destroyed).length} of ${taken.size}\n`);
  return write(chunk, ...rest);
};
