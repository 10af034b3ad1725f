#!/usr/bin/env node
// React picks its production build from NODE_ENV when it is first loaded (2–3× faster rendering than
// the development build); worker threads inherit the environment. Set before any module loads.
process.env.NODE_ENV ??= 'production';
// `sitegen build` starts its first worker thread before the CLI loads: the thread's modules load
// while this one loads commander, the build and the config (src/workers/prestart.ts).
if (process.argv[2] === 'build') (await import('../lib/prestart.js')).prestartWorker();
const { main, reportStrayErrors } = await import('../lib/cli.js');
reportStrayErrors();

main(process.argv).then((code) => {
  process.exitCode = code;
});
