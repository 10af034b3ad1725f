// React DOM's server renderer without its streaming half. `react-dom/server` for Node (`server.node.js`)
// requires two files: the renderer of strings (`react-dom-server-legacy`, which sitegen and the theme call)
// and the streaming one (`react-dom-server.node`, 39 KB, which neither does): a second module to compile
// and run on every build's main thread, 3-7 ms of its start on this machine kind. The string renderer is
// required alone, from the same React DOM, picked by NODE_ENV as `server.node.js` picks it; a React DOM
// without that file (another major version) is taken whole, as before.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** `react-dom/server` as Node resolves it (`server.node.js`): the whole renderer, both halves. */
export const REACT_SERVER_FILE = require.resolve('react-dom/server');

/** The string renderer's file for this NODE_ENV, or null when this React DOM has no such file. */
export function stringRendererFile(production = process.env.NODE_ENV === 'production'): string | null {
  const file = join(dirname(REACT_SERVER_FILE), 'cjs', `react-dom-server-legacy.node.${production ? 'production.min' : 'development'}.js`);
  return existsSync(file) ? file : null;
}

type ReactServer = typeof import('react-dom/server');
let loaded: ReactServer | undefined;

/** React DOM's server renderer, the first time it is asked for: its string half alone where there is one. */
export function reactServer(): ReactServer {
  return (loaded ??= require(stringRendererFile() ?? REACT_SERVER_FILE) as ReactServer);
}
