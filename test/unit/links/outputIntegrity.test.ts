import { describe, expect, it } from 'vitest';
import { inlineRoute } from '../../../src/links/outputIntegrity';

const page = (json: string) => `<!DOCTYPE html><html><head></head><body><div id="__sg"></div>\n<script id="__SG_DATA__" type="application/json">${json}</script>\n</body></html>\n`;

describe('inlineRoute', () => {
  it("reads the path and kind of a page's route data, escapes and all", () => {
    expect(inlineRoute(page('{"route":{"locale":"en","path":"/en/docs/\\u003cx\\u003e","title":"A \\"data\\":{\\"kind\\":\\"post\\"}","documentTitle":"A","data":{"kind":"doc","docId":"x"},"html":{}},"siteDataUrl":"/assets/s.js"}'))).toEqual({ path: '/en/docs/<x>', kind: 'doc' });
    expect(inlineRoute(page('{"route":{"locale":"zh-Hans","path":"/docs/孤页","title":"孤页","documentTitle":"孤页","data":{"kind":"notFound"}}}'))).toEqual({ path: '/docs/孤页', kind: 'notFound' });
  });

  it('is null for a page without the data a build writes', () => {
    expect(inlineRoute('<!DOCTYPE html><html><body>static</body></html>')).toBeNull();
    expect(inlineRoute(page('{"other":1}'))).toBeNull();
    expect(inlineRoute(page('{"route":{"locale":"en","path":"/x'))).toBeNull();
  });
});
