import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withImageSizes, type ImageSizeMemo } from '../../../src/content/imageSizes';

/** A PNG's signature and header chunk: enough for its size to be read. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(25);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return Buffer.concat([header, Buffer.alloc(8)]);
}

const tag = (src: string, extra = '') => `<img src="${src}" alt="A picture"${extra} loading="lazy" decoding="async">`;
const rendered = (html: string) => ({ html, text: '', headings: [], refs: [] }) as unknown as Parameters<typeof withImageSizes>[0];

function site() {
  const staticDir = mkdtempSync(join(tmpdir(), 'sitegen-images-'));
  mkdirSync(join(staticDir, 'img/guides'), { recursive: true });
  writeFileSync(join(staticDir, 'img/guides/flow.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 380"><rect width="10" height="10"/></svg>');
  writeFileSync(join(staticDir, 'img/shot one.png'), png(1200, 800));
  writeFileSync(join(staticDir, 'img/notes.txt'), 'not an image');
  return { staticDir, baseUrl: '/' };
}

describe('image sizes on the markdown stage\'s images', () => {
  it('writes the width and height of static images, by absolute, relative and percent-encoded paths, title or not', () => {
    const s = site();
    const html = [tag('/img/guides/flow.svg'), tag('../../img/shot%20one.png', ' title="Shot"'), tag('./flow.svg')].join('\n');
    const out = withImageSizes(rendered(html), '/docs/guides/page', s, new Map()).html.split('\n');
    expect(out[0]).toBe('<img src="/img/guides/flow.svg" alt="A picture" width="640" height="380" loading="lazy" decoding="async">');
    expect(out[1]).toBe('<img src="../../img/shot%20one.png" alt="A picture" title="Shot" width="1200" height="800" loading="lazy" decoding="async">');
    // Relative to the page's own path: /docs/guides/flow.svg is not a static file.
    expect(out[2]).toBe(tag('./flow.svg'));
  });

  it("sizes a post's excerpt's images too, which the blog's lists show", () => {
    const s = site();
    const excerpt = `<p>Intro ${tag('/img/guides/flow.svg')}</p>`;
    const out = withImageSizes({ ...rendered(`${excerpt}\n<p>More.</p>`), excerptHtml: excerpt }, '/blog/2024/01/01/a', s, new Map());
    expect(out.excerptHtml).toBe('<p>Intro <img src="/img/guides/flow.svg" alt="A picture" width="640" height="380" loading="lazy" decoding="async"></p>');
    expect(out.html.startsWith(out.excerptHtml!)).toBe(true);
  });

  it('sizes a large image from its head', () => {
    const s = site();
    writeFileSync(join(s.staticDir, 'img/big.png'), Buffer.concat([png(4000, 3000), Buffer.alloc(3 * 1024 * 1024)]));
    expect(withImageSizes(rendered(tag('/img/big.png')), '/docs/a', s, new Map()).html).toContain('width="4000" height="3000"');
  });

  it('leaves alone what it cannot size: another site, a missing file, a file that is not an image, a path outside the static folder, an author\'s own <img>', () => {
    const s = site();
    const html = [tag('https://example.com/x.png'), tag('//cdn.example/x.png'), tag('/img/none.png'), tag('/img/notes.txt'), tag('/../secret.png'), '<img src="/img/guides/flow.svg" alt="mine">'].join('\n');
    const input = rendered(html);
    expect(withImageSizes(input, '/docs/a', s, new Map())).toBe(input);
  });

  it('honours the baseUrl, and reads a file again once it changed', () => {
    const s = { ...site(), baseUrl: '/site/' };
    const memo: ImageSizeMemo = new Map();
    expect(withImageSizes(rendered(tag('/img/shot%20one.png')), '/site/docs/a', s, memo).html).toBe(tag('/img/shot%20one.png'));
    expect(withImageSizes(rendered(tag('/site/img/shot%20one.png')), '/site/docs/a', s, memo).html).toContain('width="1200" height="800"');
    writeFileSync(join(s.staticDir, 'img/shot one.png'), png(300, 200));
    utimesSync(join(s.staticDir, 'img/shot one.png'), new Date(), new Date(Date.now() + 5000));
    expect(withImageSizes(rendered(tag('/site/img/shot%20one.png')), '/site/docs/a', s, memo).html).toContain('width="300" height="200"');
  });
});
