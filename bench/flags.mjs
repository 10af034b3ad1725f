// The benchmark scripts' flags, read strictly: an unknown flag, a missing value or a value that is not
// a positive number stops the script with its usage line (exit 2) instead of running the default
// benchmark, which can take twenty minutes.
import { parseArgs } from 'node:util';

/**
 * `options` is node:util's parseArgs options; string options listed in `numbers` must be positive
 * numbers (comma-separated lists allowed, as `--sizes 1,10`). Returns { values, positionals }.
 */
export function readFlags(usage, options, { numbers = [], positionals = 0 } = {}) {
  const fail = (message) => {
    console.error(`${message}\nusage: ${usage}`);
    process.exit(2);
  };
  let parsed;
  try {
    parsed = parseArgs({ options: { help: { type: 'boolean' }, ...options }, allowPositionals: positionals > 0 });
  } catch (error) {
    fail(`error: ${error.message.split('\n')[0]}`);
  }
  if (parsed.values.help) {
    console.log(`usage: ${usage}`);
    process.exit(0);
  }
  for (const name of numbers) {
    const value = parsed.values[name];
    if (value !== undefined && !String(value).split(',').every((part) => Number(part) > 0)) fail(`error: --${name} takes a positive number, not "${value}"`);
  }
  if (parsed.positionals.length !== positionals && positionals > 0) fail(`error: expected ${positionals} argument(s), got ${parsed.positionals.length}`);
  return parsed;
}
