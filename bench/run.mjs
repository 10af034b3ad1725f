// `npm run bench`: every benchmark in turn, figures printed (not timed tests).
// Options are passed to bench/build.mjs (--sizes 1,10,50 --runs 3).
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const run = (script, args = []) => {
  console.log(`\n## ${script}`);
  execFileSync(process.execPath, [join(here, script), ...args], { stdio: 'inherit' });
};
run('build.mjs', process.argv.slice(2));
run('floor.mjs', ['--scale', '1', '--runs', '3']);
run('weight.mjs');
run('search.mjs');
run('searchReview.mjs');
run('serve.mjs', ['20']);
run('links.mjs');
run('lighthouse.mjs');
