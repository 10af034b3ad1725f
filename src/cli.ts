import { dirname, resolve } from 'node:path';
import { ONE_SHOT_START_FLAGS, setV8Flags } from './v8Flags.js';
import type { BuildResult, Reporter } from './build.js';
import { closestMatch, commanderMessage, configModules, type TypedCommand, countErrors, formatDiagnostic, shownName, SitegenError, sortDiagnostics, uniqueDiagnostics, usageError } from './diagnostics.js';
import type { Diagnostic, SiteConfig } from './types.js';
import { lazyRequire } from './lazyRequire.js';
import { cacheDirOf, pathThere, removeUnusedCache } from './cache/cacheDir.js';

declare const SITEGEN_VERSION: string;

// commander is loaded by `require`: `import` would first scan it for the names it exports, 3 ms of
// every command's start.
const { Command, CommanderError, Help, Option } = lazyRequire<typeof import('commander')>('commander')();

/** Where the CLI writes; tests pass their own. */
export interface CliIO {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Progress redraws in place only on an interactive terminal. */
  interactive: boolean;
}

/** The standard streams whose reader has gone away, once each has its handler (`streamWriter`). */
const readerGone = new WeakMap<NodeJS.WriteStream, { gone: boolean }>();

/**
 * Writes to a standard stream until its reader goes away (`sitegen init | head`): then the rest is dropped and
 * the command goes on, as a build must, instead of an EPIPE error and its stack trace. The handler is sitegen's
 * own whatever else listens: a worker thread's output piped into the stream (`sitegen build` starts one before
 * this) listens until the first error only, and that error then ended the build with exit 1.
 */
function streamWriter(stream: NodeJS.WriteStream): (text: string) => void {
  const state = readerGone.get(stream) ?? { gone: false };
  if (!readerGone.has(stream)) {
    readerGone.set(stream, state);
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      state.gone = true;
    });
  }
  return (text) => {
    if (!state.gone && !stream.destroyed) stream.write(text);
  };
}

const defaultIO = (): CliIO => ({
  out: streamWriter(process.stdout),
  err: streamWriter(process.stderr),
  interactive: Boolean(process.stderr.isTTY) && !process.env.CI && !process.env.NO_COLOR,
});

/** Runs the CLI; resolves to the exit code (0 ok, 1 content errors, 2 usage or config errors). */
export async function main(argv: string[], io: CliIO = defaultIO()): Promise<number> {
  let exitCode = 0;
  // The command as typed (`sitegen new post`), where commander's own messages are placed.
  let invoked = 'sitegen';
  let typedCommand: TypedCommand = {};
  const program = new Command('sitegen')
    .description('Builds, serves and checks a documentation and blog site, in one locale or several.')
    .version(typeof SITEGEN_VERSION === 'string' ? SITEGEN_VERSION : '0.0.0', '-v, --version')
    // sitegen's own options are read before a command only, so that a command's --version (sitegen search) is its own.
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err, outputError: (text, write) => write(commanderMessage(text, { command: invoked, ...typedCommand })) })
    .showSuggestionAfterError(true)
    // A flag's default as it is typed (`(default: 3000)`, `(default: site.config.ts)`), not as commander quotes a string.
    .configureHelp({ optionDescription: (option) => {
      const text = new Help().optionDescription(option);
      return typeof option.defaultValue === 'string' && option.defaultValue ? text.replace(`(default: ${JSON.stringify(option.defaultValue)})`, `(default: ${option.defaultValue})`) : text;
    } });

  program
    .command('build')
    .description('build the site into the output folder (atomically: a failed build leaves it untouched)')
    .option('--out <dir>', 'output folder (default: outDir of the config, "dist")')
    .option('--config <file>', 'config file', 'site.config.ts')
    .option('--locale <code>', 'build only this locale')
    .option('--verbose', 'print the time of every stage')
    .option('--quiet', 'print only problems (errors and warnings) and the summary')
    .option('--no-cache', 'render everything again instead of reusing .sitegen-cache/')
    .action(async (opts: BuildFlags) => {
      exitCode = await runBuild(opts, io);
    });

  const commands = await import('./commands.js');
  commands.registerCommands(program, io, (code) => (exitCode = code));
  const typed = commandPath(program, argv.slice(2));
  invoked = typed.path;
  typedCommand = { switches: switchesOf(typed.command), example: valueExample(typed.command), names: namesOf(typed.command), later: laterCommand(program, argv.slice(2)) };
  // `--out --quiet` gives --out the value "--quiet" (commander takes the next word whatever it is):
  // a folder named --quiet, and no --quiet. A value that is a flag of the command is a usage error.
  program.hook('preAction', (_program, command) => {
    const values = command.opts();
    for (const option of command.options) {
      const value = values[option.attributeName()];
      // An empty path (`--dir "$DIR"`, the variable unset) would be read as the working folder: said, not used so.
      const path = typeof value === 'string' && !value.trim() && option.long ? PATH_FLAGS[option.long] : undefined;
      if (path) throw usageError(`${option.long} ${value}`, `${path.what} is empty`, `leave ${option.long} out to use ${path.otherwise}, or name a ${path.kind}`);
      if (!(option.required || option.optional) || typeof value !== 'string' || !/^--?[a-z]/i.test(value)) continue;
      if (!command.options.some((o) => o.long === value.split('=')[0] || o.short === value)) continue;
      throw usageError(`${option.long} ${value}`, `${option.long} needs a value, and the next word is the flag ${value}`, `write the value right after it: ${option.flags}`);
    }
    // The build cache folder beside the config, if the command may make it: one it fails without using is not left behind.
    const cacheDir = typeof values.config === 'string' ? cacheDirOf(dirname(resolve(values.config))) : null;
    newCache = cacheDir && !pathThere(cacheDir) ? cacheDir : null;
  });
  let newCache: string | null = null;
  // A command that failed (a flag or the site refused once the config loaded: `--locale fr`, no built site) did nothing:
  // the cache folder it made holds the compiled config's record alone.
  const settled = async (code: number) => {
    if (code !== 0 && newCache) await removeUnusedCache(newCache);
    return code;
  };

  try {
    // `sitegen help nope` would print the whole help, exit 2, and not say why.
    const [first, topic] = argv.slice(2);
    if (first === 'help' && topic !== undefined && !program.commands.some((c) => c.name() === topic || c.aliases().includes(topic))) {
      const names = program.commands.map((c) => c.name()).filter((n) => n !== 'help');
      const guess = closestMatch(topic, names, 3);
      throw usageError(`help ${topic}`, 'unknown command', guess ? `did you mean sitegen help ${guess}?` : `commands: ${names.join(', ')}`);
    }
    // `sitegen help new post`: commander would show the help of `new`; the subcommand's is what was asked for.
    const parent = program.commands.find((c) => c.name() === topic || c.aliases().includes(topic ?? ''));
    const sub = parent?.commands.find((c) => c.name() === argv[4]);
    // `sitegen help new pots` would show the help of `new` and exit 0, the typo unsaid.
    if (first === 'help' && parent && argv[4] !== undefined && argv[4] !== 'help' && !sub) {
      const names = parent.commands.map((c) => c.name()).filter((n) => n !== 'help');
      const guess = closestMatch(argv[4], names, 3);
      const hint = names.length === 0 ? `sitegen ${parent.name()} has no subcommands: sitegen help ${parent.name()}` : guess ? `did you mean sitegen help ${parent.name()} ${guess}?` : `commands of sitegen ${parent.name()}: ${names.join(', ')}`;
      throw usageError(`help ${topic} ${argv[4]}`, 'unknown command', hint);
    }
    await program.parseAsync(first === 'help' && sub ? [...argv.slice(0, 2), topic!, argv[4]!, '--help'] : argv);
    return await settled(exitCode);
  } catch (error) {
    return settled(handleError(error, io));
  }
}

/** `sitegen` and the (sub)command names among `args`, as far as they name commands; and the last command so named. */
function commandPath(program: InstanceType<typeof Command>, args: string[]): { path: string; command: InstanceType<typeof Command> } {
  const names = [program.name()];
  let command = program;
  for (const arg of args) {
    if (arg.startsWith('-')) continue;
    const sub = command.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (!sub) break;
    names.push(sub.name());
    command = sub;
  }
  return { path: names.join(' '), command };
}

/**
 * The command named on the line, however far along (`sitegen --config x build`), and its flags: one of them that
 * commander calls unknown was written before it.
 */
function laterCommand(program: InstanceType<typeof Command>, args: string[]): TypedCommand['later'] {
  const names = [program.name()];
  let command = program;
  // Each level's command is the first word after the one above it that names one (`new --locale en post`).
  for (let rest = args; ; ) {
    const at = rest.findIndex((arg) => command.commands.some((c) => c.name() === arg));
    if (at === -1) break;
    command = command.commands.find((c) => c.name() === rest[at])!;
    names.push(command.name());
    rest = rest.slice(at + 1);
  }
  if (command === program) return undefined;
  return { path: names.join(' '), flags: Object.fromEntries(command.options.filter((o) => o.long).map((o) => [o.long!, o.flags])) };
}

/** A command's flags that take no value (`--quiet`, `--no-cache`): commander reads `--quiet=1` as an unknown option. */
function switchesOf(command: InstanceType<typeof Command>): string[] {
  return command.options.filter((o) => !o.required && !o.optional && o.long).map((o) => o.long!);
}

/** A command's subcommands and long flags (`--help` and `--version` too). */
function namesOf(command: InstanceType<typeof Command>): string[] {
  const flags = [...command.options.map((o) => o.long), command.parent ? undefined : '--version', '--help'].filter((f): f is string => f !== undefined);
  return [...command.commands.map((c) => c.name()), ...flags];
}

/** The flags that name a folder or file, what each names and what is used without it: given empty, each is a usage error. */
const PATH_FLAGS: Record<string, { what: string; kind: 'folder' | 'file'; otherwise: string }> = {
  '--out': { what: 'the output folder', kind: 'folder', otherwise: 'outDir of the config ("dist")' },
  '--dir': { what: "the built site's folder", kind: 'folder', otherwise: 'the output folder of the config (outDir, "dist")' },
  '--config': { what: 'the config file', kind: 'file', otherwise: 'site.config.ts' },
};

/** Example values of the placeholders sitegen's flags are written with (`--dir <dir>`). */
const EXAMPLE_VALUES: Record<string, string> = { dir: 'dist', file: 'site.config.ts', code: 'en', port: '3000', title: '"My docs"' };

/** The command's first flag that takes a value, written with an example value (`--dir dist`): undefined for a command without one. */
function valueExample(command: InstanceType<typeof Command>): string | undefined {
  const option = command.options.find((o) => (o.required || o.optional) && o.long);
  if (!option) return undefined;
  const placeholder = /[<[]([^>\]]+)[>\]]/.exec(option.flags)?.[1] ?? 'value';
  return `${option.long} ${EXAMPLE_VALUES[placeholder] ?? `<${placeholder}>`}`;
}

interface BuildFlags {
  out?: string;
  config: string;
  locale?: string;
  verbose?: boolean;
  quiet?: boolean;
  cache: boolean;
}

async function runBuild(opts: BuildFlags, io: CliIO): Promise<number> {
  const started = performance.now();
  // Node's built-in modules the build uses that the CLI has not loaded, loaded first: V8 takes a code cache only
  // under the flags it was made with, so after the flags below Node's own cache of them is refused and they compile
  // from source (crypto and zlib: 8-14 ms then, 3-4 ms before; util's parseArgs and MIMEType with it).
  await Promise.all([import('node:crypto'), import('node:zlib'), import('node:util')]);
  // V8's tiers for a process that runs most of its code a few hundred times, set before the threads start.
  setV8Flags(ONE_SHOT_START_FLAGS);
  // The worker threads start first: loading their modules (marked, shiki) takes them longer than this
  // thread takes to load the build and the config, which decide nothing they need to know at start.
  // The cache folder is beside the config file (as `resolveConfig` puts the root there).
  const [{ createPool }, { cacheDirOf, rendersMostMarkdown }] = await Promise.all([import('./workers/pool.js'), import('./cache/cacheDir.js')]);
  const cacheDir = opts.cache ? cacheDirOf(dirname(resolve(opts.config))) : null;
  const pool = createPool({ cacheDir });
  pool.warm({ highlighter: rendersMostMarkdown(cacheDir) });
  // Ctrl-C (or a CI's SIGTERM) ends the build between two turns of the event loop: never with the output folder half written.
  const interrupted = (signal: NodeJS.Signals) => void import('./output/writeOutput.js').then(({ interruptBuild }) => interruptBuild(signal, (line) => io.err(`${io.interactive ? '\r\x1b[2K' : ''}${line}\n`)));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const [{ buildSite }, { loadConfig }] = await Promise.all([import('./build.js'), import('./config/loadConfig.js')]);
    const config = await loadConfig({ configFile: opts.config, outDir: opts.out, cache: opts.cache });
    const locale = opts.locale === undefined ? undefined : (await import('./config/localeFlag.js')).localeFlag(config, opts.locale).code;
    const reporter = progressReporter(io, { quiet: opts.quiet ?? false, verbose: opts.verbose ?? false });
    const result = await buildSite({ config, locales: locale ? [locale] : undefined, reporter, cache: opts.cache, pool }).catch((error: unknown) => {
      reporter.finish();
      // An error the build cannot go past (a theme that throws on a page) ends it as any failed build ends: with the summary.
      if (!(error instanceof SitegenError) || error.exitCode !== 1) throw error;
      printDiagnostics(error.diagnostics, io);
      io.err(`${summaryLine(config, null, error.diagnostics, performance.now() - started, false)}\n`);
      return null;
    });
    if (result === null) return 1;
    reporter.finish();
    return finishBuild(config, result, started, io);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await pool.close();
  }
}

function finishBuild(config: SiteConfig, result: BuildResult, started: number, io: CliIO): number {
  printDiagnostics(result.diagnostics, io);
  io.err(`${summaryLine(config, result.pages, result.diagnostics, performance.now() - started, result.ok)}\n`);
  return result.ok ? 0 : 1;
}

/** `built 330 pages (zh-Hans 165, en 165) · 0 errors · 2 warnings · 1.84 s`; `pages` null for a build that stopped before its pages were counted. */
export function summaryLine(config: SiteConfig, pages: Record<string, number> | null, diagnostics: Diagnostic[], ms: number, ok: boolean): string {
  const unique = uniqueDiagnostics(diagnostics);
  const errors = countErrors(unique);
  const warnings = unique.length - errors;
  const total = Object.values(pages ?? {}).reduce((a, b) => a + b, 0);
  const perLocale = config.locales.filter((l) => pages?.[l.code]).map((l) => `${l.code} ${pages![l.code]}`).join(', ');
  const head = ok ? `built ${total} pages (${perLocale}) into ${shownName(config.outDir)}` : `build failed: nothing was written${pages ? ` (${total} pages planned)` : ''}`;
  return `${head} · ${errors} error${errors === 1 ? '' : 's'} · ${warnings} warning${warnings === 1 ? '' : 's'} · ${(ms / 1000).toFixed(2)} s`;
}

/** Prints diagnostics grouped by file, errors and warnings alike. */
export function printDiagnostics(diagnostics: Diagnostic[], io: CliIO): void {
  for (const d of sortDiagnostics(diagnostics)) io.err(`${formatDiagnostic(d)}\n`);
}

function progressReporter(io: CliIO, opts: { quiet: boolean; verbose: boolean }): Reporter & { finish(): void } {
  const lines: string[] = [];
  let drawn = false;
  return {
    stage(name) {
      if (io.interactive && !opts.quiet) {
        io.err(`\r\x1b[2K${name}…`);
        drawn = true;
      }
    },
    done(name, ms, detail) {
      const line = `${name.padEnd(9)} ${(detail ?? '').padEnd(14)} ${Math.round(ms)} ms`;
      lines.push(line);
      if (opts.quiet) return;
      if (io.interactive) {
        io.err(`\r\x1b[2K${line}`);
        if (opts.verbose) io.err('\n');
      } else if (opts.verbose || !io.interactive) {
        io.err(`${line}\n`);
      }
    },
    finish() {
      if (drawn) io.err('\r\x1b[2K');
    },
  };
}

/**
 * An error that nothing awaits ends the process. Thrown from a timer or callback the config set up, it
 * is the config's problem and is said in one line, as the config's others are (exit 2); any other is a
 * bug in sitegen and keeps its stack (exit 1). The build's unfinished output is removed on exit.
 */
export function reportStrayErrors(io: CliIO = defaultIO()): void {
  process.on('uncaughtException', (error) => {
    // On a terminal the build's progress line may be drawn, without its line break: the error goes on a line of its own.
    if (io.interactive) io.err('\r\x1b[2K');
    // Said already as it should be (a config's process.exit from its timer while it loads: `catchConfigExit`).
    if (error instanceof SitegenError) {
      printDiagnostics(error.diagnostics, io);
      process.exit(error.exitCode);
    }
    const stack = error instanceof Error ? String(error.stack) : '';
    // A rejected promise nobody handled comes as Node's own error, its reason in words: the reason is what was thrown.
    const rejected = (error as NodeJS.ErrnoException | null)?.code === 'ERR_UNHANDLED_REJECTION' ? /rejected with the reason "([\s\S]*)"\.$/.exec((error as Error).message)?.[1] : undefined;
    // sitegen throws Errors only: anything else (`throw 'text'`, a rejection with a string) comes from the config, the only other code run.
    const foreign = !(error instanceof Error) || rejected !== undefined;
    const config = [...configModules].find(([url]) => stack.includes(url))?.[1] ?? (foreign ? [...configModules.values()].pop() : undefined);
    if (config === undefined) {
      io.err(`${error instanceof Error ? stack : `Uncaught ${String(error)}`}\n`);
      process.exit(1);
    }
    const message = `the config threw after it was loaded (from a timer or callback): ${rejected ?? (error instanceof Error ? error.message : String(error))}`;
    io.err(`${formatDiagnostic({ severity: 'error', code: 'config', file: config, message, hint: 'code in the config that runs later must catch its own errors' })}\n`);
    process.exit(2);
  });
}

function handleError(error: unknown, io: CliIO): number {
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0;
    // `commander.help` is `sitegen help [command]` (exit code 0) or no command at all (1, the help on
    // stderr): a script that runs a bare `sitegen` expecting a build must not pass having built nothing.
    if (error.code === 'commander.help') return error.exitCode === 0 ? 0 : 2;
    return 2; // commander already printed its one-line message
  }
  if (error instanceof SitegenError) {
    printDiagnostics(error.diagnostics, io);
    return error.exitCode;
  }
  throw error;
}

export { Option };
