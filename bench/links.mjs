// Link checking: the build-time pass (its stage time) on the bundled site and the 10× corpus, and
// `sitegen check-links` on the bundled site.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv } from './nodeEnv.mjs';
import { benchTheme, generateCorpus } from './corpus.mjs';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const linkStage = (config, out) => {
  const result = spawnSync(process.execPath, [join(REPO, 'bin/sitegen.js'), 'build', '--verbose', '--config', config, '--out', out], { encoding: 'utf8', env: benchEnv({ NO_COLOR: '1' }) });
  const line = result.stderr.split('\n').find((l) => l.startsWith('links'));
  const pages = /built (\d+) pages/.exec(result.stderr)?.[1];
  return `${line?.replace(/\s+/g, ' ')} over ${pages} pages`;
};
console.log(`build-time pass, bundled site: ${linkStage(join(REPO, 'site.config.ts'), '/tmp/sitegen-bench-links')}`);
const corpus = '/tmp/sitegen-corpus-10';
if (!existsSync(join(corpus, 'site.config.ts'))) generateCorpus(corpus, 10, benchTheme());
console.log(`build-time pass, 10× corpus: ${linkStage(join(corpus, 'site.config.ts'), join(corpus, 'dist'))}`);
const started = performance.now();
const out = spawnSync(process.execPath, [join(REPO, 'bin/sitegen.js'), 'check-links', '--dir', '/tmp/sitegen-bench-links'], { cwd: REPO, encoding: 'utf8', env: benchEnv() });
console.log(`sitegen check-links, bundled site: ${((performance.now() - started) / 1000).toFixed(2)} s wall · ${out.stdout.trim().split('\n').pop()}`);

