import { outputFileOf } from '../routes/planEntries.js';
import type { Diagnostic, Entry, SiteConfig } from '../types.js';

/**
 * The output folder's file-and-folder clashes (`writeOutput`) told at the content page that caused
 * them: a page whose address is a file the site makes (`pages/sitemap.xml.md`, a slug `robots.txt`)
 * would be written inside that file. The output folder reports the file's path (`sitemap.xml`); the
 * page inside it is found here, and the problem is told at its file (its `slug:` line if it has one),
 * once per file. A clash no page is inside (a static file's) stays as it was.
 */
export function clashesAtSources(config: SiteConfig, entries: Entry[], diagnostics: Diagnostic[]): Diagnostic[] {
  const told = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const entry = d.code === 'output' ? entries.find((e) => pageFiles(config, e).some((file) => file.startsWith(`${d.file}/`))) : undefined;
    if (!entry) {
      out.push(d);
      continue;
    }
    if (told.has(entry.file)) continue;
    told.add(entry.file);
    out.push({
      severity: 'error',
      code: 'output',
      file: entry.file,
      line: entry.slugLine ?? 1,
      message: `the page's address ${entry.permalink} would put it inside ${d.file}, a file the site makes itself, so it cannot be written`,
      hint: `${entry.slugLine ? 'set a different slug' : 'rename the file or set a different slug'} (robots.txt, sitemap.xml, page-data.json, search-index.json and the feeds are the site's own files)`,
    });
  }
  return out;
}

/** The files a page is written as: its HTML and, beside it, its page data. */
function pageFiles(config: SiteConfig, entry: Entry): string[] {
  const html = outputFileOf(config, entry.permalink);
  return [html, html.replace(/index\.html$/, 'page-data.json')];
}
