import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha1 } from '../../src/hash';

describe('sha1', () => {
  it('gives what a Hash object gives, for text as UTF-8 and for bytes, in hex and base64url', () => {
    for (const data of ['', 'plain ASCII', '划词翻译 · DeepL’s API\0key', Buffer.from([0, 255, 128, 10]), new Uint8Array(70_000).fill(7)]) {
      expect(sha1(data)).toBe(createHash('sha1').update(data).digest('hex'));
      expect(sha1(data, 'base64url')).toBe(createHash('sha1').update(data).digest('base64url'));
    }
  });
});
