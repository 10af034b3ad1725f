import type { Command } from 'commander';
import type { CliIO } from './cli.js';

/** Commands other than `build`, each loaded only when run. */
export function registerCommands(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('serve')
    .description('serve the site with live reload while you edit (both locales)')
    .option('--port <port>', 'port to listen on', '3000')
    .option('--host <host>', 'interface to bind (127.0.0.1 keeps it on this machine)', '127.0.0.1')
    .option('--strict-port', 'exit instead of moving to the next free port')
    .option('--open', 'open the site in the browser')
    .option('--no-watch', 'serve without watching for changes')
    .option('--config <file>', 'config file', 'site.config.ts')
    .action(async (opts) => {
      const { runServe } = await import('./serve/runServe.js');
      setExit(await runServe(opts, io));
    });
}
