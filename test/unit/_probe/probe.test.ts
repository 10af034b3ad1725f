import { it } from 'vitest';
import { parseFrontMatter } from '../../../src/content/frontMatter.js';
it('probe', () => {
  for (const t of ['---\ntitle: @灵译\n---\n', '---\ntitle: "灵译" 划词\n---\n', '---\n: 无键\n---\n']) console.log(JSON.stringify(parseFrontMatter(t, 'f').diagnostics));
});
