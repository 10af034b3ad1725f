#!/usr/bin/env node
// React picks its production build from NODE_ENV when it is first loaded (2–3× faster rendering than
// the development build); worker threads inherit the environment. Set before any module loads.
process.env.NODE_ENV ??= 'production';
const { main } = await import('../lib/cli.js');

main(process.argv).then((code) => {
  process.exitCode = code;
});
