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
