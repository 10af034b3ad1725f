// The npm registry mirror these machines use lacks the non-Linux builds of @node-rs/jieba, so
// `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock. This adds
// them back as platform-restricted optional entries (never downloaded on Linux). Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const PLATFORMS = {
  'android-arm-eabi': ['android', 'arm'], 'android-arm64': ['android', 'arm64'], 'darwin-arm64': ['darwin', 'arm64'],
  'darwin-x64': ['darwin', 'x64'], 'freebsd-x64': ['freebsd', 'x64'], 'linux-arm-gnueabihf': ['linux', 'arm'],
  'linux-arm64-gnu': ['linux', 'arm64'], 'linux-arm64-musl': ['linux', 'arm64'], 'linux-x64-gnu': ['linux', 'x64'],
  'linux-x64-musl': ['linux', 'x64'], 'win32-arm64-msvc': ['win32', 'arm64'], 'win32-ia32-msvc': ['win32', 'ia32'],
  'win32-x64-msvc': ['win32', 'x64'],
};
const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const added = [];
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const path = `node_modules/${name}`;
    const platform = PLATFORMS[name.split('-').slice(-3).join('-')] ?? PLATFORMS[name.split('-').slice(-2).join('-')];
    if (lock.packages[path] || !platform || !key.includes('@node-rs/')) continue;
    lock.packages[path] = { version, cpu: [platform[1]], license: 'MIT', optional: true, os: [platform[0]], engines: { node: '>= 10' }, ...(/musl/.test(name) ? { libc: ['musl'] } : /gnu/.test(name) ? { libc: ['glibc'] } : {}) };
    added.push(name);
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `added ${added.join(', ')}` : 'nothing to add');
