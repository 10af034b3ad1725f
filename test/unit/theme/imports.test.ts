// DESIGN.md: the theme never imports from src/ but the shared search query engine. A theme copied out
// of this repository then needs only React and the types, and the generator's modules never reach a
// browser bundle by way of the theme.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../../helpers/site';

const THEME = join(REPO, 'theme');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));

describe('what the theme imports from src/', () => {
  it('types, and the search engine (src/search/), nothing else', () => {
    const offending: string[] = [];
    for (const file of files(THEME)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^\s*(import\s+(type\s+)?[^'"]*from\s+|import\()\s*'([^']*\/src\/[^']*)'/gm)) {
        if (m[2] || m[3]!.includes('/src/search/')) continue;
        offending.push(`${relative(REPO, file)}: ${m[3]}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
