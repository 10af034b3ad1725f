import { describe, expect, it } from 'vitest';
import { keyLine, parseKeyPath } from '../../../src/config/keyLine.js';

const source = `import { defineConfig } from 'sitegen';
export default defineConfig({
  title: 'Site',
  docs: { tocMaxLevl: 3 },
  blog: {
    // postsPerPage: 5 in a comment is not the key; nor is to: in 'https://x.example'.
    "authors": { team: { name: 'Team' } },
    postsPerPage: 0,
  },
  i18n: { locales: { 'zh-Hans': { label: '中文' } } },
  navbar: [
    { label: 'A', to: '/a' },
    { label: 'B', to: 42 },
  ],
  titleSuffix: 'not title',
});
`;

describe('keyLine', () => {
  it('finds each key after the one above it, quoted or not', () => {
    expect(keyLine(source, ['title'])).toBe(3);
    expect(keyLine(source, ['docs', 'tocMaxLevl'])).toBe(4);
    expect(keyLine(source, ['blog', 'authors', 'team'])).toBe(7);
    expect(keyLine(source, ['blog', 'postsPerPage'])).toBe(8);
    expect(keyLine(source, ['i18n', 'locales', 'zh-Hans', 'label'])).toBe(10);
    expect(keyLine(source, ['titleSuffix'])).toBe(15);
  });

  it('stops at an array, and at a key it cannot find, on the last key it found', () => {
    expect(keyLine(source, ['navbar', 1, 'to'])).toBe(11);
    expect(keyLine(source, ['blog', 'sidebarCount'])).toBe(5);
    expect(keyLine(source, ['nowhere'])).toBeUndefined();
  });

  it('reads a key path as messages write it', () => {
    expect(parseKeyPath('search.synonyms[1][0]')).toEqual(['search', 'synonyms', 1, 0]);
    expect(parseKeyPath('i18n.locales.zh-Hans.path')).toEqual(['i18n', 'locales', 'zh-Hans', 'path']);
  });
});
