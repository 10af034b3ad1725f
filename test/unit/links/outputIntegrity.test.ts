import { describe, expect, it } from 'vitest';
import { inlineRoute, scriptImports } from '../../../src/links/outputIntegrity';

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

describe('scriptImports', () => {
  it("finds a bundle's static, side-effect and dynamic imports of relative and site paths", () => {
    const code = 'import{a as b}from"./chunk.A.js";import"./chunk.B.js";export*from \'../x/c.js\';const l=()=>import("./chunk.C.js");import( `/assets/d.js` );';
    expect(scriptImports(code)).toEqual([
      { specifier: './chunk.A.js', dynamic: false },
      { specifier: './chunk.B.js', dynamic: false },
      { specifier: '../x/c.js', dynamic: false },
      { specifier: './chunk.C.js', dynamic: true },
      { specifier: '/assets/d.js', dynamic: true },
    ]);
  });

  it('leaves packages, other hosts, computed imports and words in strings alone', () => {
    expect(scriptImports('import React from "react";import("//cdn.example/x.js");import("https://cdn.example/y.js");import(url);const s="copied from the page";')).toEqual([]);
  });

  it('leaves the names made at run time alone: a template, or a string joined to another', () => {
    expect(scriptImports('export const load=(l)=>import(`./locales/${l}.js`);const p=(n)=>import("./parts/" + n);import("./whole.js")')).toEqual([{ specifier: './whole.js', dynamic: true }]);
  });
});
