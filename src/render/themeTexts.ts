// The theme's UI texts, checked across its locales: a text one has and another lacks (a key left out of a
// project's override of `theme/i18n/zh-Hans.ts`) would make every page that shows it fail to render, with an
// error naming the component that read it. Told instead at the locale's file, with the keys it lacks.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { displayPath } from '../diagnostics.js';
import type { Diagnostic, LocaleConfig, SiteConfig, ThemeServerModule } from '../types.js';

/** The dotted paths of the texts under `value` (`navbar.home`; a list, such as the months, is one text). */
function textPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => textPaths(inner, prefix ? `${prefix}.${key}` : key));
}

/** Whether two texts are the same: plain data, read from the same files or from copies of them. */
const sameTexts = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * An error for each built locale whose texts the browser loads (loaders.ts) are not those the server draws its pages
 * with (texts.ts): `ja` named in one file and not the other. React would throw the server's markup away and draw each
 * page again in the other texts, its menus and dates turning English once the page has loaded.
 */
export async function unpairedThemeTexts(config: SiteConfig, theme: Pick<ThemeServerModule, 'stringsOf' | 'browserTexts'>, locales: string[]): Promise<Diagnostic[]> {
  if (!theme.stringsOf || !theme.browserTexts) return [];
  const out: Diagnostic[] = [];
  for (const code of locales) {
    const { home, ...server } = theme.stringsOf(code) as { home?: unknown };
    const browser = await theme.browserTexts(code);
    const texts = !sameTexts(server, browser.texts);
    if (!texts && (home === undefined || browser.home === undefined || sameTexts(home, browser.home))) continue;
    const file = [config.themeOverrides, config.themeDir].filter((dir): dir is string => !!dir).map((dir) => join(dir, 'i18n', 'loaders.ts')).find((path) => existsSync(path));
    out.push({
      severity: 'error',
      code: 'theme',
      file: displayPath(config.root, file ?? config.themeDir),
      message: `the ${texts ? '' : 'home page\'s '}texts the browser loads for the locale ${code} (loaders.ts) are not those its pages are drawn with (texts.ts), so once a page has loaded, its ${texts ? 'menus, buttons and dates' : 'texts'} are drawn again in the others`,
      hint: `name the same file for ${code} in both: in texts.ts (TEXTS) and in loaders.ts (${texts ? `TEXT_LOADERS: ${code}: () => import('./${code}.js')` : `HOME_TEXT_LOADERS: ${code}: () => import('./home.${code}.js')`})`,
    });
  }
  return out;
}

/**
 * A warning for each built locale written right to left that shows the theme's English texts (it has none of its own)
 * while the project's loaders.ts loads them from en.ts rather than en.client.ts (a copy made before en.client.ts was):
 * the texts are then not isolated left to right, and read as right to left, "Tags:" as ":Tags".
 */
export function unisolatedEnglishTexts(config: SiteConfig, theme: Pick<ThemeServerModule, 'englishMarkedForPage' | 'routeTitles'>, locales: LocaleConfig[]): Diagnostic[] {
  if (theme.englishMarkedForPage !== false) return [];
  const codes = locales.filter((l) => l.direction === 'rtl' && !Object.hasOwn(theme.routeTitles, l.code)).map((l) => l.code);
  if (codes.length === 0) return [];
  const file = [config.themeOverrides, config.themeDir].filter((dir): dir is string => !!dir).map((dir) => join(dir, 'i18n', 'loaders.ts')).find((path) => existsSync(path));
  return [
    {
      severity: 'warning',
      code: 'theme',
      file: displayPath(config.root, file ?? config.themeDir),
      message: `the browser loads the English texts that the pages of ${codes.join(', ')} show from en.js, not en.client.js, so they are not isolated left to right and read the wrong way round on those pages written right to left ("Tags:" as ":Tags")`,
      hint: "load them through en.client.ts, as sitegen's theme/i18n/loaders.ts does: en: () => import('./en.client.js')",
    },
  ];
}

/** An error for each built locale whose texts lack some that another locale of the theme has, at its file. */
export function missingThemeTexts(config: SiteConfig, texts: Record<string, unknown> | undefined, locales: string[]): Diagnostic[] {
  if (!texts) return [];
  const paths = new Map(Object.entries(texts).map(([code, value]) => [code, new Set(textPaths(value))]));
  const all = new Set([...paths.values()].flatMap((set) => [...set]));
  const out: Diagnostic[] = [];
  for (const code of locales) {
    const own = paths.get(code);
    if (!own) continue;
    const missing = [...all].filter((path) => !own.has(path) && ![...own].some((p) => path.startsWith(`${p}.`)));
    if (missing.length === 0) continue;
    // The project's override of the file when there is one, else the theme's own.
    const file = [config.themeOverrides, config.themeDir].filter((dir): dir is string => !!dir).map((dir) => join(dir, 'i18n', `${code}.ts`)).find((path) => existsSync(path));
    out.push({
      severity: 'error',
      code: 'theme',
      file: displayPath(config.root, file ?? config.themeDir),
      message: `the ${code} texts have no ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ` and ${missing.length - 3} more` : ''}, which the theme's other locales have, so the pages that show them cannot be rendered`,
      hint: "add them (sitegen's own theme/i18n/ files hold every text: sitegen theme eject i18n copies them)",
    });
  }
  return out;
}
