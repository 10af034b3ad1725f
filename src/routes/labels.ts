// A label given per locale in sidebars.yaml or a `_category_.yml` (`{ zh-Hans: 指南, en: Guides }`): what is
// wrong with it, told alike in both files.
import type { Localized } from '../types.js';

/**
 * The first key of a per-locale label that is no locale with a text (`{ en: Audio, video }` is YAML for two
 * keys, `video` the second), as an error message after `name` (`category label`); null when there is none.
 * With `blank`, a locale whose text is only spaces counts as one without a text.
 */
export function strayLabelKey(name: string, label: Record<string, unknown>, locales: Set<string>, blank = false): string | null {
  const stray = Object.entries(label).find(([key, text]) => !locales.has(key) || typeof text !== 'string' || (blank && !text.trim()));
  return stray ? `${name}: "${stray[0]}" is not a locale with a text (${[...locales].join(', ')}); quote labels that contain a comma` : null;
}

/** The warning of a per-locale label that leaves out some locales, whose pages would show another's label; null when it has them all. */
export function missingLabelLocales(name: string, label: Localized, locales: Set<string>): { message: string; hint: string } | null {
  const missing = [...locales].filter((code) => !(code in label));
  return missing.length ? { message: `${name} has no ${missing.join(', ')} text: those pages show another locale's label`, hint: 'give a text for every locale, or one string for all' } : null;
}

/** A label's text in a locale: its own, else the default locale's, else the first. */
export function textIn(text: Localized | string, locale: string, defaultLocale = locale): string {
  return typeof text === 'string' ? text : (text[locale] ?? text[defaultLocale] ?? Object.values(text)[0] ?? '');
}
