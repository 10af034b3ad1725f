import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/loadConfig';
import { SitegenError } from '../../../src/diagnostics';
import { configSource, writeSite } from '../../helpers/site';

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

  it('names the line of a syntax error in the config itself', async () => {
    expect(await loadError(writeSite({ 'site.config.ts': "import { defineConfig } from 'sitegen';\nexport default defineConfig({\n  title: 'x',,\n});\n" }))).toMatch(/^site\.config\.ts:3 /);
  });
});
