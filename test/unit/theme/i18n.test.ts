import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../../theme/i18n/texts.js';

// Each locale's texts as the server has them: the home page's (a module of their own) among them.
const { en, 'zh-Hans': zhHans } = TEXTS as Required<typeof TEXTS>;

/** Every key path of a strings object, arrays by index. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}

const PLACEHOLDER_RE = /\{\w+\}/g;

describe('UI strings', () => {
  it('have the same keys in both locales', () => {
    expect(keyPaths(zhHans).sort()).toEqual(keyPaths(en).sort());
  });

  it('use the same placeholders in both locales', () => {
    const get = (obj: unknown, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], obj);
    for (const path of keyPaths(en)) {
      const a = String(get(en, path)).match(PLACEHOLDER_RE)?.sort() ?? [];
      const b = String(get(zhHans, path)).match(PLACEHOLDER_RE)?.sort() ?? [];
      expect([path, ...b]).toEqual([path, ...a]);
    }
  });

  it('carry the SPEC section 8 messages in English', () => {
    expect(en.errors.crashed).toBe('This page crashed.');
    expect(en.errors.tryAgain).toBe('Try again');
    expect(en.errors.retry).toBe('Retry');
    expect(en.search.noResults).toBe('No results');
    expect(en.search.seeAll).toBe('See all results');
    expect(en.search.seeAllIn).toBe('See all results in {context}');
    expect(en.search.seeOutside).toBe('See results outside {context}');
  });

  it('link the home page only to pages of the content inventory', () => {
    const links = [...en.home.features, ...en.home.more].map((f) => f.link);
    expect(links.every((l) => l.startsWith('/docs/guides/'))).toBe(true);
    expect(zhHans.home.services.map(([id]) => id)).toEqual(en.home.services.map(([id]) => id));
  });
});
