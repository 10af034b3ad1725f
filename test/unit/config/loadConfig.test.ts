import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../src/config/loadConfig';
import { loadEsbuild } from '../../../src/lazyRequire';
import { SitegenError } from '../../../src/diagnostics';
import { configSource, writeSite } from '../../helpers/site';

// esbuild as sitegen loads it, counted: a config in plain JavaScript must not need it.
vi.mock('../../../src/lazyRequire', async (original) => {
  const actual = await original<typeof import('../../../src/lazyRequire')>();
  return { ...actual, loadEsbuild: vi.fn(actual.loadEsbuild) };
});

const load = (dir: string) => loadConfig({ configFile: join(dir, 'site.config.ts'), cwd: dir });

async function loadError(dir: string): Promise<string> {
  try {
    await load(dir);
  } catch (error) {
    if (error instanceof SitegenError) return error.diagnostics.map((d) => `${d.file}:${d.line ?? ''} ${d.message}`).join('\n');
    throw error;
  }
  throw new Error('the config loaded');
}

describe('loading site.config.ts', () => {
  it('reads a config with types, a package import and no file of its own', async () => {
    const source = configSource(`tagline: basename('/x/Docs and blog') satisfies string,`)
      .replace("import { defineConfig } from 'sitegen';", "import { defineConfig, type UserConfig } from 'sitegen';\nimport { basename } from 'node:path';\ninterface Unused { a: number }");
    const config = await load(writeSite({ 'site.config.ts': source }));
    expect(config.tagline).toEqual({ 'zh-Hans': 'Docs and blog', en: 'Docs and blog' });
    expect(config.title.en).toBe('Test site');
  });

  it("gives the config its own place as import.meta (url, dirname, filename), not the compiled copy's, with the cache or without", async () => {
    const meta = configSource("tagline: readFileSync(new URL('./tagline.txt', import.meta.url), 'utf8').trim() + ' ' + basename(import.meta.dirname) + ' ' + basename(import.meta.filename),")
      .replace("import { defineConfig } from 'sitegen';", "import { defineConfig } from 'sitegen';\nimport { readFileSync } from 'node:fs';\nimport { basename } from 'node:path';");
    const dir = writeSite({ 'conf/site.config.ts': meta, 'conf/tagline.txt': 'Beside\n' });
    const at = (cache: boolean) => loadConfig({ configFile: join(dir, 'conf/site.config.ts'), cwd: dir, cache });
    // Before: ENOENT, open '…/conf/.sitegen-cache/tagline.txt' (or the temporary folder's, with --no-cache).
    expect((await at(true)).tagline.en).toBe('Beside conf site.config.ts');
    expect((await at(false)).tagline.en).toBe('Beside conf site.config.ts');
    // Bundled with a file of its own, and in TypeScript; a throw is still told at its line.
    const typed = meta.replace("import { basename } from 'node:path';", "import { basename } from 'node:path';\nimport { extra } from './extra.ts';\nconst place: string = import.meta.url;\nif (!place.endsWith('/conf/site.config.ts') || extra !== 1) throw new Error(place);");
    writeFileSync(join(dir, 'conf/site.config.ts'), typed);
    writeFileSync(join(dir, 'conf/extra.ts'), 'export const extra: number = 1;\n');
    expect((await at(true)).tagline.en).toBe('Beside conf site.config.ts');
    expect((await at(false)).tagline.en).toBe('Beside conf site.config.ts');
    writeFileSync(join(dir, 'conf/extra.ts'), 'export const extra: number = 2;\n');
    const error = await at(false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SitegenError);
    expect((error as SitegenError).diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([`conf/site.config.ts:6 the config file threw while loading: ${pathToFileURL(join(dir, 'conf/site.config.ts')).href}`]);
  });

  it('takes a share image that is a site path or an http(s) address, and tells one of another scheme at its line', async () => {
    expect((await load(writeSite({ 'site.config.ts': configSource("image: '//cdn.example/card.png',") }))).image).toBe('//cdn.example/card.png');
    expect(await loadError(writeSite({ 'site.config.ts': configSource("image: 'data:image/png;base64,AAAA',") }))).toBe('site.config.ts:8 image: "data:image/png;base64,AAAA" is not valid');
  });

  it('bundles a config that imports a file of its own, and sees that file change', async () => {
    const nav = (label: string) => `export const nav: { label: string; to: string }[] = [{ label: '${label}', to: '/docs/a' }];\n`;
    const source = configSource('navbar: nav,').replace("from 'sitegen';", "from 'sitegen';\nimport { nav } from './nav.ts';");
    const dir = writeSite({ 'site.config.ts': source, 'nav.ts': nav('First') });
    expect((await load(dir)).navbar.map((n) => n.label.en)).toEqual(['First']);
    writeFileSync(join(dir, 'nav.ts'), nav('Second'));
    expect((await load(dir)).navbar.map((n) => n.label.en)).toEqual(['Second']);
    writeFileSync(join(dir, 'nav.ts'), 'export const nav = [\n  { label: "x",, }\n];\n');
    expect(await loadError(dir)).toMatch(/^nav\.ts:2 /);
  });

  it('imports a config in plain JavaScript as it is, without esbuild, whichever quotes its imports use', async () => {
    vi.mocked(loadEsbuild).mockClear();
    const single = await load(writeSite({ 'site.config.ts': configSource(`tagline: basename('/x/Plain'),`).replace("from 'sitegen';", "from 'sitegen';\nimport { basename } from 'node:path';") }));
    const double = await load(writeSite({ 'site.config.ts': configSource().replace("from 'sitegen'", 'from "sitegen"') }));
    expect(single.tagline).toEqual({ 'zh-Hans': 'Plain', en: 'Plain' });
    expect(double.title.en).toBe('Test site');
    expect(loadEsbuild).not.toHaveBeenCalled();
  });

  it('gives esbuild a config that JavaScript would misread: a generic call is not two comparisons', async () => {
    vi.mocked(loadEsbuild).mockClear();
    // As JavaScript, `defineConfig < typeof Wide > ({ … })` runs and exports false.
    const source = configSource().replace('export default defineConfig({', 'const Wide = 1;\nexport default defineConfig<typeof Wide>({');
    const config = await load(writeSite({ 'site.config.ts': source }));
    expect(config.title.en).toBe('Test site');
    expect(loadEsbuild).toHaveBeenCalled();
  });

  it('tells a required key that is missing at the object that lacks it, not at a key of its name deeper down', async () => {
    const withoutTitle = configSource("footer: { columns: [{ title: 'Docs', items: [{ label: 'A', to: '/docs/a' }] }] },").replace(/^  title: .*\n/m, '');
    expect(await loadError(writeSite({ 'site.config.ts': withoutTitle }))).toBe('site.config.ts: title: "title" is required');
    const withoutLabel = configSource().replace("en: { label: 'English', htmlLang: 'en' }", "en: { htmlLang: 'en' }");
    const line = withoutLabel.split('\n').findIndex((l) => l.includes('i18n:')) + 1;
    expect(await loadError(writeSite({ 'site.config.ts': withoutLabel }))).toBe(`site.config.ts:${line} i18n.locales.en.label: "label" is required`);
  });

  it('reports a config whose bytes are not UTF-8 at the first bad byte, as a content file is', async () => {
    const dir = writeSite({ 'site.config.ts': configSource() });
    const source = Buffer.from(configSource().replace("'Test site'", "'Test \u0001 site'"));
    source[source.indexOf(1)] = 0xff;
    writeFileSync(join(dir, 'site.config.ts'), source);
    const line = configSource().split('\n').findIndex((l) => l.includes("'Test site'")) + 1;
    expect(await loadError(dir)).toMatch(new RegExp(`^site\\.config\\.ts:${line} invalid UTF-8 at byte \\d+$`));
  });

  it('reports a config that throws, with its message, at the line that threw', async () => {
    expect(await loadError(writeSite({ 'site.config.ts': "import { defineConfig } from 'sitegen';\nthrow new Error('no title yet');\nexport default defineConfig({});\n" }))).toBe('site.config.ts:2 the config file threw while loading: no title yet');
    // In TypeScript (esbuild's transform ran), and in a file of the project it imports (bundled).
    const typed = "import { defineConfig } from 'sitegen';\nconst limit: number = 1;\n\nif (limit > 0) throw new Error('typed');\nexport default defineConfig({});\n";
    expect(await loadError(writeSite({ 'site.config.ts': typed }))).toBe('site.config.ts:4 the config file threw while loading: typed');
    const nav = 'export const nav: string[] = [];\nfunction check(): void {\n  throw new Error(`nav is empty`);\n}\ncheck();\n';
    const importing = configSource('navbar: [],').replace("from 'sitegen';", "from 'sitegen';\nimport { nav } from './nav.ts';\nconsole.log(nav);");
    expect(await loadError(writeSite({ 'site.config.ts': importing, 'nav.ts': nav }))).toBe('nav.ts:3 the config file threw while loading: nav is empty');
    // A config that is a link to one elsewhere (shared by two sites), bundled from there: named as the config, not as where it leads.
    const linked = writeSite({ 'shared/site.config.ts': importing.replace("'./nav.ts'", "'./nav.ts';\nif (nav.length === 0) throw new Error('shared')"), 'shared/nav.ts': 'export const nav: string[] = [];\n' });
    rmSync(join(linked, 'site.config.ts'));
    symlinkSync(join(linked, 'shared/site.config.ts'), join(linked, 'site.config.ts'));
    expect(await loadError(linked)).toBe('site.config.ts:3 the config file threw while loading: shared');
    // Whatever was thrown, not only an Error.
    expect(await loadError(writeSite({ 'site.config.ts': 'throw null;\nexport default {};\n' }))).toBe('site.config.ts: the config file threw while loading: null');
    expect(await loadError(writeSite({ 'site.config.ts': "throw 'boom';\nexport default {};\n" }))).toBe('site.config.ts: the config file threw while loading: boom');
  });

  it('reports a getter or proxy of the config that throws at its key, once, instead of crashing where it is first read', async () => {
    const getter = configSource().replace("url: 'https://test.example',", "get url() {\n    throw new Error('no url yet');\n  },");
    expect(await loadError(writeSite({ 'site.config.ts': getter }))).toBe('site.config.ts:4 url: reading it threw: no url yet');
    const proxy = "export default new Proxy({}, { ownKeys() { throw new Error('no keys'); } });\n";
    expect(await loadError(writeSite({ 'site.config.ts': proxy }))).toBe('site.config.ts: reading the config threw: no keys');
    // A getter that works is read once, and a key named __proto__ stays a key (an unknown one).
    const fine = configSource("get tagline() { return 'Read once'; },");
    expect((await load(writeSite({ 'site.config.ts': fine }))).tagline).toEqual({ 'zh-Hans': 'Read once', en: 'Read once' });
    expect(await loadError(writeSite({ 'site.config.ts': configSource("['__proto__']: { title: 'x' },") }))).toMatch(/^site\.config\.ts:\d* __proto__: unknown key$/);
  });

  it('names a package the config imports that is not installed, at its import, not at the compiled copy in the cache', async () => {
    const source = configSource("tagline: helper('x'),").replace("import { defineConfig } from 'sitegen';", "import { defineConfig } from 'sitegen';\nimport { helper } from 'no-such-package-sitegen/sub';");
    expect(await loadError(writeSite({ 'site.config.ts': source }))).toBe('site.config.ts:2 cannot find the package "no-such-package-sitegen" that the config imports');
    // As TypeScript reads the file: an import none of whose names is used is left out, one for its side effects is not.
    const unused = configSource("tagline: 'Kept',").replace("import { defineConfig } from 'sitegen';", "import { defineConfig } from 'sitegen';\nimport { helper } from 'no-such-package-sitegen';");
    expect((await load(writeSite({ 'site.config.ts': unused }))).tagline).toEqual({ 'zh-Hans': 'Kept', en: 'Kept' });
    const sideEffect = unused.replace("import { helper } from 'no-such-package-sitegen';", "import 'no-such-package-sitegen';");
    expect(await loadError(writeSite({ 'site.config.ts': sideEffect }))).toBe('site.config.ts:2 cannot find the package "no-such-package-sitegen" that the config imports');
    // Imported by a file of the project the config imports: at that file's import (before: the config, with no line).
    const nav = configSource('navbar: nav,').replace("from 'sitegen';", "from 'sitegen';\nimport { nav } from './lib/nav.ts';");
    const dir = writeSite({ 'site.config.ts': nav, 'lib/nav.ts': "export const nav = [];\nimport { helper } from 'no-such-package-sitegen';\nhelper();\n" });
    expect(await loadError(dir)).toBe('lib/nav.ts:2 cannot find the package "no-such-package-sitegen" that the config imports');
  });

  it('tells a default export that is a function as one, with what to export instead, not as its whole source', async () => {
    const dir = writeSite({ 'site.config.ts': configSource().replace('export default defineConfig({', 'export default () => defineConfig({') });
    try {
      await load(dir);
      throw new Error('the config loaded');
    } catch (error) {
      expect(error).toBeInstanceOf(SitegenError);
      const [d] = (error as SitegenError).diagnostics;
      expect(`${d!.message} (${d!.hint})`).toBe('(root): expected a mapping, got a function (export the config object itself: `export default defineConfig({ … })`, or call the function: `export default makeConfig()`)');
    }
  });

  it('tells a config exported by name, not as the default, with the line that exports it as the default', async () => {
    for (const [source, message, hint] of [
      [configSource().replace('export default defineConfig({', 'export const config = defineConfig({'), 'the config file has no default export (it exports `config` by name)', 'export it as the default: export default defineConfig(config)'],
      ["export const version = '1';\n", 'the config file has no default export', 'end it with `export default defineConfig({ … })`'],
    ]) {
      try {
        await load(writeSite({ 'site.config.ts': source! }));
        throw new Error('the config loaded');
      } catch (error) {
        expect(error).toBeInstanceOf(SitegenError);
        const [d] = (error as SitegenError).diagnostics;
        expect([d!.message, d!.hint]).toEqual([message, hint]);
      }
    }
  });

  it('tells a default export that is a promise as one, not as a config without a title and url', async () => {
    const source = "export default Promise.resolve({ title: 'Site', url: 'https://x.example' });\n";
    expect(await loadError(writeSite({ 'site.config.ts': source }))).toBe('site.config.ts: (root): expected a mapping, got a Promise');
  });

  it('tells an empty --config as the flag it is, not as the working folder being a folder', async () => {
    const dir = writeSite({});
    for (const typed of ['', ' ']) {
      const error = await loadConfig({ configFile: typed, cwd: dir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SitegenError);
      const [d] = (error as SitegenError).diagnostics;
      expect([d!.file, d!.code, d!.message, d!.hint, (error as SitegenError).exitCode]).toEqual([`--config ${JSON.stringify(typed)}`, 'usage', 'the config file is empty', 'leave --config out to use site.config.ts, or name a file', 2]);
    }
  });

  it('names the line of a syntax error in the config itself', async () => {
    expect(await loadError(writeSite({ 'site.config.ts': "import { defineConfig } from 'sitegen';\nexport default defineConfig({\n  title: 'x',,\n});\n" }))).toMatch(/^site\.config\.ts:3 /);
  });

  it("names a syntax error's column in characters, as editors count them, after Chinese text on its line", async () => {
    const line = "  title: { 'zh-Hans': '灵译划词翻译', en: 'Glint' }, tagline: '翻译' +,";
    const dir = writeSite({ 'site.config.ts': `export default {\n${line}\n};\n` });
    try {
      await loadConfig({ configFile: join(dir, 'site.config.ts'), cwd: dir });
      throw new Error('the config loaded');
    } catch (error) {
      if (!(error instanceof SitegenError)) throw error;
      // esbuild counts the line's UTF-8 bytes before the comma (78, each Chinese character three): it was told as column 79.
      expect(error.diagnostics.map((d) => `${d.line}:${d.column}`)).toEqual([`2:${line.lastIndexOf(',') + 1}`]);
    }
  });

  it('names a syntax error\'s file as its other errors name it, from the folder the command runs in, when the config is in another', async () => {
    const broken = "import { defineConfig } from 'sitegen';\nexport default defineConfig({\n  title: 'x',,\n});\n";
    const dir = writeSite({ 'site config/site.config.ts': broken, 'site config/imports.ts': "import { nav } from './nav';\nexport default { title: 'x', url: 'https://example.org', navbar: nav };\n", 'site config/nav.ts': 'export const nav = [;\n' });
    const placeOf = async (file: string) => {
      try {
        await loadConfig({ configFile: file, cwd: dir });
      } catch (error) {
        if (error instanceof SitegenError) return error.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}`).join('\n');
        throw error;
      }
      throw new Error('the config loaded');
    };
    expect(await placeOf('site config/site.config.ts')).toBe('site config/site.config.ts:3:14');
    // A file the config imports is named from the project's folder, as content files are.
    expect(await placeOf('site config/imports.ts')).toBe('nav.ts:1:21');
  });
});
