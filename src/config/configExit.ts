import { AsyncLocalStorage } from 'node:async_hooks';
import { configError, type SitegenError } from '../diagnostics.js';

/**
 * What a call of process.exit does in the async context of a config being imported (its own code, the files and
 * packages it imports, their timers). Outside it (sitegen's Ctrl-C handlers, its stray-error handler) exit is exit.
 */
const loading = new AsyncLocalStorage<(code: unknown) => never>();

let catching = 0;
let realExit: typeof process.exit = process.exit;

/**
 * Runs `load` (a config's import) with its process.exit made an error: the config file named, exit 2, the output
 * folder as it was. Left alone, `process.exit(0)` in a config ended `sitegen build` at once, with exit 0, having
 * built nothing and said nothing. The returned promise rejects at the first call, even while `load` still waits.
 */
export async function catchConfigExit<T>(shown: string, load: () => Promise<T>): Promise<T> {
  let failed: ((error: SitegenError) => void) | undefined;
  const exited = new Promise<never>((_, fail) => (failed = fail));
  let error: SitegenError | undefined;
  const caught = (code: unknown): never => {
    // A second call (sitegen's own handler of the first one's throw, from a timer) is let through.
    if (error) return realExit.call(process, code as number);
    error = configError(shown, `the config called process.exit(${code === undefined ? '' : JSON.stringify(code)}) while loading`, 'a config must not end the command: to stop it, throw an Error (its message is shown)');
    failed!(error);
    // Thrown where it was called, as exit would: the config's code after it does not run.
    throw error;
  };
  if (catching++ === 0) {
    realExit = process.exit;
    process.exit = ((code?: number) => (loading.getStore() ?? realExit).call(process, code)) as typeof process.exit;
  }
  try {
    return await Promise.race([loading.run(caught, load), exited]);
  } finally {
    if (--catching === 0) {
      process.exit = realExit;
      // In Node 20 a storage in use keeps async hooks on every promise of the process: off once the config is in.
      loading.disable();
    }
  }
}
