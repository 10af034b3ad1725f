import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli';

describe('sitegen help build', () => {
  it('says --quiet keeps warnings too, as the build does and the README says ("only problems and the summary")', async () => {
    let help = '';
    expect(await main(['node', 'sitegen', 'help', 'build'], { out: (t) => void (help += t), err: () => {}, interactive: false })).toBe(0);
    const quiet = /^ {2}--quiet\s+(.*)$/m.exec(help)?.[1] ?? '';
    expect(quiet).toMatch(/warnings/);
  });
});

describe('sitegen help with a subcommand that is not one', () => {
  it('says so, with the nearest, instead of the parent\'s help and exit 0 (help new pots)', async () => {
    let out = '';
    let err = '';
    const io = { out: (t: string) => void (out += t), err: (t: string) => void (err += t), interactive: false };
    expect(await main(['node', 'sitegen', 'help', 'new', 'pots'], io)).toBe(2);
    expect(out).toBe('');
    expect(err).toBe('help new pots error[usage] unknown command\n  hint: did you mean sitegen help new post?\n');
    err = '';
    expect(await main(['node', 'sitegen', 'help', 'theme', 'zzz'], io)).toBe(2);
    expect(err).toBe('help theme zzz error[usage] unknown command\n  hint: commands of sitegen theme: eject\n');
    // A command without subcommands has no help beyond its own.
    err = '';
    expect(await main(['node', 'sitegen', 'help', 'build', 'x'], io)).toBe(2);
    expect(err).toBe('help build x error[usage] unknown command\n  hint: sitegen build has no subcommands: sitegen help build\n');
    expect(await main(['node', 'sitegen', 'help', 'new', 'post'], io)).toBe(0);
    expect(out).toMatch(/^Usage: sitegen new post/);
  });
});

describe('sitegen new --help', () => {
  it('says what each of its commands writes, as every other command list does', async () => {
    let help = '';
    expect(await main(['node', 'sitegen', 'new', '--help'], { out: (t) => void (help += t), err: () => {}, interactive: false })).toBe(0);
    expect(help).toMatch(/^ {2}post \[options\] <title>[ \t]+\S/m);
    expect(help).toMatch(/^ {2}doc \[options\] <id>[ \t]+\S/m);
  });
});

describe('every command\'s help', () => {
  /** The help of `sitegen` and of each of its commands and subcommands, by the command as typed. */
  async function everyHelp(): Promise<Map<string, string>> {
    const helps = new Map<string, string>();
    const visit = async (words: string[]) => {
      let help = '';
      expect(await main(['node', 'sitegen', ...words, '--help'], { out: (t) => void (help += t), err: () => {}, interactive: false })).toBe(0);
      helps.set(words.join(' '), help);
      const commands = /\nCommands:\n([\s\S]*)$/.exec(help)?.[1] ?? '';
      for (const [, name] of commands.matchAll(/^ {2}([a-z-]+)/gm)) if (name !== 'help') await visit([...words, name!]);
    };
    await visit([]);
    return helps;
  }

  it('is true of a site with one locale or three: only init, which writes a two-locale site, speaks of two', async () => {
    const helps = await everyHelp();
    expect([...helps.keys()]).toEqual(expect.arrayContaining(['', 'serve', 'build', 'search', 'new post', 'theme eject', 'docs version']));
    for (const [command, help] of helps) {
      // `sitegen --help` lists init's description: the rest of it is judged too.
      const judged = command === 'init' ? '' : help.replace(/^ {2}init .*\n(?: {20,}.*\n)*/m, '');
      expect(judged, `sitegen ${command} --help`).not.toMatch(/\b(both|two) +locales|bilingual|zh-Hans/i);
    }
    expect(helps.get('serve')).toMatch(/every locale/);
    expect(helps.get('search')).toMatch(/--locale <code>\s+locale to search \(default: the default locale\)/);
  });

  it('shows a flag\'s default as it is typed, not in the quotes of a JavaScript string', async () => {
    const helps = await everyHelp();
    expect(helps.get('serve')).toMatch(/--port <port>\s+port to listen on \(default: 3000\)/);
    expect(helps.get('check-links')).toMatch(/--timeout <ms>\s+time limit per request \(default: 10000\)/);
    expect(helps.get('new post')).toMatch(/--config <file>\s+config file \(default: site\.config\.ts\)/);
    // Options only: init's folder argument keeps its quotes, `(default: ".")`, where a bare dot would be lost.
    for (const [command, help] of helps) expect(help.slice(help.indexOf('\nOptions:')), `sitegen ${command} --help`).not.toMatch(/\(default: "/);
  });
});
