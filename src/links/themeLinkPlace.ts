// Where the theme writes a link that is broken on its pages: a link of the layout (a home page's feature card, a
// footer of the theme's own) is told at its line in the theme's files, not at the theme's folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { displayPath } from '../diagnostics.js';
import { listFiles } from '../files.js';
import { escapeRegExp } from '../regexp.js';
import type { SiteConfig } from '../types.js';

/** A folder of theme files, and its name as diagnostics show it. */
export interface ThemeFolder {
  dir: string;
  shown: string;
}

/** A site's theme folders as the link check searches them: its own overrides first, then the theme. */
export function themeFoldersOf(config: Pick<SiteConfig, 'root' | 'themeDir' | 'themeOverrides'>): ThemeFolder[] {
  return [config.themeOverrides, config.themeDir].filter((dir) => dir !== undefined).map((dir) => ({ dir, shown: displayPath(config.root, dir) }));
}

const SOURCE_RE = /\.(?:[cm]?[jt]sx?|json|ya?ml|mdx?)$/;
const MAX_BYTES = 1 << 20;

/**
 * The spellings a theme may give the address a page links to: as built (`/repo/en/docs/a/`), and without the site's
 * baseUrl or the locale's path (`/docs/a`), which the theme adds as it writes the link; each with and without its slash.
 */
export function writtenForms(url: string, baseUrl: string, localePaths: string[]): string[] {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/s, '');
  const forms = [path];
  const underBase = baseUrl !== '/' && path.startsWith(baseUrl) ? `/${path.slice(baseUrl.length)}` : path;
  forms.push(underBase);
  for (const locale of localePaths) {
    if (locale && (underBase === `/${locale}` || underBase.startsWith(`/${locale}/`))) forms.push(underBase.slice(locale.length + 1) || '/');
  }
  const all = forms.flatMap((form) => (form.length > 1 && form.endsWith('/') ? [form, form.slice(0, -1)] : [form]));
  // `/` alone is in every theme: it names no place.
  return [...new Set(all)].filter((form) => form.length > 1);
}

/** The theme's source files under a folder (not its packages), with their sizes and names as shown. */
function sourceFiles({ dir, shown }: ThemeFolder): { path: string; shown: string; size: number }[] {
  return listFiles(dir, (name, isDirectory) => (isDirectory ? name !== 'node_modules' : SOURCE_RE.test(name)))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((file) => ({ path: join(dir, file.path), shown: join(shown, file.path), size: file.size }));
}

/**
 * The first line of the theme's files (the site's own theme folder first, and in each the files of the page's
 * `locale` first) that writes one of `forms` as a whole string (`'/docs/guides/fav'`, `"/docs/a#part"`), or null.
 */
export function themeLinkPlace(folders: ThemeFolder[], forms: string[], locale?: string): { file: string; line: number } | null {
  if (forms.length === 0) return null;
  const written = new RegExp(`(['"\`])(?:${forms.map(escapeRegExp).join('|')})(?:[?#][^'"\`\\s]*)?\\1`);
  // The page's locale's texts first (`i18n/home.en.ts` for a link on an English page).
  const ofLocale = (name: string) => locale !== undefined && (name.includes(`.${locale}.`) || name.split(/[\\/]/).includes(locale));
  for (const folder of folders) {
    const files = sourceFiles(folder);
    for (const file of [...files.filter((f) => ofLocale(f.shown)), ...files.filter((f) => !ofLocale(f.shown))]) {
      if (file.size > MAX_BYTES) continue;
      let text: string;
      try {
        text = readFileSync(file.path, 'utf8');
      } catch {
        continue;
      }
      const m = written.exec(text);
      if (m) return { file: file.shown, line: text.slice(0, m.index).split('\n').length };
    }
  }
  return null;
}
