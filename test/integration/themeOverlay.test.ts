// A project's theme/ folder without server.tsx overrides single files of the theme that comes with
// sitegen (components, stylesheets, texts), in the server and the client bundle; `sitegen theme eject`
// copies them there to start from.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCacheFile } from '../../src/cache/diskCache';
import { startDevServer, type DevServer } from '../../src/serve/runServe';
import { poll } from '../e2e/helpers/site';
import { canMakeImmutable, REPO, runCli } from '../helpers/site';

const BUNDLED = join(REPO, 'theme');
const FOOTER = 'components/Footer/index.tsx';

/** A new site as `sitegen init` writes it (no theme/ folder: sitegen's theme draws it), built once. */
function newSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sitegen-overlay-'));
  expect(runCli(['init', '--title', 'Overlay test'], dir).code).toBe(0);
  return dir;
}

const build = (dir: string) => runCli(['build'], dir);
const override = (dir: string, path: string, text: string) => {
  mkdirSync(dirname(join(dir, 'theme', path)), { recursive: true });
  writeFileSync(join(dir, 'theme', path), text);
};
/** The bundled file with one text replaced (and that text there, so the copy is known to differ). */
const bundledWith = (path: string, from: string, to: string) => {
  const text = readFileSync(join(BUNDLED, path), 'utf8');
  expect(text).toContain(from);
  return text.replace(from, to);
};
/** A footer that says `mark` above the bundled footer's contents. */
const footerSaying = (mark: string) => bundledWith(FOOTER, '<footer className="footer">', `<footer className="footer"><p className="overlay-mark">${mark}</p>`);

/** Every page the theme draws, by path, with the hashed asset names made alike (an edited bundle has another); not the docs roots', which only lead on. */
function pages(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (sub: string) => {
    for (const entry of readdirSync(join(dir, 'dist', sub), { withFileTypes: true })) {
      const path = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory() && entry.name !== 'assets') visit(path);
      else if (entry.name.endsWith('.html') && !/^(en\/)?docs\/index\.html$/.test(path)) found.set(path, readFileSync(join(dir, 'dist', path), 'utf8').replace(/\/assets\/([\w-]+)\.[A-Z0-9]{8}\.(js|css)/g, '/assets/$1.#.$2'));
    }
  };
  visit('');
  return found;
}

/** The text of every built script, or of every stylesheet. */
const assets = (dir: string, ext: 'js' | 'css') =>
  readdirSync(join(dir, 'dist/assets'))
    .filter((name) => name.endsWith(`.${ext}`) && !name.startsWith('site-data.'))
    .map((name) => readFileSync(join(dir, 'dist/assets', name), 'utf8'))
    .join('\n');

/** How many times React's internals are named: more with a second React bundled. */
const reactCopies = (js: string) => js.split('__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED').length - 1;

const problems = (stderr: string) => stderr.split('\n').filter((line) => /(error|warning)\[|^ {2}hint:/.test(line));

describe('a theme/ folder without server.tsx overrides files of sitegen\'s theme', () => {
  let dir: string;
  let before: Map<string, string>;
  let beforeScripts: string;
  beforeAll(() => {
    dir = newSite();
    const built = build(dir);
    expect(built.code, built.stderr).toBe(0);
    before = pages(dir);
    beforeScripts = assets(dir, 'js');
  }, 60_000);

  it("a first build takes sitegen's theme bundled when sitegen was compiled (lib/seed/), and runs no esbuild for it", () => {
    const seeded = parseCacheFile(readFileSync(join(REPO, 'lib/seed/bundles/client.json'), 'utf8')) as { value: { script: string; files: { path: string; base64: string }[] } };
    // The site's cache holds no bundle of the theme of its own: the installation's were taken.
    expect(readdirSync(join(dir, '.sitegen-cache/bundles')).sort()).toEqual(['config.json']);
    const page = parse(readFileSync(join(dir, 'dist/en/docs/intro/index.html'), 'utf8'));
    expect(page.querySelector('script[type=module][src^="/assets/client."]')?.getAttribute('src')).toBe(seeded.value.script);
    for (const file of seeded.value.files) expect(readFileSync(join(dir, 'dist', file.path)).equals(Buffer.from(file.base64, 'base64')), file.path).toBe(true);
  });

  it("renders every page without loading React DOM's browser half, which the Navbar imports for a click (flushSync)", () => {
    // NODE_DEBUG=module names every CommonJS file the build's threads load.
    const built = runCli(['build'], dir, { NODE_DEBUG: 'module' });
    expect(built.code, built.stderr).toBe(0);
    expect(built.stderr).toMatch(/react-dom-server[\w.-]*\.js/);
    expect(built.stderr).not.toMatch(/react-dom\.(production\.min|development)\.js/);
    expect(pages(dir)).toEqual(before);
  }, 60_000);

  it("an override that imports React DOM's browser half by name gets its values and its functions, loaded when first called", () => {
    override(dir, FOOTER, bundledWith(FOOTER, '<footer className="footer">', '<footer className="footer"><p className="react-dom-mark">{version} {unstable_batchedUpdates((word: string) => word, "called")}</p>').replace(/^/, "import { unstable_batchedUpdates, version } from 'react-dom';\n"));
    const built = build(dir);
    expect(built.code, built.stderr).toBe(0);
    const version = JSON.parse(readFileSync(join(REPO, 'node_modules/react-dom/package.json'), 'utf8')).version as string;
    expect(parse(readFileSync(join(dir, 'dist/en/docs/intro/index.html'), 'utf8')).querySelector('.react-dom-mark')?.text).toBe(`${version} called`);
    rmSync(join(dir, 'theme', FOOTER));
  }, 60_000);

  it('a component: its copy draws every page, in the server HTML and in the client bundle, and every other component is sitegen\'s', () => {
    // The cache of the build without it is there: a new override must make both bundles again.
    override(dir, FOOTER, footerSaying('Footer of the overlay'));
    const built = build(dir);
    expect(built.code, built.stderr).toBe(0);
    expect(problems(built.stderr)).toEqual([]);
    const after = pages(dir);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [path, html] of after) {
      const page = parse(html);
      expect(page.querySelector('footer.footer .overlay-mark')?.text, path).toBe('Footer of the overlay');
      // The rest of the page is as sitegen's theme draws it: only the footer's mark was added.
      expect(html.replace('<p class="overlay-mark">Footer of the overlay</p>', ''), path).toBe(before.get(path));
    }
    expect(assets(dir, 'js')).toContain('Footer of the overlay');
    // The overlay's bundles are the site's own, in its cache.
    expect(readdirSync(join(dir, '.sitegen-cache/bundles')).sort()).toEqual(['client.json', 'config.json', 'theme-server.json']);
  }, 60_000);

  it('an edited override is bundled again with the cache there, and a deleted one gives sitegen\'s back', () => {
    override(dir, FOOTER, footerSaying('Footer, edited'));
    expect(build(dir).code).toBe(0);
    expect(parse(readFileSync(join(dir, 'dist/en/docs/intro/index.html'), 'utf8')).querySelector('.overlay-mark')?.text).toBe('Footer, edited');
    expect(assets(dir, 'js')).toContain('Footer, edited');
    expect(assets(dir, 'js')).not.toContain('Footer of the overlay');
    rmSync(join(dir, 'theme', FOOTER));
    expect(build(dir).code).toBe(0);
    expect(pages(dir)).toEqual(before);
    expect(assets(dir, 'js')).not.toContain('Footer, edited');
  }, 60_000);

  it('a stylesheet: its copy is in the site\'s CSS, the other stylesheets with it', () => {
    override(dir, 'styles/global.css', `${readFileSync(join(BUNDLED, 'styles/global.css'), 'utf8')}\n.overlay-css-mark { color: rebeccapurple; }\n`);
    const built = build(dir);
    expect(built.code, built.stderr).toBe(0);
    const css = assets(dir, 'css');
    expect(css).toContain('.overlay-css-mark{color:#639}');
    // content.css and a component's stylesheet, still sitegen's.
    expect(css).toContain('.footer-inner');
    expect(css).toContain('.markdown');
    rmSync(join(dir, 'theme/styles'), { recursive: true });
  }, 60_000);

  it("a text of the theme's i18n, and a file of the overlay's own that an override imports, which resolves the theme's modules from its place in the theme", () => {
    const en = readFileSync(join(BUNDLED, 'i18n/en.ts'), 'utf8');
    expect(en).toMatch(/skipToContent: '[^']+'/);
    override(dir, 'i18n/en.ts', en.replace(/skipToContent: '[^']+'/, "skipToContent: 'Skip to the overlay'"));
    override(dir, 'components/Footer/Motto.tsx', [
      "import { useTheme } from '../../context.js';",
      "import { useState } from 'react';",
      "import useGreeting from 'overlay-greeting';",
      "import type { SiteData } from '../../../src/types.js';",
      'export function Motto() {',
      '  const { site } = useTheme();',
      '  const [title] = useState<SiteData[\'title\']>(site.title);',
      '  return <p className="overlay-motto">{title} says {useGreeting()}</p>;',
      '}',
      '',
    ].join('\n'));
    // A package sitegen does not have comes from the project's node_modules; React never does, not even for such a package.
    const packages = { 'overlay-greeting': "import { useState } from 'react';\nexport default function useGreeting() { return useState('hello')[0]; }\n", react: "throw new Error(\"the project's React\");\n" };
    for (const [name, code] of Object.entries(packages)) {
      mkdirSync(join(dir, 'node_modules', name), { recursive: true });
      writeFileSync(join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, main: 'index.js' }));
      writeFileSync(join(dir, 'node_modules', name, 'index.js'), code);
    }
    override(dir, FOOTER, `import { Motto } from './Motto.js';\n${bundledWith(FOOTER, '<footer className="footer">', '<footer className="footer"><Motto />')}`);
    const built = build(dir);
    expect(built.code, built.stderr).toBe(0);
    expect(problems(built.stderr)).toEqual([]);
    const page = parse(readFileSync(join(dir, 'dist/en/docs/intro/index.html'), 'utf8'));
    expect(page.querySelector('.overlay-motto')?.text).toBe('Overlay test says hello');
    expect(page.querySelector('a.skip-link')?.text).toBe('Skip to the overlay');
    // One React in the client bundle: the overlay's imports of it are sitegen's, as the theme's are.
    expect(reactCopies(assets(dir, 'js'))).toBe(reactCopies(beforeScripts));
    expect(assets(dir, 'js')).not.toContain("the project's React");
    rmSync(join(dir, 'theme'), { recursive: true });
    rmSync(join(dir, 'node_modules'), { recursive: true });
    expect(build(dir).code).toBe(0);
    expect(pages(dir)).toEqual(before);
  }, 60_000);

  it("gives a locale sitegen's theme has no texts for its own: translated copies of en.ts and home.en.ts named in the ejected texts.ts and loaders.ts", () => {
    const config = readFileSync(join(dir, 'site.config.ts'), 'utf8');
    const withFr = config.replace(/(\n\s*en: \{[^\n]*\},?\n)/, "$1      fr: { label: 'Français', htmlLang: 'fr' },\n");
    expect(withFr).not.toBe(config);
    writeFileSync(join(dir, 'site.config.ts'), withFr);
    try {
      let built = build(dir);
      expect(problems(built.stderr)).toContainEqual(expect.stringMatching(/warning\[theme\] the theme has no texts for the locale fr/));
      expect(problems(built.stderr)).toContainEqual('  hint: sitegen theme eject i18n copies the theme\'s texts into theme/i18n/: add fr.ts and home.fr.ts there, translated copies of en.ts and home.en.ts, and name them in texts.ts and loaders.ts');
      expect(runCli(['theme', 'eject', 'i18n'], dir).code).toBe(0);
      const en = readFileSync(join(dir, 'theme/i18n/en.ts'), 'utf8');
      override(dir, 'i18n/fr.ts', en.replace(/skipToContent: '[^']+'/, "skipToContent: 'Aller au contenu'"));
      override(dir, 'i18n/home.fr.ts', readFileSync(join(dir, 'theme/i18n/home.en.ts'), 'utf8'));
      const texts = readFileSync(join(dir, 'theme/i18n/texts.ts'), 'utf8');
      override(dir, 'i18n/texts.ts', texts.replace("import en from './en.js';", "import en from './en.js';\nimport fr from './fr.js';\nimport frHome from './home.fr.js';").replace("en: { ...en, home: enHome } }", "en: { ...en, home: enHome }, fr: { ...fr, home: frHome } }"));
      expect(readFileSync(join(dir, 'theme/i18n/texts.ts'), 'utf8')).toContain('fr: { ...fr, home: frHome }');
      override(dir, 'i18n/loaders.ts', readFileSync(join(dir, 'theme/i18n/loaders.ts'), 'utf8').replace("  en: () => import('./en.client.js'),", "  en: () => import('./en.client.js'),\n  fr: () => import('./fr.js'),").replace("  en: () => import('./home.en.js'),", "  en: () => import('./home.en.js'),\n  fr: () => import('./home.fr.js'),"));
      built = build(dir);
      expect(built.code, built.stderr).toBe(0);
      // Before: fr.ts "replaces no file of sitegen's theme", and the French pages showed the English texts.
      expect(problems(built.stderr).filter((l) => /theme|texts/.test(l))).toEqual([]);
      expect(parse(readFileSync(join(dir, 'dist/fr/docs/intro/index.html'), 'utf8')).querySelector('a.skip-link')?.text).toBe('Aller au contenu');
      // In the browser too: a chunk of its own, which the French pages load.
      expect(assets(dir, 'js')).toContain('Aller au contenu');
    } finally {
      writeFileSync(join(dir, 'site.config.ts'), config);
      rmSync(join(dir, 'theme'), { recursive: true, force: true });
    }
  }, 90_000);

  // Before: built with no word, and in the browser each French page was drawn again in English once it had loaded (React
  // error 418, the server's markup thrown away): the browser's texts come from loaders.ts, the server's from texts.ts.
  it('a locale named in texts.ts and not in loaders.ts (or the other way) is an error at loaders.ts, not pages that turn English in the browser', () => {
    const config = readFileSync(join(dir, 'site.config.ts'), 'utf8');
    writeFileSync(join(dir, 'site.config.ts'), config.replace(/(\n\s*en: \{[^\n]*\},?\n)/, "$1      fr: { label: 'Français', htmlLang: 'fr' },\n"));
    try {
      expect(runCli(['theme', 'eject', 'i18n'], dir).code).toBe(0);
      override(dir, 'i18n/fr.ts', readFileSync(join(dir, 'theme/i18n/en.ts'), 'utf8').replace(/skipToContent: '[^']+'/, "skipToContent: 'Aller au contenu'"));
      const texts = readFileSync(join(dir, 'theme/i18n/texts.ts'), 'utf8');
      const loaders = readFileSync(join(dir, 'theme/i18n/loaders.ts'), 'utf8');
      override(dir, 'i18n/texts.ts', texts.replace("import en from './en.js';", "import en from './en.js';\nimport fr from './fr.js';").replace("en: { ...en, home: enHome } }", "en: { ...en, home: enHome }, fr: { ...fr, home: enHome } }"));
      let built = build(dir);
      expect(built.code, built.stderr).toBe(1);
      expect(problems(built.stderr).filter((l) => !l.includes('[config]') && !l.includes("add fr: '…'"))).toEqual([
        'theme/i18n/loaders.ts error[theme] the texts the browser loads for the locale fr (loaders.ts) are not those its pages are drawn with (texts.ts), so once a page has loaded, its menus, buttons and dates are drawn again in the others',
        "  hint: name the same file for fr in both: in texts.ts (TEXTS) and in loaders.ts (TEXT_LOADERS: fr: () => import('./fr.js'))",
      ]);
      // The other way: the browser's French texts, the server's English ones.
      override(dir, 'i18n/texts.ts', texts);
      override(dir, 'i18n/loaders.ts', loaders.replace("  en: () => import('./en.client.js'),", "  en: () => import('./en.client.js'),\n  fr: () => import('./fr.js'),"));
      built = build(dir);
      expect(built.code, built.stderr).toBe(1);
      expect(problems(built.stderr)).toContainEqual(expect.stringMatching(/^theme\/i18n\/loaders\.ts error\[theme\] the texts the browser loads for the locale fr/));
      // Both: built, the home page's texts being English in each (home.en.ts, which the browser loads for fr too).
      override(dir, 'i18n/texts.ts', texts.replace("import en from './en.js';", "import en from './en.js';\nimport fr from './fr.js';").replace("en: { ...en, home: enHome } }", "en: { ...en, home: enHome }, fr: { ...fr, home: enHome } }"));
      built = build(dir);
      expect(built.code, built.stderr).toBe(0);
      expect(parse(readFileSync(join(dir, 'dist/fr/docs/intro/index.html'), 'utf8')).querySelector('a.skip-link')?.text).toBe('Aller au contenu');
    } finally {
      writeFileSync(join(dir, 'site.config.ts'), config);
      rmSync(join(dir, 'theme'), { recursive: true, force: true });
    }
  }, 90_000);

  it("an override of a locale's texts that lacks some is an error at it, naming them, not a crash in a component", () => {
    override(dir, 'i18n/zh-Hans.ts', bundledWith('i18n/zh-Hans.ts', "    home: '{title}首页',\n", '').replace(/    skipToContent: '[^']+',\n|  skipToContent: '[^']+',\n/, ''));
    const built = build(dir);
    expect(built.code, built.stderr).toBe(1);
    expect(problems(built.stderr)).toContain("theme/i18n/zh-Hans.ts error[theme] the zh-Hans texts have no skipToContent, navbar.home, which the theme's other locales have, so the pages that show them cannot be rendered");
    expect(built.stderr).not.toMatch(/\n\s+at /);
    rmSync(join(dir, 'theme'), { recursive: true });
    expect(build(dir).code).toBe(0);
  }, 60_000);

  it('an override whose path matches no file of the theme is a warning naming it, with the file it likely meant', () => {
    override(dir, 'components/Fotoer/index.tsx', footerSaying('Misspelt'));
    override(dir, 'Navbar.tsx', 'export {};\n');
    // Notes and pictures beside the overrides are no misspelt override: not told.
    override(dir, 'README.md', '# Our overrides\n');
    override(dir, 'sketches/footer.png', 'png');
    const built = build(dir);
    expect(built.code, built.stderr).toBe(0);
    expect(problems(built.stderr)).toEqual([
      "theme/components/Fotoer/index.tsx warning[theme] replaces no file of sitegen's theme, and no override imports it, so the site does not use it",
      "  hint: did you mean theme/components/Footer/index.tsx? (sitegen theme eject lists the theme's components)",
      "theme/Navbar.tsx warning[theme] replaces no file of sitegen's theme, and no override imports it, so the site does not use it",
      "  hint: did you mean theme/components/Navbar/index.tsx? (sitegen theme eject lists the theme's components)",
    ]);
    expect(built.stderr).toMatch(/· 0 errors · 2 warnings/);
    expect(pages(dir)).toEqual(before);
    // Told again by a build that takes both bundles from the cache.
    expect(problems(build(dir).stderr)).toHaveLength(4);
    rmSync(join(dir, 'theme'), { recursive: true });
  }, 60_000);

  it('an error in an override is told at its line, in the project\'s file', () => {
    const text = bundledWith(FOOTER, "import { Logo } from '../Navbar/index.js';", "import { Logo } from '../Navbar/index.js';\nimport { Nope } from '../Nope/index.js';");
    override(dir, FOOTER, text.replace('<footer className="footer">', '<footer className="footer"><Nope />'));
    const built = build(dir);
    expect(built.code).toBe(1);
    expect(problems(built.stderr)[0]).toMatch(/^theme\/components\/Footer\/index\.tsx:6:\d+ error\[theme\] Could not resolve "\.\.\/Nope\/index\.js"$/);
    rmSync(join(dir, 'theme'), { recursive: true });
  }, 60_000);

  it('a throw at an override\'s top level, a stylesheet with a brace never closed and a renamed export are each one line at the project\'s file', () => {
    const before = readFileSync(join(dir, 'dist/index.html'), 'utf8');
    override(dir, FOOTER, `throw new Error('boom');\n${readFileSync(join(BUNDLED, FOOTER), 'utf8')}`);
    let built = build(dir);
    expect(built.code).toBe(1);
    // Before: a stack trace into the bundle in .sitegen-cache.
    expect(built.stderr).not.toMatch(/\bat (file:|async )/);
    expect(problems(built.stderr)).toEqual(['theme/components/Footer/index.tsx:1:7 error[theme] loading the theme threw Error: boom', expect.stringMatching(/^ {2}hint: code at the top level/)]);
    rmSync(join(dir, 'theme'), { recursive: true });

    override(dir, 'components/Footer/styles.css', `.x { color: red;\n${readFileSync(join(BUNDLED, 'components/Footer/styles.css'), 'utf8')}`);
    built = build(dir);
    // Before: 0 errors, and every footer rule nested under .x.
    expect(built.code).toBe(1);
    expect(problems(built.stderr)[0]).toMatch(/^theme\/components\/Footer\/styles\.css:\d+:\d+ error\[theme\] Expected "\}" to go with "\{" \(the unbalanced "\{" at line 1\)$/);
    rmSync(join(dir, 'theme'), { recursive: true });

    override(dir, FOOTER, bundledWith(FOOTER, 'export function Footer(', 'export function SiteFooter('));
    built = build(dir);
    expect(built.code).toBe(1);
    expect(problems(built.stderr)[0]).toBe(`theme/components/Footer/index.tsx error[theme] has no export named "Footer", which Root.tsx of sitegen's theme imports from it`);
    rmSync(join(dir, 'theme'), { recursive: true });
    expect(readFileSync(join(dir, 'dist/index.html'), 'utf8')).toBe(before);
  }, 120_000);

  it('the output folder may not be the theme/ folder of overrides, there or not', () => {
    rmSync(join(dir, 'theme'), { recursive: true, force: true });
    const r = runCli(['build', '--out', 'theme'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^--out theme error\[usage\] the output folder is the theme folder, which a build would replace$/m);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));
});

describe('sitegen theme eject', () => {
  it('copies a component into theme/, where it builds unchanged, and refuses to copy it again', () => {
    const dir = newSite();
    expect(build(dir).code).toBe(0);
    const before = pages(dir);
    const ejected = runCli(['theme', 'eject', 'components/Footer'], dir);
    expect(ejected.code, ejected.stderr).toBe(0);
    expect(ejected.stdout).toBe("created theme/components/Footer/index.tsx\ncreated theme/components/Footer/styles.css\nnext: edit it; sitegen build and sitegen serve use it in place of sitegen's\n");
    for (const file of ['index.tsx', 'styles.css']) expect(readFileSync(join(dir, 'theme/components/Footer', file), 'utf8')).toBe(readFileSync(join(BUNDLED, 'components/Footer', file), 'utf8'));
    const built = build(dir);
    expect(built.code, built.stderr).toBe(0);
    expect(problems(built.stderr)).toEqual([]);
    expect(pages(dir)).toEqual(before);

    // It overwrites nothing: an edited copy stays as it is.
    writeFileSync(join(dir, 'theme', FOOTER), footerSaying('Mine'));
    for (const name of ['components/Footer', 'Footer', 'components/Footer/index.tsx']) {
      const again = runCli(['theme', 'eject', name], dir);
      expect(again.code).toBe(1);
      expect(problems(again.stderr)).toEqual(['theme/components/Footer/index.tsx error[eject] already exists; sitegen theme eject overwrites nothing', "  hint: your copy is in use: edit it, or delete it to eject sitegen's again"]);
    }
    expect(readFileSync(join(dir, 'theme', FOOTER), 'utf8')).toContain('Mine');
    // Listed with the others, marked as the project's.
    const listed = runCli(['theme', 'eject'], dir);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^ {2}Footer +index\.tsx, styles\.css {2}\(in theme\/: yours\)$/m);
    expect(listed.stdout).toMatch(/^ {2}Navbar +index\.tsx, navActive\.ts, styles\.css$/m);
    expect(listed.stdout).toMatch(/^ {2}styles\/global\.css$/m);
    expect(listed.stdout).not.toMatch(/server\.tsx/);
  }, 60_000);

  it('every file of the theme but server.tsx, ejected, builds the same site: their imports of the theme, of sitegen\'s sources and of React resolve from the copies', () => {
    const dir = newSite();
    expect(build(dir).code).toBe(0);
    const before = pages(dir);
    const others = readdirSync(BUNDLED, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(BUNDLED.length + 1))
      .filter((path) => path !== 'server.tsx' && !path.startsWith('components/'));
    for (const what of ['components', ...others]) {
      const r = runCli(['theme', 'eject', what], dir);
      expect(r.code, `${what}: ${r.stderr}`).toBe(0);
    }
    expect(existsSync(join(dir, 'theme/server.tsx'))).toBe(false);
    expect(existsSync(join(dir, 'theme/components/SearchBar/Dropdown.tsx'))).toBe(true);
    const built = build(dir);
    expect(built.code, built.stderr).toBe(0);
    expect(problems(built.stderr)).toEqual([]);
    expect(pages(dir)).toEqual(before);
  }, 120_000);

  it.skipIf(!canMakeImmutable())('a file the disk refuses midway: one line at it, and nothing of the eject left, so that it runs again', () => {
    const dir = newSite();
    // An empty folder of a component the disk will not write into (as a folder mounted read-only), after others it writes.
    mkdirSync(join(dir, 'theme/components/Navbar'), { recursive: true });
    execFileSync('chattr', ['+i', join(dir, 'theme/components/Navbar')]);
    try {
      const ejected = runCli(['theme', 'eject', 'components'], dir);
      // Before: the components before Navbar stayed, and the next eject was refused at the first of them.
      expect(ejected.code).toBe(1);
      expect(problems(ejected.stderr)).toEqual(['theme/components/Navbar/index.tsx error[eject] cannot be written (EPERM); nothing was written']);
      expect(readdirSync(join(dir, 'theme'), { recursive: true })).toEqual(['components', 'components/Navbar']);
    } finally {
      execFileSync('chattr', ['-i', join(dir, 'theme/components/Navbar')]);
    }
    const again = runCli(['theme', 'eject', 'components'], dir);
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(join(dir, 'theme/components/Navbar/index.tsx'))).toBe(true);
  }, 60_000);

  it('an unknown name is an error listing the components, with the closest names; server.tsx and a whole theme are refused', () => {
    const dir = newSite();
    const unknown = runCli(['theme', 'eject', 'Fotoer'], dir);
    expect(unknown.code).toBe(2);
    const [line, hint, ...rest] = problems(unknown.stderr);
    expect(line).toMatch(/^Fotoer error\[usage\] sitegen's theme has no component, folder or file "Fotoer"; its components: AnnouncementBar, .*, Footer, .*, TOC\b/);
    expect(hint).toBe('  hint: did you mean Footer?');
    expect(rest).toEqual([]);
    expect(problems(runCli(['theme', 'eject', 'components/Serchbar'], dir).stderr)[1]).toBe('  hint: did you mean components/SearchBar?');
    expect(problems(runCli(['theme', 'eject', 'navbar'], dir).stderr)[1]).toBe('  hint: did you mean Navbar?');
    // An empty name (an unset variable in a script): at the command as typed, where the line began with a space and named nothing.
    for (const name of ['', 'theme/']) {
      expect(runCli(['theme', 'eject', name], dir)).toMatchObject({ code: 2, stdout: '', stderr: `theme eject ${JSON.stringify(name)} error[usage] names no component, folder or file of the theme\n  hint: leave it out to list them (sitegen theme eject), or name one: sitegen theme eject Footer\n` });
    }
    expect(existsSync(join(dir, 'theme'))).toBe(false);

    const server = runCli(['theme', 'eject', 'server.tsx'], dir);
    expect(server.code).toBe(1);
    expect(problems(server.stderr)[0]).toBe("server.tsx error[eject] is not ejected: a theme/ folder with server.tsx is a whole theme, drawn without sitegen's");
    expect(existsSync(join(dir, 'theme'))).toBe(false);

    // A theme/ folder with server.tsx is a whole theme of the project's own: nothing to eject into.
    cpSync(join(REPO, 'test/fixtures/themes/minimal'), join(dir, 'theme'), { recursive: true });
    for (const args of [['theme', 'eject', 'Footer'], ['theme', 'eject']]) {
      const whole = runCli(args, dir);
      expect(whole.code).toBe(1);
      expect(problems(whole.stderr)).toEqual([
        "theme error[eject] is a whole theme (it has server.tsx), not overrides of sitegen's theme: edit its own files",
        "  hint: sitegen theme eject copies into a theme/ folder without server.tsx, whose files replace sitegen's",
      ]);
    }
    expect(existsSync(join(dir, 'theme/components'))).toBe(false);
  }, 60_000);
});

describe("a theme outside sitegen's folder imports sitegen's own modules by name (sitegen/theme)", () => {
  it('a whole copy of the theme, named by themeDir in a project with no node_modules, builds the site sitegen\'s theme builds', () => {
    const dir = newSite();
    expect(build(dir).code).toBe(0);
    const before = pages(dir);
    cpSync(BUNDLED, join(dir, 'mytheme'), { recursive: true });
    writeFileSync(join(dir, 'site.config.ts'), readFileSync(join(dir, 'site.config.ts'), 'utf8').replace('defineConfig({', "defineConfig({\n  themeDir: 'mytheme',"));
    expect(existsSync(join(dir, 'node_modules'))).toBe(false);
    const built = build(dir);
    expect(built.code, built.stderr).toBe(0);
    expect(problems(built.stderr)).toEqual([]);
    expect(pages(dir)).toEqual(before);
    // The search helpers the theme shares with sitegen are in its client bundle, not a path into sitegen's folder.
    expect(readFileSync(join(dir, 'mytheme/components/SearchBar/Dropdown.tsx'), 'utf8')).toContain("from 'sitegen/theme/search-context'");
  }, 60_000);

  it('a name sitegen does not have for themes is an error at the import, listing the names it has, with the nearest', () => {
    const dir = newSite();
    expect(runCli(['theme', 'eject', 'SearchBar'], dir).code).toBe(0);
    const dropdown = join(dir, 'theme/components/SearchBar/Dropdown.tsx');
    writeFileSync(dropdown, readFileSync(dropdown, 'utf8').replace("'sitegen/theme/search-context'", "'sitegen/theme/serch-context'"));
    const built = build(dir);
    expect(built.code).toBe(1);
    expect(problems(built.stderr)).toEqual([
      'theme/components/SearchBar/Dropdown.tsx:5:67 error[theme] sitegen has no module "sitegen/theme/serch-context" for themes; a theme imports sitegen/theme, sitegen/theme/search-context, sitegen/theme/excerpt, sitegen/theme/page-href, sitegen/theme/page-head, sitegen/theme/search (did you mean sitegen/theme/search-context?)',
    ]);
  }, 60_000);

  it('ejected files type-check in an editor with the tsconfig.json the README gives (rootDirs over the theme and sitegen\'s), and a type error in one is found', () => {
    const dir = newSite();
    expect(runCli(['theme', 'eject', 'SearchBar'], dir).code).toBe(0);
    // The project as npm installs it: sitegen and React's types in node_modules.
    mkdirSync(join(dir, 'node_modules/@types'), { recursive: true });
    symlinkSync(REPO, join(dir, 'node_modules/sitegen'));
    for (const name of ['react', '@types/react']) symlinkSync(join(REPO, 'node_modules', name), join(dir, 'node_modules', name));
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    const tsconfig = /```json\n(\{[^`]*"rootDirs"[^`]*\})\n```/.exec(readme)?.[1];
    expect(tsconfig, 'the README gives a tsconfig.json with rootDirs').toBeDefined();
    writeFileSync(join(dir, 'tsconfig.json'), tsconfig!);
    const tsc = () => spawnSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8' });
    const clean = tsc();
    expect(clean.stdout).toBe('');
    expect(clean.status).toBe(0);
    const dropdown = join(dir, 'theme/components/SearchBar/Dropdown.tsx');
    writeFileSync(dropdown, readFileSync(dropdown, 'utf8').replace('searchPageUrl(', 'searchPageUrl(42, '));
    const broken = tsc();
    expect(broken.status).not.toBe(0);
    expect(broken.stdout).toMatch(/theme\/components\/SearchBar\/Dropdown\.tsx\(\d+,\d+\): error TS2554/);
  }, 60_000);
});

describe('sitegen serve with a theme/ folder of overrides', () => {
  let dir: string;
  let server: DevServer;
  const io = { out: () => undefined, err: () => undefined, interactive: false };
  const get = async (path: string) => (await fetch(`http://127.0.0.1:${server.port}${path}`)).text();
  beforeAll(async () => {
    dir = newSite();
    server = await startDevServer({ port: '0', host: '127.0.0.1', watch: true, config: join(dir, 'site.config.ts') }, io);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sees the theme/ folder made, and an override edited, and draws the pages with it', async () => {
    expect(await get('/en/docs/intro')).not.toContain('overlay-mark');
    // theme/ was not there when the server started.
    override(dir, FOOTER, footerSaying('Served overlay'));
    await poll(async () => (await get('/en/docs/intro')).includes('Served overlay'), { timeout: 20_000, message: 'the new override' });
    override(dir, FOOTER, footerSaying('Served overlay, edited'));
    const page = await poll(async () => {
      const html = await get('/docs/intro');
      return html.includes('Served overlay, edited') ? html : null;
    }, { timeout: 20_000, message: 'the edited override' });
    // The page's scripts: the entry and the chunk it imports, both preloaded.
    const scripts = [...page!.matchAll(/<link rel="modulepreload"[^>]* href="(\/assets\/(?:client|chunk)\.[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect((await Promise.all(scripts.map(get))).join('\n')).toContain('Served overlay, edited');
    rmSync(join(dir, 'theme'), { recursive: true });
    await poll(async () => !(await get('/docs/intro')).includes('overlay-mark'), { timeout: 20_000, message: "sitegen's footer back" });
  }, 60_000);
});

describe("a link the theme's files write that leads nowhere", () => {
  it('is told at its line in the site\'s theme/ folder, in the build and in check-links (not at the theme\'s folder "from the layout?")', () => {
    const dir = newSite();
    try {
      // The footer on every page links to a page that is not there (a warning, so that the site is written for check-links).
      const config = readFileSync(join(dir, 'site.config.ts'), 'utf8');
      writeFileSync(join(dir, 'site.config.ts'), config.replace("url: 'https://example.org',", "url: 'https://example.org',\n  links: { onBrokenLinks: 'warn' },"));
      override(dir, FOOTER, bundledWith(FOOTER, '<footer className="footer">', '<footer className="footer"><a href="/docs/retired">Retired</a>'));
      const line = readFileSync(join(dir, 'theme', FOOTER), 'utf8').split('\n').findIndex((text) => text.includes('/docs/retired')) + 1;
      const told = (severity: string) => new RegExp(`^theme/components/Footer/index\\.tsx:${line} ${severity}\\[broken-link\\] link /docs/retired does not exist \\(on \\d+ pages, e\\.g\\. /[^)]*\\)$`);
      const built = build(dir);
      expect(built.code).toBe(0);
      // Before: "theme warning[broken-link] link /docs/retired does not exist (on 22 pages, e.g. /docs/intro: from the layout?)", at sitegen's theme folder.
      expect(problems(built.stderr).filter((text) => text.includes('[broken-link]'))).toEqual([expect.stringMatching(told('warning'))]);
      const checked = runCli(['check-links'], dir);
      expect(checked.code).toBe(1);
      expect(problems(checked.stdout + checked.stderr).filter((text) => text.includes('[broken-link]'))).toEqual([expect.stringMatching(told('error'))]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
