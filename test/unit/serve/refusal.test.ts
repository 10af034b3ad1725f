import { describe, expect, it } from 'vitest';
import { decodeRequestPath, resolveRequest, shownRequest } from '../../../src/serve/staticHandler';

describe('a refused request path, in words', () => {
  it('says why each kind of path is refused, for every path decodeRequestPath refuses', async () => {
    const cases: [string, string][] = [
      ['/../etc/passwd', 'a ".." segment would leave the site folder'],
      ['/docs/%2e%2e/x', 'a ".." segment would leave the site folder'],
      ['/./x', 'a "." segment names no file (browsers drop them before asking)'],
      ['/..%2fetc', '"..%2fetc" hides a / in percent-encoding'],
      ['/a%00.html', 'the path holds a NUL byte'],
      ['/%E0%A4%A', '"%E0%A4%A" is not valid percent-encoding'],
      ['//etc/passwd', 'the path starts with //'],
      ['/a%5cb', 'the path holds a backslash'],
      ['*', 'the path does not start with /'],
    ];
    for (const [path, reason] of cases) {
      expect(decodeRequestPath(path), path).toBeNull();
      expect(await resolveRequest(path, '/nonexistent-root'), path).toEqual({ status: 400, reason });
    }
  });

  it('shows a request on one line: control characters escaped, a long target cut', () => {
    expect(shownRequest('GET', '/a\x1b[31mred\nline')).toBe('GET /a\\x1b[31mred\\x0aline');
    expect(shownRequest(undefined, `/${'b'.repeat(300)}`)).toBe(`GET /${'b'.repeat(199)}… (301 characters)`);
  });
});
