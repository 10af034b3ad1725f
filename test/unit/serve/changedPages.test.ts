import { describe, expect, it } from 'vitest';
import { changedPages } from '../../../src/serve/runServe.js';
import { siteConfig } from '../routes/fixtures.js';
import type { Route } from '../../../src/types.js';

const config = siteConfig();
const routes = ['/docs/a', '/docs/b', '/en/docs/a', '/en/docs/b'].map((path) => ({ path }) as Route);
const result = (changed: string[], files: string[] = changed) => ({ config, routes, changed, files: files.map((path) => ({ path, contents: '' })) });

describe('changedPages: the pages a rebuild reloads', () => {
  it('reloads the pages written again, and only them, though the last build\'s site data and a markdown copy are gone', () => {
    // A title edit: the page, its new site data, and the files the last build had that this one has not.
    const written = ['docs/a/index.html', 'assets/site-data.zh-Hans.new1.js'];
    // Before: the removed site data (and a deleted page's .md copy) made it ['*'], every tab of both locales.
    expect(changedPages(result([...written, 'assets/site-data.zh-Hans.old1.js', 'docs/gone.md'], written))).toEqual(['/docs/a']);
  });

  it('reloads only the pages of a post\'s locale when its every-post list changed (a post\'s new title)', () => {
    const written = ['en/docs/a/index.html', 'assets/site-data.en.new1.js', 'assets/blog-posts.en.new2.js'];
    // Before: the new every-post list counted as a theme asset, and every tab of both locales reloaded.
    expect(changedPages(result([...written, 'assets/blog-posts.en.old2.js'], written))).toEqual(['/en/docs/a']);
  });

  it('reloads every page when a theme asset or a static file changed or went away', () => {
    expect(changedPages(result(['assets/client.abc.js']))).toEqual(['*']);
    expect(changedPages(result(['img/logo.svg'], []))).toEqual(['*']);
  });

  it('reloads a deleted page, into the 404 page', () => {
    expect(changedPages(result(['docs/c/index.html'], []))).toEqual(['/docs/c']);
  });
});
