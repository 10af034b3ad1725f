import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli';
import { configSource, md, writeSite } from '../helpers/site';

async function run(args: string[]) {
  let out = '';
  let err = '';
  const code = await main(['node', 'sitegen', ...args], { out: (t) => void (out += t), err: (t) => void (err += t), interactive: false });
  return { code, out, err };
}

let dir: string;
beforeAll(async () => {
  // Link problems are off in the build so that a faulty site gets built, then check-links finds them.
  dir = writeSite({
    'site.config.ts': configSource("links: { onBrokenLinks: 'off', onBrokenImages: 'off', onBrokenAnchors: 'off' },"),
    'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [b](./b.md#setup), [gone](/docs/gone), [bad anchor](./b.md#nope) and ![img](/img/none.png).\n'),
    'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, '## Setup {#setup}\n\nBack to [a](./a.md).\n'),
    'content/zh-Hans/docs/lonely.md': md({ title: 'Lonely', description: 'nobody links here' }, 'Alone.\n'),
    'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'See [b](./b.md#setup).\n'),
  });
  const built = await run(['build', '--config', join(dir, 'site.config.ts')]);
  expect(built.code, built.err).toBe(0);
}, 60_000);

describe('sitegen check-links', () => {
  it('finds broken links, images and anchors in an existing build, at their source lines, and exits 1', async () => {
    const r = await run(['check-links', '--config', join(dir, 'site.config.ts')]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('content/zh-Hans/docs/a.md:6 error[broken-link] link /docs/gone does not exist');
    expect(r.out).toContain('content/zh-Hans/docs/a.md:6 error[broken-image] image /img/none.png does not exist');
    expect(r.out).toContain('content/zh-Hans/docs/a.md:6 warning[broken-anchor] anchor #nope does not exist on /docs/b');
    expect(r.out).toMatch(/checked \d+ pages and \d+ links in [\d.]+ s · \d+ errors · \d+ warnings\n$/);
  }, 60_000);

  it('reports untranslated fallbacks and orphan pages', async () => {
    const r = await run(['check-links', '--config', join(dir, 'site.config.ts')]);
    expect(r.out).toMatch(/warning\[untranslated\] \/en\/docs\/b has no translation and shows the zh-Hans page/);
    expect(r.out).toMatch(/content\/zh-Hans\/docs\/lonely\.md warning\[orphan-page\] no page links to \/docs\/lonely/);
    expect(r.out).not.toMatch(/orphan-page\] no page links to \/home/);
  }, 60_000);

  it('prints a stable JSON report with --format json', async () => {
    const r = await run(['check-links', '--config', join(dir, 'site.config.ts'), '--format', 'json']);
    const report = JSON.parse(r.out);
    expect(report.version).toBe(1);
    expect(report.summary.errors).toBeGreaterThanOrEqual(2);
    expect(report.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', code: 'broken-link', file: 'content/zh-Hans/docs/a.md', line: 6 }));
  }, 60_000);

  it('prints GitHub annotations with --format github', async () => {
    const r = await run(['check-links', '--config', join(dir, 'site.config.ts'), '--format', 'github']);
    expect(r.out).toContain('::error file=content/zh-Hans/docs/a.md,line=6,title=broken-link::link /docs/gone does not exist');
  }, 60_000);

  it('exits 2 on a bad format or a missing build', async () => {
    expect((await run(['check-links', '--config', join(dir, 'site.config.ts'), '--format', 'xml'])).code).toBe(2);
    const missing = await run(['check-links', '--config', join(dir, 'site.config.ts'), '--dir', join(dir, 'nothing')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/error\[config\] no built site in .*\n  hint: run `sitegen build` first/);
  }, 60_000);
});
