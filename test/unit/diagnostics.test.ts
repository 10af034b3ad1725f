import { describe, expect, it } from 'vitest';
import { closestMatch, compareText } from '../../src/diagnostics';

describe('closestMatch', () => {
  const paths = ['/en/docs/services/deepl', '/en/docs/services/deepseek', '/en/docs/faqs/mutli-keys', '/en/docs/faqs/safe', '/docs/faqs/mutli-keys'];

  it('suggests the nearest path by edit distance, however long the prefix they share', () => {
    expect(closestMatch('/en/docs/faqs/multi-keys', paths)).toBe('/en/docs/faqs/mutli-keys');
    expect(closestMatch('/en/docs/services/deepsek', paths)).toBe('/en/docs/services/deepseek');
    expect(closestMatch('/en/docs/services/depl', paths)).toBe('/en/docs/services/deepl');
    expect(closestMatch('/en/docs/faqs/saf', paths)).toBe('/en/docs/faqs/safe');
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
