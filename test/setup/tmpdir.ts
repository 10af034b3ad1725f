// Every temporary folder the tests make (sites, caches, output folders) goes into one folder per run,
// removed when the run ends: a run makes a few hundred, and they had piled up in the system's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'sitegen-tests-'));
  // The test processes start after this, with this environment: `os.tmpdir()` reads TMPDIR.
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
