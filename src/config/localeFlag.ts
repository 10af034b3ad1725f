import { closestMatch, usageError } from '../diagnostics.js';
import type { LocaleConfig, SiteConfig } from '../types.js';

/**
 * The locale a `--locale` flag names. Language tags are compared without regard to case (BCP 47), so
 * `zh-hans` and `EN` name `zh-Hans` and `en`; anything else is a usage error with the nearest code.
 */
export function localeFlag(config: Pick<SiteConfig, 'locales'>, value: string): LocaleConfig {
  const found = config.locales.find((l) => l.code === value) ?? config.locales.find((l) => l.code.toLowerCase() === value.toLowerCase());
  if (found) return found;
  const codes = config.locales.map((l) => l.code);
  const guess = closestMatch(value.toLowerCase(), codes.map((c) => c.toLowerCase()), 3);
  const named = guess === null ? undefined : codes.find((c) => c.toLowerCase() === guess);
  throw usageError(`--locale ${value.trim() ? value : JSON.stringify(value)}`, `unknown locale "${value}"`, named ? `did you mean ${named}? (locales: ${codes.join(', ')})` : `locales: ${codes.join(', ')}`);
}
