import { describe, expect, it } from 'vitest';
import { parseRedirects, queryOf, redirectOf } from '../../../src/links/redirects';

const FILE = 'content/static/_redirects';
const to = (text: string, path: string, query = '') => redirectOf(parseRedirects(text, FILE).rules, path, new URLSearchParams(query))?.to ?? null;

describe('_redirects rules', () => {
  it('sends a path on as the host would: the first rule that matches, placeholders and the splat filled in', () => {
    const rules = '# moved sections\n/old-guide /docs/guide 301\n/news/:year/:slug /blog/:year/:slug\n/manual/*  /docs/:splat  302!\n/manual/x /never\n';
    expect(to(rules, '/old-guide')).toBe('/docs/guide');
    // A trailing slash is the same address, as hosts match it.
    expect(to(rules, '/old-guide/')).toBe('/docs/guide');
    expect(to(rules, '/news/2024/launch')).toBe('/blog/2024/launch');
    // A placeholder is one segment.
    expect(to(rules, '/news/2024/a/b')).toBeNull();
    expect(to(rules, '/manual/setup/keys')).toBe('/docs/setup/keys');
    expect(to(rules, '/manual/x')).toBe('/docs/x');
    expect(to(rules, '/old-guide-2')).toBeNull();
    // Characters of regular expressions are themselves in a rule.
    expect(to('/a.b+c /d\n', '/axb+c')).toBeNull();
    expect(to('/a.b+c /d\n', '/a.b+c')).toBe('/d');
  });

  it('matches a rule written with percent-escapes, as a browser asks for the address and as the aliases write theirs', () => {
    // The path as the link pass and the server have it: decoded.
    expect(to('/%E6%97%A7 /docs/b 301\n', '/旧')).toBe('/docs/b');
    expect(to('/%e6%97%a7/* /docs/:splat\n', '/旧/安装')).toBe('/docs/安装');
    expect(to('/旧 /docs/b\n', '/旧')).toBe('/docs/b');
    // An escape that would spell a placeholder is a character of the address, not one.
    expect(to('/a%3Ab /docs/b\n', '/a:b')).toBeNull();
    expect(to('/a%3Ab /docs/b\n', '/ax')).toBeNull();
  });

  it('passes over a page or file that is there with a forced rule (301!) only', () => {
    const { rules } = parseRedirects('/old /docs/a 301\n/old /docs/b 301!\n', FILE);
    expect(rules.rules.map((rule) => rule.force)).toEqual([false, true]);
    // No page at /old: the first rule that matches. A page there: the first forced one.
    expect(redirectOf(rules, '/old', new URLSearchParams())?.to).toBe('/docs/a');
    expect(redirectOf(rules, '/old', new URLSearchParams(), true)?.to).toBe('/docs/b');
    expect(redirectOf(parseRedirects('/old /docs/a 301\n', FILE).rules, '/old', new URLSearchParams(), true)).toBeNull();
  });

  it('rescues no link with a rule that answers 404 or 410, applies to some visitors only, or catches every address', () => {
    expect(to('/gone /404.html 404\n', '/gone')).toBeNull();
    expect(to('/gone/* /docs 410\n', '/gone/x')).toBeNull();
    expect(to('/docs/* /zh/docs/:splat 302 Language=zh\n', '/docs/x')).toBeNull();
    expect(to('/* /index.html 200\n', '/anything')).toBeNull();
    // Under a baseUrl, its own root's catch-all too.
    expect(redirectOf(parseRedirects('/repo/* /repo/index.html 200\n', FILE, '/repo/').rules, '/repo/anything', new URLSearchParams())).toBeNull();
    expect(to('/repo/* /repo/index.html 200\n', '/repo/anything')).toBe('/repo/index.html');
    // A rule that a 404 rule before it shadows does not apply either: the host answers with the first.
    expect(to('/old /404.html 404\n/old /new\n', '/old')).toBeNull();
  });

  it("applies a rule with query conditions (Netlify's key=:value) only to a URL with those keys, and the rule's values", () => {
    const rules = '/store id=:id /blog/:id 301\n';
    expect(to(rules, '/store')).toBeNull();
    // Its value fills the address, and a rule's own value must be the URL's: the dev server and the link check ask alike.
    expect(to(rules, '/store', 'id=a&x=1')).toBe('/blog/a');
    expect(redirectOf(parseRedirects(rules, FILE).rules, '/store', queryOf('/store?x=1&id=a%2Fb#top'))?.to).toBe('/blog/a%2Fb');
    const literal = parseRedirects('/shop id=5 /docs/five 302\n/shop id=:id /docs/any 302\n', FILE).rules;
    expect(redirectOf(literal, '/shop', new URLSearchParams('id=5'))?.to).toBe('/docs/five');
    expect(redirectOf(literal, '/shop', new URLSearchParams('id=6'))?.to).toBe('/docs/any');
    expect(redirectOf(literal, '/shop', new URLSearchParams('other=5'))).toBeNull();
    expect(to('/shop id=5 /docs/five 302\n', '/shop', 'id=6')).toBeNull();
  });

  it('warns at a line that is no rule, and keeps the others', () => {
    const { rules, diagnostics } = parseRedirects('/ok /fine\n/lonely\n/x /y sometimes\nold /new\n\n# a comment\n/z /w 302 # moved\n/rel new-page\n', FILE);
    expect(rules.rules.map((r) => [r.line, r.from, r.to, r.status])).toEqual([
      [1, '/ok', '/fine', 301],
      [7, '/z', '/w', 302],
    ]);
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.message}`)).toEqual([
      `${FILE}:2 warning the rule for /lonely says where to send the reader nowhere`,
      `${FILE}:3 warning "sometimes" is no HTTP status`,
      `${FILE}:4 warning "old" is not an address this rule could match`,
      `${FILE}:8 warning the rule for /rel sends the reader to "new-page", which is no site path or address`,
    ]);
  });
});
