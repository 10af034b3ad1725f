import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { themeLinkPlace, writtenForms } from '../../../src/links/themeLinkPlace.js';

describe('writtenForms', () => {
  it('spells an address as built, without the baseUrl and without the locale path, with and without its slash', () => {
    expect(writtenForms('/repo/en/docs/a/#part', '/repo/', ['', 'en'])).toEqual(['/repo/en/docs/a/', '/repo/en/docs/a', '/en/docs/a/', '/en/docs/a', '/docs/a/', '/docs/a']);
    expect(writtenForms('https://site.example/docs/b?x=1', '/', ['', 'en'])).toEqual(['/docs/b']);
    // `/` alone names no place: every theme writes it.
    expect(writtenForms('/en/', '/', ['', 'en'])).toEqual(['/en/', '/en']);
    expect(writtenForms('/', '/', [''])).toEqual([]);
  });
});

describe('themeLinkPlace', () => {
  const root = mkdtempSync(join(tmpdir(), 'sitegen-theme-link-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('own/i18n/home.en.ts', "export default {\n  cards: [\n    { link: '/docs/gone' },\n  ],\n};\n");
  write('own/i18n/home.zh-Hans.ts', "export default {\n  cards: [{ link: '/docs/gone' }],\n};\n");
  write('own/components/Footer.tsx', 'export const Footer = () => <a href="/docs/old#part">x</a>;\n');
  write('own/node_modules/x/index.js', "export const a = '/docs/elsewhere';\n");
  write('theme/components/Nav.tsx', 'export const Nav = () => <a href={`/docs/elsewhere`}>x</a>;\n');
  const folders = [
    { dir: join(root, 'own'), shown: 'theme' },
    { dir: join(root, 'theme'), shown: 'node_modules/sitegen/theme' },
  ];

  it("finds the line that writes the address as a whole string, the page's locale's file first", () => {
    expect(themeLinkPlace(folders, ['/docs/gone'], 'zh-Hans')).toEqual({ file: join('theme', 'i18n', 'home.zh-Hans.ts'), line: 2 });
    expect(themeLinkPlace(folders, ['/docs/gone'], 'en')).toEqual({ file: join('theme', 'i18n', 'home.en.ts'), line: 3 });
    // With its fragment written after it.
    expect(themeLinkPlace(folders, ['/docs/old'], 'en')).toEqual({ file: join('theme', 'components', 'Footer.tsx'), line: 1 });
  });

  it("looks in the theme's folder after the site's own, never in packages, and not at a longer address", () => {
    expect(themeLinkPlace(folders, ['/docs/elsewhere'])).toEqual({ file: join('node_modules/sitegen/theme', 'components', 'Nav.tsx'), line: 1 });
    expect(themeLinkPlace(folders, ['/docs/go'])).toBeNull();
    expect(themeLinkPlace(folders, [])).toBeNull();
  });
});
