import { describe, expect, it } from 'vitest';
import { closestMatch, compareText, formatDiagnostic } from '../../src/diagnostics';

describe('closestMatch', () => {
  const paths = ['/en/docs/services/deepl', '/en/docs/services/deepseek', '/en/docs/faqs/mutli-keys', '/en/docs/faqs/safe', '/docs/faqs/mutli-keys'];

  it('suggests the nearest path by edit distance, however long the prefix they share', () => {
    expect(closestMatch('/en/docs/faqs/multi-keys', paths)).toBe('/en/docs/faqs/mutli-keys');
    expect(closestMatch('/en/docs/services/deepsek', paths)).toBe('/en/docs/services/deepseek');
    expect(closestMatch('/en/docs/services/depl', paths)).toBe('/en/docs/services/deepl');
    expect(closestMatch('/en/docs/faqs/saf', paths)).toBe('/en/docs/faqs/safe');
  });

  it('takes a name cut short for the one it starts (a page renamed longer), unless another is one slip away', () => {
    // Before: ./card.md and /en/docs/guides/card, three edits from fav where favorites is six.
    expect(closestMatch('./fav.md', ['./card.md', './page.md', './favorites.md'])).toBe('./favorites.md');
    expect(closestMatch('/en/docs/guides/fav', ['/en/docs/guides/card', '/en/docs/guides/favorites'])).toBe('/en/docs/guides/favorites');
    // One slip away wins: fab is fav mistyped, not favorites cut short.
    expect(closestMatch('./fab.md', ['./fav.md', './favorites.md', './fabric.md'])).toBe('./fav.md');
    // Two names start it: nothing to choose between, the nearest by edits.
    expect(closestMatch('./fav.md', ['./favorites.md', './favicon.md', './card.md'])).toBe('./card.md');
  });

  it('takes two letters typed the wrong way round as one slip, over another candidate as many edits away', () => {
    expect(closestMatch('./panle.md', ['./page.md', './panel.md'])).toBe('./panel.md');
    expect(closestMatch('./panle.md', ['./panel.md', './page.md'])).toBe('./panel.md');
    expect(closestMatch('/docs/guides/srceenshot', ['/docs/guides/screenshot', '/docs/guides/scree'])).toBe('/docs/guides/screenshot');
    expect(closestMatch('./page.md', ['./page.md'])).toBe('./page.md');
  });

  it('takes a name typed in the wrong case as the one it spells, over another candidate as many edits away', () => {
    expect(closestMatch('/Docs/B', ['/docs/a', '/docs/b'])).toBe('/docs/b');
    expect(closestMatch('./Safe.md', ['./sale.md', './safe.md'])).toBe('./safe.md');
  });

  it('measures the same edit distance as the whole table, for short and long remainders and any text', () => {
    // The reference: the Levenshtein table, cell by cell.
    const distance = (a: string, b: string) => {
      let row = Array.from({ length: b.length + 1 }, (_, j) => j);
      for (let i = 1; i <= a.length; i++) {
        const next = [i];
        for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
        row = next;
      }
      return row[b.length]!;
    };
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const alphabets = ['ab', 'abc/-', 'abcdefghijklmnopqrstuvwxyz0123456789/-', '安装更新服务/a', '😀a/'];
    const text = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');
    for (let n = 0; n < 1500; n++) {
      const alphabet = alphabets[n % alphabets.length]!;
      const prefix = n % 3 === 0 ? '/en/docs/services/' : '';
      const a = prefix + text(alphabet, random(46));
      // A near copy (a few edits) or an unrelated text, so that both small and large distances occur.
      let b = n % 2 ? a : prefix + text(alphabet, random(46));
      for (let edits = random(6); edits > 0; edits--) {
        const at = random(b.length + 1);
        b = random(2) ? b.slice(0, at) + text(alphabet, 1) + b.slice(at + 1) : b.slice(0, at) + b.slice(at + random(3));
      }
      const expected = distance(a, b);
      // The hint's bound is min(maxDistance, half the target's length) + 1: the distance is the least
      // maxDistance that finds the candidate, when it is within half of the target's length.
      const found = Array.from({ length: 48 }, (_, k) => closestMatch(a, [b], k) === b).indexOf(true);
      // A longer name that `a` starts (its extension aside) is taken at any distance: `a` cut short.
      const ext = /\.[a-z0-9]{1,5}$/i.exec(a)?.[0] ?? '';
      const cutShort = a.length - ext.length >= 3 && b.length > a.length && b.startsWith(a.slice(0, a.length - ext.length)) && b.endsWith(ext);
      expect(found, `${JSON.stringify(a)} / ${JSON.stringify(b)}`).toBe(cutShort ? 0 : expected <= Math.ceil(a.length / 2) ? expected : -1);
    }
  });

  it('suggests nothing when every path is too far off', () => {
    expect(closestMatch('/en/docs/services/volcengine', paths)).toBeNull();
    expect(closestMatch('/x', paths)).toBeNull();
  });
});

describe('compareText', () => {
  it('orders text as localeCompare does, content paths and severities included', () => {
    const texts = ['content/zh-Hans/docs/a.md', 'content/zh-hans/docs/a.md', 'content/en/docs/a-b.md', 'content/en/docs/a.b.md', 'content/en/docs/a/b.md', 'content/en/docs/a_b.md', 'content/en/docs/A.md', 'content/en/docs/10.md', 'content/en/docs/9.md', 'theme', 'site.config.ts', 'sidebars.yaml', 'content/zh-Hans/docs/安装.md', 'content/zh-Hans/docs/éa.md', 'error', 'warning', ''];
    const sign = (n: number) => Math.sign(n);
    for (const a of texts) for (const b of texts) expect(sign(compareText(a, b)), `${a} / ${b}`).toBe(sign(a.localeCompare(b)));
  });
});

describe('formatDiagnostic', () => {
  it('keeps a problem on its line when the file name holds a line break or an escape character', () => {
    expect(formatDiagnostic({ severity: 'error', code: 'content', file: 'content/en/docs/a\nb.md', line: 2, message: 'broken' })).toBe('"content/en/docs/a\\nb.md":2 error[content] broken');
    expect(formatDiagnostic({ severity: 'warning', code: 'content', file: 'x\u001b[31m.md', message: 'odd' })).toBe('"x\\u001b[31m.md" warning[content] odd');
    expect(formatDiagnostic({ severity: 'error', code: 'content', file: 'content/en/docs/a b.md', line: 1, column: 3, message: 'plain', hint: 'h' })).toBe('content/en/docs/a b.md:1:3 error[content] plain\n  hint: h');
  });
});
