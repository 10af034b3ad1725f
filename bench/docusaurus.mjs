// Opt-in: builds the generated corpus with Docusaurus 3 (classic preset, both locales) and with
// sitegen in the same run, to reproduce the comparison figure. Not part of `npm run bench` or CI: it
// installs Docusaurus from the npm registry into /tmp/sitegen-docusaurus (a few minutes the first time).
//
//   node bench/docusaurus.mjs [--scale 1] [--runs 3] [--faster]
//
// --faster adds @docusaurus/faster (its rspack/swc mode). The same markdown files are used as they
// are: Docusaurus reads `:::tip`, `{#id}` headings, relative `.md` links and `<!-- truncate -->` too.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFlags } from './flags.mjs';
import { benchTheme, generateCorpus } from './corpus.mjs';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags } = readFlags('node bench/docusaurus.mjs [--scale 1] [--runs 3] [--faster]', {
  scale: { type: 'string', default: '1' },
  runs: { type: 'string', default: '3' },
  faster: { type: 'boolean', default: false },
}, { numbers: ['scale', 'runs'] });
const scale = Number(flags.scale);
const runs = Number(flags.runs);
const faster = flags.faster;
const VERSION = '3.10.2';
const root = '/tmp/sitegen-docusaurus';
const corpus = join(root, `corpus-${scale}`);
const site = join(root, faster ? 'site-faster' : 'site');

const files = generateCorpus(corpus, scale, benchTheme());
const pkg = {
  name: 'sitegen-docusaurus-bench',
  private: true,
  dependencies: {
    '@docusaurus/core': VERSION,
    '@docusaurus/preset-classic': VERSION,
    ...(faster ? { '@docusaurus/faster': VERSION } : {}),
    react: '^18.3.1',
    'react-dom': '^18.3.1',
  },
};
mkdirSync(site, { recursive: true });
const pkgFile = join(site, 'package.json');
if (!existsSync(join(site, 'node_modules/@docusaurus/core')) || readFileSync(pkgFile, 'utf8') !== JSON.stringify(pkg)) {
  writeFileSync(pkgFile, JSON.stringify(pkg));
  console.log(`installing Docusaurus ${VERSION}${faster ? ' with @docusaurus/faster' : ''} into ${site} …`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: site, stdio: 'inherit' });
}

// The corpus, laid out the way Docusaurus wants it: zh-Hans as the default locale, English in i18n/.
for (const dir of ['docs', 'blog', 'src/pages', 'i18n']) rmSync(join(site, dir), { recursive: true, force: true });
const content = join(corpus, 'content');
const copy = (from, to) => cpSync(join(content, from), join(site, to), { recursive: true });
copy('zh-Hans/docs', 'docs');
copy('zh-Hans/blog', 'blog');
copy('zh-Hans/pages', 'src/pages');
copy('en/docs', 'i18n/en/docusaurus-plugin-content-docs/current');
copy('en/blog', 'i18n/en/docusaurus-plugin-content-blog');
copy('en/pages', 'i18n/en/docusaurus-plugin-content-pages');
for (const blog of ['blog', 'i18n/en/docusaurus-plugin-content-blog']) writeFileSync(join(site, blog, 'authors.yml'), 'team:\n  name: Team\n');
const sidebars = {};
let current = null;
for (const line of readFileSync(join(content, 'sidebars.yaml'), 'utf8').split('\n')) {
  if (/^\S.*:$/.test(line)) sidebars[(current = line.slice(0, -1))] = [];
  else if (current && /^\s+- /.test(line)) sidebars[current].push(line.replace(/^\s+- /, '').trim());
}
writeFileSync(join(site, 'sidebars.js'), `module.exports = ${JSON.stringify(sidebars)};\n`);
writeFileSync(
  join(site, 'docusaurus.config.js'),
  `module.exports = {
  title: 'Benchmark site',
  url: 'https://bench.example',
  baseUrl: '/',
  onBrokenLinks: 'warn',
  markdown: { format: 'detect', hooks: { onBrokenMarkdownLinks: 'warn' } },
  i18n: { defaultLocale: 'zh-Hans', locales: ['zh-Hans', 'en'] },
  ${faster ? 'future: { v4: true, faster: true },' : ''}
  presets: [['classic', { docs: { sidebarPath: require.resolve('./sidebars.js') }, blog: { showReadingTime: true, onInlineTags: 'ignore', onInlineAuthors: 'ignore', onUntruncatedBlogPosts: 'ignore' } }]],
};
`,
);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** Wall time (s) and peak memory (MB) of one command, from /usr/bin/time. */
function timed(command, args, cwd) {
  const result = spawnSync('/usr/bin/time', ['-f', '%e %M', command, ...args], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'production' } });
  const [wall, kb] = result.stderr.trim().split('\n').pop().split(' ').map(Number);
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.trim().split('\n').slice(-5).join(' | ')}`);
  return { wall, mb: kb / 1024 };
}

console.log(`corpus ${scale}× (${files} files) · Docusaurus ${VERSION}${faster ? ' (faster)' : ''} · node ${process.version}`);
const docusaurus = Array.from({ length: runs }, () => {
  rmSync(join(site, 'build'), { recursive: true, force: true });
  rmSync(join(site, '.docusaurus'), { recursive: true, force: true });
  rmSync(join(site, 'node_modules/.cache'), { recursive: true, force: true });
  return timed(process.execPath, [join(site, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', 'build'], site);
});
const sitegen = Array.from({ length: runs }, () => {
  rmSync(join(corpus, '.sitegen-cache'), { recursive: true, force: true });
  return timed(process.execPath, [join(REPO, 'bin/sitegen.js'), 'build', '--quiet', '--config', join(corpus, 'site.config.ts')], corpus);
});
const d = median(docusaurus.map((r) => r.wall));
const s = median(sitegen.map((r) => r.wall));
console.log(`Docusaurus: wall ${d.toFixed(1)} s, peak ${Math.max(...docusaurus.map((r) => r.mb)).toFixed(0)} MB (median of ${runs}, cold: build and caches removed)`);
console.log(`sitegen:    wall ${s.toFixed(2)} s, peak ${Math.max(...sitegen.map((r) => r.mb)).toFixed(0)} MB · Docusaurus / sitegen ${(d / s).toFixed(1)}×`);
