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
