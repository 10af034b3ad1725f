import { describe, expect, it } from 'vitest';
import { docIdOf, parseNumberPrefix } from '../../../src/routes/numberPrefix.js';

describe('parseNumberPrefix (Docusaurus\'s default numberPrefixParser)', () => {
  it('takes digits and a -, _ or . (spaces around it) off the front of a name, as its position', () => {
    expect(parseNumberPrefix('01-intro')).toEqual({ name: 'intro', position: 1 });
    expect(parseNumberPrefix('2-setup')).toEqual({ name: 'setup', position: 2 });
    expect(parseNumberPrefix('3 - tips')).toEqual({ name: 'tips', position: 3 });
    expect(parseNumberPrefix('0_start')).toEqual({ name: 'start', position: 0 });
    expect(parseNumberPrefix('007. bond')).toEqual({ name: 'bond', position: 7 });
    expect(parseNumberPrefix('1---a')).toEqual({ name: 'a', position: 1 });
    // A year followed by a word is a prefix like any other.
    expect(parseNumberPrefix('2024-setup')).toEqual({ name: 'setup', position: 2024 });
  });

  it('leaves a name that is only a number, starts like a date or a version, or has its number elsewhere', () => {
    for (const name of ['2024', '01', '2024-01-01-x', '2024-01', '31.01.2021 - x', '8.0-notes', '1.5_faq', '14_2_16', 'v2-setup', 'a1-x', 'setup-2', '1-', '1 - ', '1--_']) {
      expect(parseNumberPrefix(name), name).toEqual({ name });
    }
  });
});

describe('docIdOf', () => {
  it('leaves out the prefix of every folder and of the file', () => {
    expect(docIdOf('02-guides/01-intro.md')).toBe('guides/intro');
    expect(docIdOf('02-guides/index.md')).toBe('guides/index');
    expect(docIdOf('2024-01-01-release.md')).toBe('2024-01-01-release');
    expect(docIdOf('guides/card.md')).toBe('guides/card');
  });
});
