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

  it("finds an array's element, and a key inside it", () => {
    expect(keyLine(source, ['navbar', 1, 'to'])).toBe(13);
    expect(keyLine(source, ['navbar', 0])).toBe(12);
    const nested = `export default {
  footer: {
    columns: [
      { title: 'Docs, [all] of them', items: [{ label: 'A', to: '/a' }] }, // a comment, with a comma
      /* another, [with brackets] */
      {
        title: \`Community \${['x', 'y'].join(', ')}\`,
        items: [
          { label: 'GitHub', to: GITHUB },
          { label: 'Issues',
            to: \`\${GITHUB}/issues\` },
        ],
      },
    ],
  },
};
`;
    expect(keyLine(nested, ['footer', 'columns', 0, 'items', 0, 'to'])).toBe(4);
    expect(keyLine(nested, ['footer', 'columns', 1, 'items', 1, 'to'])).toBe(11);
    expect(keyLine(nested, ['footer', 'columns', 1, 'items', 0, 'to'])).toBe(9);
  });

  it('stops at an array it cannot count, and at a key it cannot find, on the last key it found', () => {
    const spread = `export default {\n  navbar: [\n    ...common,\n    { to: '/b' },\n  ],\n  built: makeNav(),\n};\n`;
    expect(keyLine(spread, ['navbar', 1, 'to'])).toBe(2);
    expect(keyLine(spread, ['built', 0])).toBe(6);
    expect(keyLine(source, ['navbar', 2, 'to'])).toBe(11);
    expect(keyLine(source, ['blog', 'sidebarCount'])).toBe(5);
    expect(keyLine(source, ['nowhere'])).toBeUndefined();
  });

  it("looks for a key inside the value of the one above it, not in what follows it", () => {
    const text = `export default {\n  announcement: {\n    content: 'One text for every locale',\n  },\n  blog: { tags: { a: { en: 'A' } } },\n};\n`;
    expect(keyLine(text, ['announcement', 'content', 'en'])).toBe(3);
    expect(keyLine(source, ['docs', 'postsPerPage'])).toBe(4);
  });

  it('follows a shorthand key (`navbar,`) to the constant it names, declared above', () => {
    const text = `import { defineConfig } from 'sitegen';
const navbar = [
  { label: 'Docs', to: '/docs/' },
  { label: 'Blog', to: 'blog' },
];
const footer: Footer = { copyright: 'x' };
export default defineConfig({
  title: 'Site',
  navbar,
  footer };
`;
    expect(keyLine(text, ['navbar'])).toBe(9);
    expect(keyLine(text, ['navbar', 1, 'to'])).toBe(4);
    expect(keyLine(text, ['footer', 'copyright'])).toBe(6);
    // A shorthand whose constant is not found stays at the shorthand.
    expect(keyLine(text.replace('const navbar =', 'const nav ='), ['navbar', 1, 'to'])).toBe(9);
    expect(keyLine(text.replace(/const navbar = \[[\s\S]*?\];/, 'const navbar = makeNav();'), ['navbar', 1, 'to'])).toBe(6);
  });

  it('reads a key path as messages write it', () => {
    expect(parseKeyPath('search.synonyms[1][0]')).toEqual(['search', 'synonyms', 1, 0]);
    expect(parseKeyPath('i18n.locales.zh-Hans.path')).toEqual(['i18n', 'locales', 'zh-Hans', 'path']);
    // A key that is no name, written as a JSON string.
    expect(parseKeyPath('i18n.locales."en us".label')).toEqual(['i18n', 'locales', 'en us', 'label']);
    expect(parseKeyPath('i18n.locales."x/../en"')).toEqual(['i18n', 'locales', 'x/../en']);
  });
});
