import type { Plugin } from 'esbuild';
import { join } from 'node:path';
import { closestMatch } from '../diagnostics.js';
import { sitegenPackageDir } from '../packageDir.js';

/**
 * What a theme imports of sitegen's own, by name rather than by a path into sitegen's folder, so that a
 * theme's file builds and type-checks wherever it sits (a whole theme copied into a project, a file
 * `sitegen theme eject` copied there): the types of `sitegen/theme` (`src/themeApi.ts`), the helpers the
 * theme shares with the generator (`sitegen/theme/search-context`: search contexts and the search page's
 * address; `sitegen/theme/excerpt`: the ranges a query marks; `sitegen/theme/page-href`: a page's address with or without
 * the trailing slash; `sitegen/theme/page-head`: the head elements of a page) and the search engine the browser loads
 * when a visitor first searches, `sitegen/theme/search`.
 */
export const THEME_MODULES: Record<string, string> = {
  'sitegen/theme': 'src/themeApi.ts',
  'sitegen/theme/search-context': 'src/search/context.ts',
  'sitegen/theme/excerpt': 'src/search/excerpt.ts',
  'sitegen/theme/page-href': 'src/routes/pageHref.ts',
  'sitegen/theme/page-head': 'src/render/pageHead.ts',
  'sitegen/theme/search': 'src/search/query.ts',
};

/**
 * The esbuild plugin that resolves those names to sitegen's source, for both theme bundles. A package
 * the theme imports that its own folders do not hold (React, for a theme outside any project with
 * node_modules) is looked for among sitegen's packages last.
 */
export function sitegenImports(): Plugin {
  const dir = sitegenPackageDir();
  return {
    name: 'sitegen-imports',
    setup(build) {
      build.initialOptions.nodePaths = [...(build.initialOptions.nodePaths ?? []), join(dir, 'node_modules')];
      build.onResolve({ filter: /^sitegen\// }, (args) => {
        const module = THEME_MODULES[args.path];
        if (module) return { path: join(dir, module) };
        const near = closestMatch(args.path, Object.keys(THEME_MODULES));
        return { errors: [{ text: `sitegen has no module "${args.path}" for themes; a theme imports ${Object.keys(THEME_MODULES).join(', ')}${near ? ` (did you mean ${near}?)` : ''}` }] };
      });
    },
  };
}
