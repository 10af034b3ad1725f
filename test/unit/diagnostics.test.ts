import { describe, expect, it } from 'vitest';
import { closestMatch } from '../../src/diagnostics';

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
