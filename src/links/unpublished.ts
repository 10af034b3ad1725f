// A file beside the pages under a folder or name starting with `_` (`docs/_img/a.png`) is a partial's, and
// the build publishes none: a page that shows it gets a broken image though the file is right there. Told
// as that (checkLinks' `unpublished`), which "does not exist" would hide. A file beside a page is published
// at its path under the locale folder (`content/en/docs/a.png` at `/en/docs/a.png`; a docs version's under its docs
// path, `fileFolders`), so the path leads back.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { contentFilePath } from '../content/links.js';
import { displayPath } from '../diagnostics.js';
import type { SiteConfig } from '../types.js';

/** The content file (as shown) a site path with a `_` segment names, when it is there; `fileFolders`: the docs versions' (`versionFileFolders`). */
export function unpublishedFileOf(config: Pick<SiteConfig, 'root' | 'contentDir' | 'baseUrl' | 'locales'>, fileFolders?: Record<string, string | null>): (path: string) => string | null {
  return (path) => {
    if (!path.startsWith(config.baseUrl)) return null;
    const parts = path.slice(config.baseUrl.length).split('/');
    const locale = config.locales.find((l) => l.path !== '' && l.path === parts[0]) ?? config.locales.find((l) => l.path === '');
    const inLocale = locale?.path ? parts.slice(1) : parts;
    if (!locale || !inLocale.some((part) => part.startsWith('_')) || inLocale.some((part) => part === '..' || part === '')) return null;
    const file = join(config.contentDir, locale.code, ...contentFilePath(inLocale.join('/'), fileFolders).split('/'));
    // A partial's page address (`/docs/_shared/steps`) names its markdown file.
    const named = /\.[^/]*$/.test(file) ? [file] : [file, `${file}.md`, `${file}.mdx`, join(file, 'index.md')];
    const found = named.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
    return found ? displayPath(config.root, found) : null;
  };
}
