// Writes tiny sites to temporary folders and runs the compiled CLI on them.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const MINIMAL_THEME = join(REPO, 'test/fixtures/themes/minimal');
export const BIN = join(REPO, 'bin/sitegen.js');

/** A config file for a two-locale site using the minimal theme; `extra` is spliced into the object. */
export function configSource(extra = ''): string {
  return `import { defineConfig } from 'sitegen';
export default defineConfig({
  title: { 'zh-Hans': '测试站', en: 'Test site' },
  url: 'https://test.example',
  i18n: { defaultLocale: 'zh-Hans', locales: { 'zh-Hans': { label: '中文', htmlLang: 'zh-CN' }, en: { label: 'English', htmlLang: 'en' } } },
  themeDir: ${JSON.stringify(MINIMAL_THEME)},
  blog: { tags: { news: { 'zh-Hans': '新闻', en: 'News' }, tips: 'Tips' }, authors: { team: { name: 'Team' } } },
  ${extra}
});
`;
}

/** Writes files (path → text or bytes) into a new temporary folder; adds a config unless one is given. */
export function writeSite(files: Record<string, string | Uint8Array>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sitegen-test-'));
  const all = { 'site.config.ts': configSource(), ...files };
  for (const [path, contents] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), contents);
  }
  return dir;
}

/**
 * Whether `chattr` can set an attribute here: `i` (immutable) on a file, root on ext4 and most Linux file systems;
 * `T` (the top of a tree of folders) on a folder, ext4's own (tmpfs and btrfs have neither).
 */
export function canSetAttribute(attribute: 'i' | 'T'): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'sitegen-chattr-'));
  const target = attribute === 'i' ? join(dir, 'f') : dir;
  if (attribute === 'i') writeFileSync(target, 'x');
  try {
    execFileSync('chattr', [`+${attribute}`, target], { stdio: 'ignore' });
    execFileSync('chattr', [`-${attribute}`, target], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether this user may mark a file immutable here (`chattr +i`). */
export const canMakeImmutable = (): boolean => canSetAttribute('i');

/** Runs `node bin/sitegen.js …args` in a folder. */
export function runCli(args: string[], cwd: string, env: Record<string, string> = {}): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env }, timeout: 60_000 });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** Front matter + body. */
export function md(frontMatter: Record<string, unknown>, body = 'Some text.\n'): string {
  const lines = Object.entries(frontMatter).map(([k, v]) => `${k}: ${typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v)}`);
  return `---\n${lines.join('\n')}\n---\n\n${body}`;
}

/**
 * A site written and built once for the tests of one `describe` block, removed after them: its folder and what
 * `build` returned, filled in before the tests run.
 */
export function builtOnce<R>(files: Record<string, string | Uint8Array>, build: (dir: string) => R | Promise<R>): { dir: string; result: Awaited<R> } {
  const site = {} as { dir: string; result: Awaited<R> };
  beforeAll(async () => {
    site.dir = writeSite(files);
    site.result = await build(site.dir);
  }, 60_000);
  afterAll(() => rmSync(site.dir, { recursive: true, force: true }));
  return site;
}

/** Whether a build's new output (one folder down in its temporary folder beside `dist/`) holds `path` yet. */
export function newOutputHas(dir: string, path: string): boolean {
  try {
    return readdirSync(dir).some((name) => name.includes('.sitegen-tmp-') && readdirSync(join(dir, name)).some((inner) => existsSync(join(dir, name, inner, path))));
  } catch {
    // The build removed its temporary folder between the two looks.
    return false;
  }
}
