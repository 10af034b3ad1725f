// sitegen run in the test's own process (the CLI's main), for integration tests that read what it printed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli';

/** `sitegen <args>`, its standard output and error as one text. */
export async function sitegen(args: string[]): Promise<{ code: number; output: string }> {
  let output = '';
  const io = { out: (t: string) => void (output += t), err: (t: string) => void (output += t), interactive: false };
  const code = await main(['node', 'sitegen', ...args], io);
  return { code, output };
}

/** `sitegen build` of the site in `dir` (its site.config.ts), with `args` after it. */
export function buildIn(dir: string, args: string[] = []): Promise<{ code: number; output: string }> {
  return sitegen(['build', '--config', join(dir, 'site.config.ts'), ...args]);
}

/** Every HTML file under `root`, by its path there, with its text. */
export function htmlFiles(root: string, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(join(root, prefix))) {
    const path = join(prefix, entry);
    if (statSync(join(root, path)).isDirectory()) for (const [p, text] of htmlFiles(root, path)) out.set(p, text);
    else if (path.endsWith('.html')) out.set(path, readFileSync(join(root, path), 'utf8'));
  }
  return out;
}
