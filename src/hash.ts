import { hash } from 'node:crypto';

/**
 * SHA-1 of text (as UTF-8) or bytes, in one call into OpenSSL: `createHash` builds a Hash object
 * first, which costs more than hashing a page (2,000 page-sized strings: 17.8 ms against 5.0 ms in a
 * fresh process), and a build hashes a few thousand (cache keys, sources, content HTML, output files).
 */
export function sha1(data: string | Uint8Array, encoding: 'hex' | 'base64url' = 'hex'): string {
  return hash('sha1', data, encoding);
}
