// React DOM's server renderer as sitegen and the theme load it: the string renderer alone, the same module for both.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { reactServer, REACT_SERVER_FILE, stringRendererFile } from '../../../src/render/reactServer.js';

const require = createRequire(import.meta.url);

describe('React DOM server renderer', () => {
  it('renders strings without loading the streaming renderer beside it', () => {
    const { createElement } = require('react') as typeof import('react');
    expect(reactServer().renderToString(createElement('p', { lang: 'zh-CN' }, '翻译'))).toBe('<p lang="zh-CN">翻译</p>');
    expect(reactServer().renderToStaticMarkup(createElement('b', null, 'DeepL'))).toBe('<b>DeepL</b>');
    const loaded = Object.keys(require.cache);
    expect(loaded).toContain(stringRendererFile());
    expect(loaded.some((file) => /react-dom-server\.node\./.test(file))).toBe(false);
    expect(loaded).not.toContain(REACT_SERVER_FILE);
  });

  it('picks the production or development file as react-dom/server does, from the same React DOM', () => {
    const production = stringRendererFile(true)!;
    const development = stringRendererFile(false)!;
    expect(production).toMatch(/react-dom\/cjs\/react-dom-server-legacy\.node\.production\.min\.js$/);
    expect(development).toMatch(/react-dom\/cjs\/react-dom-server-legacy\.node\.development\.js$/);
    // What `react-dom/server` exports for strings is what the file alone exports.
    const whole = require(REACT_SERVER_FILE) as Record<string, unknown>;
    const strings = require(process.env.NODE_ENV === 'production' ? production : development) as Record<string, unknown>;
    for (const name of ['renderToString', 'renderToStaticMarkup']) expect(whole[name]).toBe(strings[name]);
  });
});
