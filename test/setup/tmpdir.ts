// Every temporary folder the tests make (sites, caches, output folders) goes into one folder per run,
// removed when the run ends: a run makes a few hundred, and they had piled up in the system's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  // Run once per project of the config (vitest.config.ts): the first run's folder serves them all, rather than one
  // inside another (Chromium refuses a profile folder whose socket path is over 107 bytes).
  if (process.env.SITEGEN_TESTS_TMPDIR) return () => {};
  const dir = mkdtempSync(join(tmpdir(), 'sitegen-tests-'));
  // The test processes start after this, with this environment: `os.tmpdir()` reads TMPDIR.
  process.env.TMPDIR = dir;
  process.env.SITEGEN_TESTS_TMPDIR = dir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    delete process.env.SITEGEN_TESTS_TMPDIR;
  };
}
