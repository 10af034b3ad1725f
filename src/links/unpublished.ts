// A file beside the pages under a folder or name starting with `_` (`docs/_img/a.png`) is a partial's, and
// the build publishes none: a page that shows it gets a broken image though the file is right there. Told
// as that (checkLinks' `unpublished`), which "does not exist" would hide. A file beside a page is published
// at its path under the locale folder (`content/en/docs/a.png` at `/en/docs/a.png`; a docs version's under its docs
// path, `fileFolders`), so the path leads back.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { contentFilePath } from '../content/links.js';
import { displayPath } from '../diagnostics.js';
import { urlPathOf } from '../routes/planEntries.js';
import type { EntryPlan } from '../routes/planEntries.js';
import { normalisePath } from './checkLinks.js';
import type { Entry, LocaleConfig, SiteConfig } from '../types.js';

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

/**
 * The list pages of each built locale's blog that has no post, by address (normalised as checkLinks keys pages) →
 * why: a locale makes no blog pages without a post (as Docusaurus), and a navbar's `/blog` was told only that it
 * "does not exist" when the posts were there as drafts. `plans` hold the drafts (`draft: true`), `posts` what was built.
 */
export function emptyBlogsOf(input: { config: SiteConfig; locales: LocaleConfig[]; plans: EntryPlan[]; posts: Entry[]; draftsLeftOut: boolean }): Map<string, string> {
  const { config } = input;
  const out = new Map<string, string>();
  for (const locale of input.locales) {
    if (input.posts.some((post) => post.locale === locale.code && post.section === 'blog')) continue;
    const drafts = input.draftsLeftOut ? input.plans.filter((p) => p.locale === locale.code && p.section === 'blog' && p.source.frontMatter.draft) : [];
    const why = drafts.length ? `${drafts[0]!.source.file}${drafts.length > 1 ? ` and ${drafts.length - 1} more` : ''} ${drafts.length > 1 ? 'are drafts' : 'is a draft'}` : `${displayPath(config.root, join(config.contentDir, locale.code, 'blog'))}/ has none`;
    for (const page of ['/blog', '/blog/tags', '/blog/archive']) out.set(normalisePath(urlPathOf(config, locale, page)), why);
  }
  return out;
}
